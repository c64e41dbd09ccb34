import type { Config } from '../../config';
import { createGithubClient } from './github';
import { createGoogleClient } from './google';
import type { OAuthClient, OAuthProviderName } from './oauth-client';

/** A client for every provider that is configured. */
export const createOAuthClients = (
  config: Config['oauth'],
): Partial<Record<OAuthProviderName, OAuthClient>> => ({
  ...(config.google ? { google: createGoogleClient(config.google) } : {}),
  ...(config.github ? { github: createGithubClient(config.github) } : {}),
});
