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
} as const satisfies Record<string, AbuseLimit>;

/** Which abuse limit a request counts against. */
export type AbuseLimitName = keyof typeof ABUSE_LIMITS;
