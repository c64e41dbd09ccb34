import { type AppError, ERRORS, TECHNICAL } from '@ptc/contracts';

/** The user-facing side effects of a failed call, injected so the client runs anywhere. */
export interface RequestErrorEffects {
  /** Shows a transient message. */
  toast(text: string, durationMs: number): void;
  /** Code 610: the dialog titled Warning offering Register or Log in. */
  showTouristDialog(): void;
  /** A message containing 'token error': clears the session and goes to login. */
  logoutToLogin(): void;
  /** Text of a locale key, or `undefined` when no locale has it. */
  translate(key: string): string | undefined;
}

/** Code answered to tourists (SPEC §6). */
export const TOURIST_CODE = ERRORS.TOURIST_USER.code;

/** True for calls whose failures stay silent: the surveys (SPEC §8). */
export const isSilentPath = (path: string): boolean => path.includes('questionnaire');

/** True when the server says the token is no longer valid. */
export const isTokenError = (error: AppError): boolean => error.message.toLowerCase().includes('token error');

/** Toast text of a failure: the code table, else the server `msg`, else 'Error' (SPEC §8). */
export const resolveErrorText = (error: AppError, translate: RequestErrorEffects['translate']): string => {
  const fromTable = error.key ? translate(ERRORS[error.key].messageKey) : undefined;
  return fromTable || error.message || 'Error';
};

/**
 * The one place that turns a failed call into what the user sees (SPEC §8): the tourist
 * dialog for 610, otherwise a 5 s toast, and back to login after a token error.
 */
export const reportRequestError = (error: AppError, effects: RequestErrorEffects): void => {
  if (error.code === TOURIST_CODE) {
    effects.showTouristDialog();
    return;
  }
  effects.toast(resolveErrorText(error, effects.translate), TECHNICAL.TOAST_DURATION_MS);
  if (isTokenError(error)) effects.logoutToLogin();
};
