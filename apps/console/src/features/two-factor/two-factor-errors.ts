import { AppError, ERRORS } from '@ptc/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What to say when a two-factor call fails. Its calls are silent: the code table's 2004 text
 * ("please log in again") would be wrong for a mistyped code, so 2004 says what went wrong (a wrong
 * code, or a sign-in step that expired); any other code shows its code-table text, else the
 * server's message.
 */
export const twoFactorErrorText = (error: unknown, t: Translate): string => {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : 'Error';
  if (error.key === 'ERR_TOKEN_ERROR') {
    return t(/expired/i.test(error.message) ? 'twoFactor.error.expired' : 'twoFactor.error.wrongCode');
  }
  return error.key ? t(ERRORS[error.key].messageKey) : error.message || 'Error';
};

/**
 * What to say when a passkey step fails: the browser's refusal (cancelled, no authenticator,
 * wrong site) in its own words, else as {@link twoFactorErrorText}.
 */
export const passkeyErrorText = (error: unknown, t: Translate): string =>
  error instanceof AppError
    ? twoFactorErrorText(error, t)
    : t('twoFactor.passkeys.failed', { reason: error instanceof Error ? error.message : String(error) });
