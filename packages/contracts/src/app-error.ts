import { ERRORS, type ErrorKey, findErrorByCode } from './errors';

/**
 * A failure with a code from the catalogue. Thrown by services, turned into an envelope by
 * the server, and rebuilt from an envelope by the console, so both sides speak one language.
 */
export class AppError extends Error {
  /** Stable name of the code, or `undefined` for a code outside the catalogue. */
  readonly key: ErrorKey | undefined;
  /** Numeric code as carried in the envelope. */
  readonly code: number;
  /** HTTP status class of the failure. */
  readonly httpStatus: number;
  /** Extra machine-readable detail (for example the offending field). */
  readonly data: unknown;

  constructor(key: ErrorKey, options: { message?: string; data?: unknown; cause?: unknown } = {}) {
    const def = ERRORS[key];
    super(options.message ?? def.message, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.code = def.code;
    this.httpStatus = def.httpStatus;
    this.data = options.data ?? null;
  }

  /** Rebuilds an error from an envelope's `code` and `msg`, keeping unknown codes as they came. */
  static fromEnvelope(code: number, msg: string | undefined, data: unknown = null): AppError {
    const def = findErrorByCode(code);
    if (def) return new AppError(def.key, { message: msg || def.message, data });
    const error = new AppError('UnKnownError', { message: msg || 'Error', data });
    Object.assign(error, { code, key: undefined });
    return error;
  }
}

/** True when `value` is an {@link AppError} (also across bundles, by shape). */
export const isAppError = (value: unknown): value is AppError =>
  value instanceof AppError || (value instanceof Error && value.name === 'AppError' && 'code' in value);
