import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLocalHttpServer } from './local-http-server';

/** A GitHub account of the fake. */
export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/** What GitHub sent back to the client's redirect URI. */
export interface FakeGithubRedirect {
  url: URL;
  code: string | null;
  state: string | null;
  error: string | null;
}

/** GitHub's OAuth endpoints and the two user API calls, on 127.0.0.1. */
export interface FakeGithub {
  /** Base of `/login/oauth/*` (config `oauthUrl`). */
  oauthUrl: string;
  /** Base of `/user` and `/user/emails` (config `apiUrl`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Method and path of every request received, in order. */
  requests: string[];
  /**
   * Plays the browser: opens `authorizationUrl` as the signed-in `login` (GitHub asks no
   * questions of an app the user already authorised) and returns the redirect it answers.
   */
  authorize(authorizationUrl: string, options?: { login?: string }): Promise<FakeGithubRedirect>;
  close(): Promise<void>;
}

interface PendingCode {
  user: FakeGithubUser;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

const DEFAULT_USERS: FakeGithubUser[] = [
  {
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    emails: [
      { email: 'octocat@users.noreply.example.test', primary: false, verified: true },
      { email: 'octocat@example.test', primary: true, verified: true },
    ],
  },
];

/** Starts the fake. `users[0]` signs in unless `authorize` names another login. */
export const startFakeGithub = async (
  options: { redirectUri?: string; users?: FakeGithubUser[] } = {},
): Promise<FakeGithub> => {
  const users = options.users ?? DEFAULT_USERS;
  const clientId = `Iv1.${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(20).toString('hex');
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FakeGithubUser>();
  const requests: string[] = [];
  // The login the next authorisation signs in as (the browser's GitHub session).
  let sessionLogin = users[0]?.login ?? '';

  const authorize = (url: URL, response: ServerResponse) => {
    const parameter = (name: string) => url.searchParams.get(name) ?? '';
    const redirectUri = parameter('redirect_uri');
    if (parameter('client_id') !== clientId) return sendJson(response, 404, { message: 'Not Found' });
    if (options.redirectUri !== undefined && redirectUri !== options.redirectUri) {
      return sendJson(response, 400, { error: 'redirect_uri_mismatch' });
    }
    if (parameter('code_challenge_method') !== 'S256' || !/^[\w-]{43}$/.test(parameter('code_challenge'))) {
      return sendJson(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
    }
    const user = users.find((candidate) => candidate.login === sessionLogin);
    if (!user) return sendJson(response, 401, { error: 'not signed in' });
    const code = randomBytes(10).toString('hex');
    codes.set(code, { user, clientId, redirectUri, codeChallenge: parameter('code_challenge') });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', parameter('state'));
    response.statusCode = 302;
    response.setHeader('location', target.href);
    response.end();
  };

  // Like GitHub: refusals are HTTP 200 with an `error` field.
  const accessToken = async (request: IncomingMessage, response: ServerResponse) => {
    if (!(request.headers.accept ?? '').includes('application/json')) {
      return sendText(response, 200, 'error=unsupported_accept');
    }
    const form = new URLSearchParams(await readBody(request));
    const parameter = (name: string) => form.get(name) ?? '';
    if (parameter('client_id') !== clientId || parameter('client_secret') !== clientSecret) {
      return sendJson(response, 200, { error: 'incorrect_client_credentials' });
    }
    const pending = codes.get(parameter('code'));
    codes.delete(parameter('code')); // A code is tried once, right or wrong.
    const verifierChallenge = createHash('sha256').update(parameter('code_verifier')).digest('base64url');
    if (
      !pending ||
      pending.clientId !== clientId ||
      (form.has('redirect_uri') && parameter('redirect_uri') !== pending.redirectUri) ||
      verifierChallenge !== pending.codeChallenge
    ) {
      return sendJson(response, 200, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      });
    }
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.set(token, pending.user);
    return sendJson(response, 200, {
      access_token: token,
      token_type: 'bearer',
      scope: 'read:user,user:email',
    });
  };

  const api = (request: IncomingMessage, response: ServerResponse, path: string) => {
    const user = tokens.get(/^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
    if (!user) return sendJson(response, 401, { message: 'Requires authentication' });
    if (path === '/user') {
      const primary = user.emails.find((entry) => entry.primary);
      return sendJson(response, 200, {
        login: user.login,
        id: user.id,
        name: user.name,
        email: primary?.email ?? null,
      });
    }
    return sendJson(
      response,
      200,
      user.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
    );
  };

  const server = await startLocalHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(`${request.method} ${url.pathname}`);
    const route = `${request.method} ${url.pathname}`;
    const answer =
      route === 'GET /login/oauth/authorize'
        ? authorize(url, response)
        : route === 'POST /login/oauth/access_token'
          ? accessToken(request, response)
          : route === 'GET /user' || route === 'GET /user/emails'
            ? api(request, response, url.pathname)
            : sendJson(response, 404, { message: 'Not Found' });
    Promise.resolve(answer).catch((error: unknown) => sendJson(response, 500, { message: String(error) }));
  });

  return {
    oauthUrl: server.origin,
    apiUrl: server.origin,
    clientId,
    clientSecret,
    requests,
    authorize: async (authorizationUrl, authorizeOptions = {}) => {
      const url = new URL(authorizationUrl);
      if (url.origin !== server.origin) throw new Error(`not the fake's URL: ${url.origin}`);
      sessionLogin = authorizeOptions.login ?? users[0]?.login ?? '';
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`unexpected HTTP ${response.status}: ${await response.text()}`);
      }
      await response.body?.cancel();
      const target = new URL(location);
      return {
        url: target,
        code: target.searchParams.get('code'),
        state: target.searchParams.get('state'),
        error: target.searchParams.get('error'),
      };
    },
    close: () => server.close(),
  };
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  if (response.headersSent) return;
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
};

const sendText = (response: ServerResponse, status: number, body: string) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/x-www-form-urlencoded');
  response.end(body);
};
