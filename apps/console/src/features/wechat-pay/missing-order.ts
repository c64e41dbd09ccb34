import { ERRORS, isAppError } from '@ptc/contracts';

/** Answers that mean there is no such order for this account (the server answers another's alike). */
const MISSING_ORDER_CODES: ReadonlySet<number> = new Set([
  ERRORS.ERR_NOT_FOUND.code,
  ERRORS.ERR_ARGUMENT_MISSING.code,
  ERRORS.ERR_ARGUMENT_TYPE.code,
]);

/**
 * True when a poll failed because the order does not exist (a mistyped or foreign link): the page
 * then says "order not found" and leads back to top-up, instead of a system error with "Refresh".
 */
export const isMissingOrder = (error: unknown): boolean =>
  isAppError(error) && MISSING_ORDER_CODES.has(error.code);
