import { readFileSync } from 'node:fs';
import {
  type ConnectionTool,
  type FingerprintBrowser,
  HELP_LANGUAGES,
  type HelpContentFile,
  helpContentFileSchema,
  type MobileApp,
  type Prose,
  TOOL_PLATFORMS,
} from '@ptc/contracts';
import type { z } from 'zod';
import { DEFAULT_HELP_CONTENT } from './help-defaults';

/** What the connection-help routes answer: the defaults with the operator's lists in their place. */
export interface HelpContent {
  tools: ConnectionTool[];
  mobileApps: MobileApp[];
  fingerprintBrowsers: FingerprintBrowser[];
}

type ParsedFile = z.output<typeof helpContentFileSchema>;
type ProseInput = { 'en-US': string } & Partial<Record<(typeof HELP_LANGUAGES)[number], string>>;

/** A text in every language, `en-US` standing in for a missing one. */
const fullProse = (text: ProseInput): Prose =>
  Object.fromEntries(HELP_LANGUAGES.map((language) => [language, text[language] ?? text['en-US']])) as Prose;

const orNull = <T, R>(value: T | undefined, map: (value: T) => R): R | null =>
  value === undefined ? null : map(value);

/** The answers' shape of a validated file (lists it does not give come from the defaults). */
const present = (file: ParsedFile): HelpContent => {
  const defaults = helpContentFileSchema.parse(DEFAULT_HELP_CONTENT);
  const tools = file.tools ?? defaults.tools ?? [];
  const mobileApps = file.mobile_apps ?? defaults.mobile_apps ?? [];
  const partners = file.fingerprint_browsers ?? defaults.fingerprint_browsers ?? [];
  return {
    tools: tools
      .map((tool) => ({ ...tool, notes: orNull(tool.notes, fullProse) }))
      // Platform order, the file's order within one platform.
      .sort((a, b) => TOOL_PLATFORMS.indexOf(a.platform) - TOOL_PLATFORMS.indexOf(b.platform)),
    mobileApps: mobileApps.map((app) => ({
      ...app,
      released_at: app.released_at ?? null,
      availability: orNull(app.availability, fullProse),
    })),
    fingerprintBrowsers: partners.map((partner) => ({
      ...partner,
      logo_url: partner.logo_url ?? null,
      description: fullProse(partner.description),
      promo_code: partner.promo_code ?? null,
      promo: orNull(partner.promo, fullProse),
    })),
  };
};

/** Validates file content (already parsed JSON); the problems name the field of each. */
export const parseHelpContent = (json: unknown): { content: HelpContent } | { problems: string[] } => {
  const result = helpContentFileSchema.safeParse(json);
  if (!result.success) {
    return {
      problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    };
  }
  const ids = (result.data.fingerprint_browsers ?? []).map((partner) => partner.id);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) return { problems: [`fingerprint_browsers: repeated id ${repeated[0]}`] };
  return { content: present(result.data) };
};

/**
 * The content of the operator's `HELP_CONTENT_FILE` (JSON, see {@link HelpContentFile}), or the
 * defaults when no file is named. Read once at start; a missing, unreadable or invalid file is a
 * problem of the configuration (the server does not start).
 */
export const readHelpContent = (
  path: string | undefined,
): { content: HelpContent } | { problems: string[] } => {
  if (path === undefined) return { content: present({}) };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problems: [`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`${path} is not JSON: ${(error as Error).message}`] };
  }
  const parsed = parseHelpContent(json);
  return 'problems' in parsed
    ? { problems: parsed.problems.map((problem) => `${path}: ${problem}`) }
    : parsed;
};
