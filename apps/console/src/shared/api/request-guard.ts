/**
 * The client-side request guard of SPEC §5: a signed-in user with neither email nor phone
 * bound may not write, except through the auth and binding calls below.
 */

/** Paths a user without a bound contact may still write to (prefixes end with `/` or `*`). */
const EXEMPT_PATHS: readonly RegExp[] = [
  /^\/user\/login/, // /user/login*
  /^\/user\/logout$/, // logging out must always reach the server
  /^\/user\/register/, // /user/register*
  /^\/user\/sms\//, // /user/sms/*
  /^\/user\/bind_phone$/,
  /^\/user\/band\/email\//, // /user/band/email/*
  /^\/user\/reset_pw/, // /user/reset_pw*
  /^\/user\/info$/,
  /^\/user\/ref\/bind$/,
];

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when `path` (below the API base, without query) is one of the exempt auth and binding calls. */
export const isGuardExemptPath = (path: string): boolean =>
  EXEMPT_PATHS.some((pattern) => pattern.test(path));

/** What the guard needs to know about a request. */
export interface WriteGuardInput {
  method: string;
  path: string;
  hasToken: boolean;
  /** The cached user info; `null` when none is cached yet. */
  user: { email?: string | null; phone?: string | null } | null;
}

/** True when the request must be refused before sending with the client-side 403. */
export const isWriteBlocked = ({ method, path, hasToken, user }: WriteGuardInput): boolean =>
  WRITE_METHODS.has(method.toUpperCase()) &&
  hasToken &&
  user !== null &&
  !user.email &&
  !user.phone &&
  !isGuardExemptPath(path);
