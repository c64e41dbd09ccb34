/**
 * Connection help (SPEC §1, §2 /connection-assistance/connection-tool, /mobile-app,
 * /fingerprint-browser, §7 `GET /proxy/tools`, `GET`/`PUT /proxy/proxy/host`; issue #20): the
 * connection tool's downloads, the mobile apps, the fingerprint-browser partners and the customer's
 * preferred gateway host. The content is operator data (the server's defaults, replaced by the
 * operator's `HELP_CONTENT_FILE`), not texts of the console. Paths are below the API base `/api`.
 *
 * Errors (SPEC §8): no session 2004; a host the operator does not list, or a malformed body,
 * 1002 (ERR_ARGUMENT_TYPE, HTTP 400, `data.field` = `host`); no host 1001.
 */
import { z } from 'zod';
import { isFullHttpUrl } from './extension';

// ---------------------------------------------------------------------------------------------
// Limits and constants

/** The languages of the content's prose (SPEC §1). */
export const HELP_LANGUAGES = ['en-US', 'zh-CN', 'ru-RU'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/** Platforms of the connection tool's downloads, in the order pages show them. */
export const TOOL_PLATFORMS = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type ToolPlatform = (typeof TOOL_PLATFORMS)[number];

/** Platforms of the mobile app (SPEC §9: iOS from non-China stores only, and Android). */
export const MOBILE_PLATFORMS = ['ios', 'android'] as const;
export type MobilePlatform = (typeof MOBILE_PLATFORMS)[number];

/** How a mobile app is obtained: a store page or a direct APK download. */
export const MOBILE_LINK_KINDS = ['store', 'apk'] as const;

/** Longest gateway host name (DNS limit). */
export const GATEWAY_HOST_MAX = 253;
/** Longest link of the content. */
export const HELP_URL_MAX = 2048;
/** Longest name, version or promo code of the content. */
export const HELP_NAME_MAX = 100;
/** Longest prose text of the content (per language). */
export const HELP_TEXT_MAX = 2000;
/** Most entries of one list of the content. */
export const HELP_LIST_MAX = 50;

/**
 * A gateway host as customers type it in their tools: a DNS name, an IPv4 address or a bracketed
 * IPv6 address, without port or scheme.
 */
export const isGatewayHost = (text: string): boolean =>
  text.length >= 1 &&
  text.length <= GATEWAY_HOST_MAX &&
  (/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
    text,
  ) ||
    /^\[[0-9A-Fa-f:.]{2,45}\]$/.test(text));

// ---------------------------------------------------------------------------------------------
// The operator's file (`HELP_CONTENT_FILE`): every list optional, each replaces its default.

const name = z.string().trim().min(1).max(HELP_NAME_MAX);
const link = z
  .string()
  .trim()
  .max(HELP_URL_MAX)
  .refine(isFullHttpUrl, { message: 'must be a full http(s) URL' });
/** A text in some languages; `en-US` is required and stands in for a missing language. */
const proseInput = z.object({
  'en-US': z.string().trim().min(1).max(HELP_TEXT_MAX),
  'zh-CN': z.string().trim().min(1).max(HELP_TEXT_MAX).optional(),
  'ru-RU': z.string().trim().min(1).max(HELP_TEXT_MAX).optional(),
});
const releaseDate = z.iso.date({ message: 'must be a date, YYYY-MM-DD' });

const toolInput = z.object({
  platform: z.enum(TOOL_PLATFORMS),
  name,
  version: name,
  /** The download's size in bytes. */
  size: z.number().int().min(0).max(1e12),
  url: link,
  released_at: releaseDate,
  notes: proseInput.optional(),
});

const mobileAppInput = z.object({
  platform: z.enum(MOBILE_PLATFORMS),
  name,
  version: name,
  kind: z.enum(MOBILE_LINK_KINDS),
  url: link,
  released_at: releaseDate.optional(),
  /** Where it is offered, e.g. "App Store outside mainland China". */
  availability: proseInput.optional(),
});

const partnerInput = z.object({
  /** A stable id (letters, digits, `-`), used in test ids and as the React key. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1-40 lower-case letters, digits or -'),
  name,
  /** An http(s) address of the logo image; without it the console shows the name's initial. */
  logo_url: link.optional(),
  description: proseInput,
  promo_code: name.optional(),
  /** What the promo code gives, e.g. "20% off the first month". */
  promo: proseInput.optional(),
  url: link,
});

/** The operator's `HELP_CONTENT_FILE` (JSON): each list given replaces the server's default. */
export const helpContentFileSchema = z
  .object({
    tools: z.array(toolInput).max(HELP_LIST_MAX).optional(),
    mobile_apps: z.array(mobileAppInput).max(HELP_LIST_MAX).optional(),
    fingerprint_browsers: z.array(partnerInput).max(HELP_LIST_MAX).optional(),
  })
  .strict();
export type HelpContentFile = z.input<typeof helpContentFileSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A text in every language of the console (the server fills missing ones from `en-US`). */
export const proseSchema = z.object({
  'en-US': z.string(),
  'zh-CN': z.string(),
  'ru-RU': z.string(),
});
export type Prose = z.infer<typeof proseSchema>;

/** One download of the connection tool. */
export const connectionToolSchema = z.object({
  platform: z.enum(TOOL_PLATFORMS),
  name: z.string(),
  version: z.string(),
  size: z.number().int(),
  url: z.string(),
  released_at: z.string(),
  notes: proseSchema.nullable(),
});
export type ConnectionTool = z.infer<typeof connectionToolSchema>;

/** `GET /proxy/tools`: the connection tool's downloads, in platform order. */
export const connectionToolListSchema = z.object({ list: z.array(connectionToolSchema) });
export type ConnectionToolList = z.infer<typeof connectionToolListSchema>;

/** One mobile app link. */
export const mobileAppSchema = z.object({
  platform: z.enum(MOBILE_PLATFORMS),
  name: z.string(),
  version: z.string(),
  kind: z.enum(MOBILE_LINK_KINDS),
  url: z.string(),
  released_at: z.string().nullable(),
  availability: proseSchema.nullable(),
});
export type MobileApp = z.infer<typeof mobileAppSchema>;

/** `GET /proxy/mobile_apps`. */
export const mobileAppListSchema = z.object({ list: z.array(mobileAppSchema) });
export type MobileAppList = z.infer<typeof mobileAppListSchema>;

/** One fingerprint-browser partner. */
export const fingerprintBrowserSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  description: proseSchema,
  promo_code: z.string().nullable(),
  promo: proseSchema.nullable(),
  url: z.string(),
});
export type FingerprintBrowser = z.infer<typeof fingerprintBrowserSchema>;

/** `GET /proxy/fingerprint_browsers`. */
export const fingerprintBrowserListSchema = z.object({ list: z.array(fingerprintBrowserSchema) });
export type FingerprintBrowserList = z.infer<typeof fingerprintBrowserListSchema>;

/** `GET`/`PUT /proxy/proxy/host`: the hosts the operator lists and the customer's choice. */
export const gatewayHostAnswerSchema = z.object({
  /** The host this customer's connection details use: their choice, else the default. */
  host: z.string(),
  /** The operator's default (the first listed). */
  default_host: z.string(),
  /** Whether `host` is the customer's own choice (false: the default). */
  chosen: z.boolean(),
  /** Every host the operator lists, the default first. */
  hosts: z.array(z.string()),
  /** The gateway's port (the same on every host). */
  port: z.number().int(),
});
export type GatewayHostAnswer = z.infer<typeof gatewayHostAnswerSchema>;

/** `PUT /proxy/proxy/host` (JSON or form): one of the listed hosts. */
export const gatewayHostRequestSchema = z.object({
  host: z.string().trim().min(1, 'Please choose a host').max(GATEWAY_HOST_MAX),
});
export type GatewayHostRequest = z.infer<typeof gatewayHostRequestSchema>;

/**
 * `GET /proxy/menu_links` (signed in; issue #20): the operator's external menu links
 * (`HELP_CENTER_URL`, `SISTER_AI_URL`). Null when not configured, and always for tourists (SPEC §2:
 * hidden from tourists); the console shows an entry only for a link it gets.
 */
export const menuLinksSchema = z.object({
  help_center_url: z.string().nullable(),
  sister_ai_url: z.string().nullable(),
});
export type MenuLinks = z.infer<typeof menuLinksSchema>;
