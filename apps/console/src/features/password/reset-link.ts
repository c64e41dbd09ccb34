import { ERRORS, isAppError } from '@ptc/contracts';

/** Answers that mean the link itself is no good: unknown, expired, used, or not a reset link at all. */
const DEAD_LINK_CODES: ReadonlySet<number> = new Set([
  ERRORS.RestPasswordError.code,
  ERRORS.ERR_ARGUMENT_MISSING.code,
  ERRORS.ERR_ARGUMENT_TYPE.code,
]);

/**
 * True for the answer of a link that is invalid, expired or already used, or malformed (cut off
 * or mistyped when copied from the email): asking again cannot help, a new link can.
 */
export const isDeadLink = (error: unknown): boolean => isAppError(error) && DEAD_LINK_CODES.has(error.code);
