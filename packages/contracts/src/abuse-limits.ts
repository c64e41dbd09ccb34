/** One per-client allowance: `points` requests within a window of `windowSeconds`. */
export interface AbuseLimit {
  readonly points: number;
  readonly windowSeconds: number;
}

/**
 * Per-client abuse limits of the account calls (issue #13). Beyond them the server answers
 * 101 (FREQUENTLY) with HTTP 429 and a `Retry-After` header. Per-account limits are not here:
 * the sign-in lockout (`LIMITS.LOGIN_*`) and the code sending limits (`ACCOUNT_RULES.CODE_*`)
 * already hold per account and per recipient.
 */
export const ABUSE_LIMITS = {
  /** Captcha images per client address. */
  CAPTCHA_PER_IP: { points: 30, windowSeconds: 60 },
  /** Sign-in attempts per client address across accounts; a successful one is given back. */
  SIGN_IN_FAILURES_PER_IP: { points: 20, windowSeconds: 10 * 60 },
  /** Registrations (email, phone, guest) per client address, whatever their outcome. */
  REGISTRATIONS_PER_IP: { points: 10, windowSeconds: 60 * 60 },
  /** Verification codes (email, SMS, password reset) requested per client address. */
  CODES_PER_IP: { points: 10, windowSeconds: 60 * 60 },
  /** Password-reset tries (with a code or a link, or looking a link up); a successful one is given back. */
  RESET_FAILURES_PER_IP: { points: 20, windowSeconds: 10 * 60 },
  /** OAuth sign-ins started (each stores a pending request until it is finished or lapses). */
  OAUTH_STARTS_PER_IP: { points: 30, windowSeconds: 10 * 60 },
  /** Share-code lookups (`/authentication/{auth}`) naming no customer; a found code is given back. */
  SHARE_CODE_FAILURES_PER_IP: { points: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, AbuseLimit>;

/** Which abuse limit a request counts against. */
export type AbuseLimitName = keyof typeof ABUSE_LIMITS;

/** Every abuse limit, as configured (`ABUSE_LIMITS` in the environment overrides the defaults). */
export type AbuseLimitTable = Record<AbuseLimitName, AbuseLimit>;

/**
 * Reads overrides such as `CAPTCHA_PER_IP=60/60, SIGN_IN_FAILURES_PER_IP=50/600` (points per
 * window in seconds) over the defaults; answers the table, or the first problem found.
 */
export const parseAbuseLimits = (text: string): { limits: AbuseLimitTable } | { problem: string } => {
  const limits: AbuseLimitTable = { ...ABUSE_LIMITS };
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Z_]+)=(\d{1,6})\/(\d{1,7})$/.exec(entry);
    if (!match) return { problem: `"${entry}" is not NAME=points/seconds` };
    const [, name = '', points, seconds] = match;
    if (!(name in ABUSE_LIMITS)) {
      return { problem: `${name} is not a limit (${Object.keys(ABUSE_LIMITS).join(', ')})` };
    }
    if (Number(points) < 1 || Number(seconds) < 1)
      return { problem: `${name}: points and seconds must be at least 1` };
    limits[name as AbuseLimitName] = { points: Number(points), windowSeconds: Number(seconds) };
  }
  return { limits };
};
