import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { readBody, startLocalHttpServer } from './local-http-server';

/** An account the test issuer can sign in, with the claims of scopes `email` and `profile`. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** What the issuer sent back to the client's redirect URI. */
export interface AuthorizationResponse {
  /** The full redirect location. */
  url: URL;
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

/** A real OpenID Connect provider on 127.0.0.1 with one confidential client. */
export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>` (discovery at `/.well-known/openid-configuration`). */
  issuer: string;
  /** Method and path of every request the issuer received, in order. */
  requests: string[];
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser: follows `authorizationUrl` (manual redirects, cookies kept), signs in
   * as `login` at the login prompt, confirms the consent prompt, and stops at the redirect
   * to the client's redirect URI, which is never requested.
   */
  authorize(authorizationUrl: string, options?: { login?: string }): Promise<AuthorizationResponse>;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** The client's registered redirect URI. */
  redirectUri: string;
  /** Accounts that can sign in; the first is the default login. */
  accounts?: TestOidcAccount[];
  /**
   * Put `email`/`name` claims in the ID token, as Google does (default true). When false
   * they are served only at the userinfo endpoint, as the OIDC spec prefers for the code flow.
   */
  claimsInIdToken?: boolean;
}

const DEFAULT_ACCOUNTS: TestOidcAccount[] = [
  { sub: '1001', email: 'alice@example.test', email_verified: true, name: 'Alice Example' },
];

/** Starts oidc-provider v9 on a random port with custom (non-HTML) interaction routes. */
export const startOidcProvider = async (options: TestOidcProviderOptions): Promise<TestOidcProvider> => {
  const accounts = new Map((options.accounts ?? DEFAULT_ACCOUNTS).map((account) => [account.sub, account]));
  const defaultLogin = [...accounts.keys()][0] ?? '';
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = await startLocalHttpServer((request, response) => handle(request, response));
  const issuer = server.origin;

  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'test-rs256',
    alg: 'RS256',
    use: 'sig',
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    findAccount: async (_context: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // The package's own in-memory store, one per issuer; passed explicitly to skip its warning.
    adapter: createMemoryAdapter(),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    jwks: { keys: [signingKey] },
    // Errors as JSON, so a failing test shows why.
    renderError: async (context: { type: string; body: unknown }, out: unknown) => {
      context.type = 'json';
      context.body = out;
    },
  });
  const providerCallback = provider.callback();

  const interaction = async (request: IncomingMessage, response: ServerResponse, action?: string) => {
    const details = await provider.interactionDetails(request, response);
    if (action === undefined) {
      // The "page" of the prompt: what a person would see, as JSON.
      return sendJson(response, 200, {
        uid: details.uid,
        prompt: details.prompt.name,
        client_id: details.params.client_id,
        scope: details.params.scope,
      });
    }
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'method not allowed' });
    const form = new URLSearchParams(await readBody(request));
    if (action === 'login') {
      if (details.prompt.name !== 'login')
        return sendJson(response, 409, { error: 'not at the login prompt' });
      const login = form.get('login') ?? '';
      if (!accounts.has(login)) return sendJson(response, 401, { error: 'unknown account' });
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name !== 'consent')
      return sendJson(response, 409, { error: 'not at the consent prompt' });
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session?.accountId ?? '',
          clientId: details.params.client_id,
        });
    if (!grant) return sendJson(response, 409, { error: 'grant not found' });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  };

  const requests: string[] = [];
  handle = (request, response) => {
    requests.push(`${request.method} ${request.url?.split('?')[0]}`);
    const match = /^\/interaction\/([\w-]+)(?:\/(login|consent))?$/.exec(request.url?.split('?')[0] ?? '');
    if (!match) return providerCallback(request, response);
    interaction(request, response, match[2]).catch((error: unknown) => {
      sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
    });
  };

  return {
    issuer,
    requests,
    clientId,
    clientSecret,
    authorize: (authorizationUrl, authorizeOptions = {}) =>
      followAuthorization(issuer, authorizationUrl, authorizeOptions.login ?? defaultLogin),
    close: () => server.close(),
  };
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  if (response.headersSent) return;
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

const followAuthorization = async (
  issuer: string,
  authorizationUrl: string,
  login: string,
): Promise<AuthorizationResponse> => {
  const start = new URL(authorizationUrl);
  const redirectUri = new URL(start.searchParams.get('redirect_uri') ?? '');
  const jar = new CookieJar();
  let next = start;
  for (let step = 0; step < 20; step += 1) {
    if (next.origin === redirectUri.origin && next.pathname === redirectUri.pathname) {
      const parameter = (name: string) => next.searchParams.get(name);
      return {
        url: next,
        code: parameter('code'),
        state: parameter('state'),
        iss: parameter('iss'),
        error: parameter('error'),
      };
    }
    // Only the issuer is ever contacted.
    if (next.origin !== issuer) throw new Error(`the authorization left the issuer for ${next.origin}`);
    let response = await jar.fetch(next);
    if (response.status === 200 && /^\/interaction\/[\w-]+$/.test(next.pathname)) {
      const page = (await response.json()) as { prompt: string };
      const action = page.prompt === 'login' ? 'login' : page.prompt === 'consent' ? 'consent' : null;
      if (!action) throw new Error(`unexpected prompt ${page.prompt}`);
      response = await jar.fetch(new URL(`${next.pathname}/${action}`, next), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(action === 'login' ? { login } : {}),
      });
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      const text = await response.text();
      throw new Error(`unexpected HTTP ${response.status} at ${next.pathname}: ${text.slice(0, 500)}`);
    }
    await response.body?.cancel();
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
};

/** A browser's cookies for one site (paths and expiry dates are not needed here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  async fetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) this.store(header);
    return response;
  }

  private store(header: string) {
    const [pair = '', ...attributes] = header.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    const isExpired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      return (
        (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
        (key.toLowerCase() === 'expires' && Date.parse(setting) < Date.now())
      );
    });
    if (isExpired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
