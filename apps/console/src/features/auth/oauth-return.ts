import { OAUTH_PROVIDERS, type OAuthProvider } from '@ptc/contracts';

/** Query parameters the OAuth provider sends the browser back with (`/login?oauth=…&code=…&state=…`). */
export const OAUTH_RETURN_PARAMS = ['oauth', 'code', 'state', 'error', 'error_description'] as const;

/** What the login page reads from an OAuth return. */
export type OAuthReturn =
  | { provider: OAuthProvider; code: string; state: string; error?: undefined }
  | { provider: OAuthProvider | undefined; error: string; code?: undefined; state?: undefined };

const isProvider = (value: string | null): value is OAuthProvider =>
  OAUTH_PROVIDERS.includes(value as OAuthProvider);

/**
 * Reads an OAuth return from the query string: a provider with `code` and `state`, or the
 * provider's refusal (`error`). Answers `null` when the page was not opened by a provider.
 */
export const readOAuthReturn = (search: string): OAuthReturn | null => {
  const params = new URLSearchParams(search);
  const oauth = params.get('oauth');
  if (oauth === null) return null;
  const provider = isProvider(oauth) ? oauth : undefined;
  const error = params.get('error');
  if (error) return { provider, error };
  const code = params.get('code');
  const state = params.get('state');
  if (!provider) return { provider, error: 'unknown_provider' };
  if (!code || !state) return { provider, error: 'missing_code' };
  return { provider, code, state };
};

/** The query string without the OAuth return parameters (`''` or `?…`), so a reload cannot reuse the code. */
export const stripOAuthParams = (search: string): string => {
  const params = new URLSearchParams(search);
  for (const name of OAUTH_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};
