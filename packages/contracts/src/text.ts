import { z } from 'zod';

/**
 * Rules for text that reaches the server. No input may carry C0 controls, DEL or lone UTF-16
 * surrogates (PostgreSQL refuses NUL and broken Unicode, and none of them is ever meant);
 * fields marked multi-line also take TAB, LF and CR.
 */

/** Metadata key that marks a schema (and everything below it) as multi-line text. */
export const MULTILINE_META_KEY = 'x-multiline';

/** Marks `schema` as text that may hold line breaks and tabs (TAB, LF, CR). */
export const multiline = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ [MULTILINE_META_KEY]: true }) as T;

/** A multi-line free text of at most `max` characters, e.g. a note or an answer. */
export const multilineText = (max: number) => multiline(z.string().max(max));

/** Metadata key that marks a schema as a secret that is only hashed or compared, never stored. */
export const OPAQUE_META_KEY = 'x-opaque';

/**
 * Marks `schema` as a secret typed to prove identity (a current password): it is hashed and
 * compared, never stored or shown, so any character passes (a password set before the text rules
 * existed must still sign in).
 */
export const opaque = <T extends z.ZodType>(schema: T): T => schema.meta({ [OPAQUE_META_KEY]: true }) as T;

/** Whether `schema` itself carries the opaque mark. */
export const isOpaque = (schema: z.core.$ZodType): boolean =>
  z.globalRegistry.get(schema)?.[OPAQUE_META_KEY] === true;

/** Whether `schema` itself carries the multi-line mark. */
export const isMultiline = (schema: z.core.$ZodType): boolean =>
  z.globalRegistry.get(schema)?.[MULTILINE_META_KEY] === true;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` is not acceptable input, or null when it is. */
export const textInputProblem = (text: string, allowsLineBreaks = false): string | null => {
  if ((allowsLineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(text)) {
    return 'control characters are not allowed';
  }
  if (LONE_SURROGATE.test(text)) return 'invalid Unicode text (lone surrogate)';
  return null;
};
