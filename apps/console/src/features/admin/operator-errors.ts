import { ERRORS, isAppError } from '@ptc/contracts';
import { resolveErrorText } from '../../shared/api/request-errors';
import { translateIfExists } from '../../shared/i18n/i18n';

/** Operator texts for the codes whose customer texts say something else (403: "bind a phone…"). */
const OPERATOR_ERROR_TEXTS: Readonly<Record<string, string>> = {
  [ERRORS.ERR_FORBIDDEN.messageKey]: 'admin.errors.forbidden',
  [ERRORS.ERR_TOKEN_ERROR.messageKey]: 'admin.errors.sessionEnded',
  [ERRORS.ERR_NO_USER.messageKey]: 'admin.errors.noCustomer',
  [ERRORS.ERR_BALANCE_NOT_ENOUGH.messageKey]: 'admin.errors.balanceBelowZero',
  [ERRORS.ERR_HAVE_USER.messageKey]: 'admin.errors.operatorExists',
};

/** The code table's text of `key`, in operator terms where they differ. */
export const translateOperatorError = (key: string): string | undefined =>
  translateIfExists(OPERATOR_ERROR_TEXTS[key] ?? key);

/** The text of a failed operator call. */
export const operatorErrorText = (error: unknown, t: (key: string) => string): string =>
  isAppError(error) ? resolveErrorText(error, translateOperatorError) : t('admin.login.failed');

/**
 * The text of a failed sign-in step: 2003 (wrong email or password) and 2004 (wrong or expired
 * code) in operator terms, anything else as the code table says.
 */
export const signInErrorText = (error: unknown, t: (key: string) => string): string => {
  if (isAppError(error) && error.key === 'ERR_PWD_ERROR') return t('admin.login.wrongCredentials');
  if (isAppError(error) && error.key === 'ERR_TOKEN_ERROR') return t('admin.login.wrongCode');
  return operatorErrorText(error, t);
};
