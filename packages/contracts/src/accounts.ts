/**
 * Request and response shapes of the account calls (SPEC §7 "User"), shared by the server
 * (validation, OpenAPI) and the console (forms, client). Paths are below the API base `/api`.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { LIMITS } from './pricing';
import { opaque } from './text';

/** Account rules that are not prices (SPEC §5, §9). */
export const ACCOUNT_RULES = {
  /** Digits of the image captcha. */
  CAPTCHA_LENGTH: 4,
  /** An image captcha answers once, within this time. */
  CAPTCHA_TTL_MS: 5 * 60_000,
  /** Digits of an emailed or texted verification code. */
  CODE_LENGTH: 6,
  /** A verification code is valid this long. */
  CODE_TTL_MS: 10 * 60_000,
  /** Wrong tries before a verification code is spent. */
  CODE_MAX_ATTEMPTS: 5,
  /** One code per address per this interval (answer 101 otherwise). */
  CODE_RESEND_INTERVAL_MS: 60_000,
  /** Codes per address per day (answer 901 beyond). */
  CODE_DAILY_CAP_PER_ADDRESS: 10,
  /** Codes per client IP per day (answer 901 beyond). */
  CODE_DAILY_CAP_PER_IP: 30,
  /** Sessions last this long, or a day without "remember me". */
  SESSION_TTL_MS: 30 * 24 * 3_600_000,
  SESSION_SHORT_TTL_MS: 24 * 3_600_000,
  PASSWORD_MAX_LENGTH: 128,
  USERNAME_MIN_LENGTH: 3,
  USERNAME_MAX_LENGTH: 32,
} as const;

/** Where a customer registers from; mainland China is not served (SPEC §2). */
export const REGIONS = ['overseas', 'china'] as const;
export type Region = (typeof REGIONS)[number];

/** Sign-in providers besides email, phone and account. */
export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Name of the cookie and header that tie an image captcha to its client. */
export const CAPTCHA_ID_HEADER = 'captcha-id';

/** What a verification code is for. */
export const CODE_PURPOSES = ['register', 'login', 'bind', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** A form field that may arrive as a real boolean or as form text. */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** Email address, trimmed; compared case-insensitively by the server. */
export const emailSchema = z.string().trim().max(254).pipe(z.email('a valid email address'));

/** Phone number in international (E.164) form, e.g. +14155550123. */
export const phoneSchema = z
  .string()
  .trim()
  .max(LIMITS.PHONE_RAW_MAX_LENGTH)
  .regex(/^\+\d{3,20}$/, 'an international phone number starting with +')
  .refine((value) => isValidPhoneNumber(value), 'a valid phone number');

/** New password (SPEC §5: at least 8 characters). */
export const passwordSchema = z
  .string()
  .min(LIMITS.PASSWORD_MIN_LENGTH)
  .max(ACCOUNT_RULES.PASSWORD_MAX_LENGTH);

/** ISO country of an E.164 phone number, when it can be told. */
export const parsePhoneCountry = (phone: string): string | undefined =>
  parsePhoneNumberFromString(phone)?.country;

/** Password typed to prove identity: any non-empty text (only compared with the stored hash). */
const currentPasswordSchema = opaque(z.string().min(1).max(ACCOUNT_RULES.PASSWORD_MAX_LENGTH));

/** Image captcha answer. */
export const captchaSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'the 4 digits of the image');

/** Emailed or texted verification code. */
export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'the 6-digit code');

/** Display and sign-in name. */
export const usernameSchema = z
  .string()
  .trim()
  .min(ACCOUNT_RULES.USERNAME_MIN_LENGTH)
  .max(ACCOUNT_RULES.USERNAME_MAX_LENGTH)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'letters, digits, _ . - only');

/** Referral (invite) code. */
export const referralCodeSchema = z.string().trim().min(4).max(32);

/** Marks `confirm_password` as required to equal the new password (SPEC §5 wording). */
export const CONFIRM_PASSWORD_MISMATCH = 'confirm password is inconsistent with password';

const withConfirmation = <T extends z.ZodRawShape>(shape: T, field: 'password' | 'new_password') =>
  z.object({ ...shape, confirm_password: z.string().min(1).max(ACCOUNT_RULES.PASSWORD_MAX_LENGTH) }).refine(
    (value) => {
      const fields = value as Record<string, unknown>;
      return fields[field] === fields.confirm_password;
    },
    {
      message: CONFIRM_PASSWORD_MISMATCH,
      path: ['confirm_password'],
    },
  );

// ---- Sessions ---------------------------------------------------------------------------

/** `POST /user/login` (JSON): email and password. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  captcha: captchaSchema,
  /** Keep the session for 30 days instead of one. */
  remember: formBoolean.optional(),
});

/** `POST /user/login/all` (JSON): username or email, and password. */
export const accountLoginRequestSchema = z.object({
  account: z.string().trim().min(1).max(254),
  password: currentPasswordSchema,
  captcha: captchaSchema,
  remember: formBoolean.optional(),
});

/** `POST /user/login/phone` (form). */
export const phoneLoginRequestSchema = z.object({
  phone: phoneSchema,
  code: codeSchema,
  remember: formBoolean.optional(),
});

/** Answer of every call that signs in. */
export const sessionResponseSchema = z.object({
  /** Session token; send it as `Authorization`. */
  token: z.string(),
  /** The account was created by this call. */
  is_new: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `POST /user/tourist`: answer of starting a guest account. */
export const touristResponseSchema = sessionResponseSchema.extend({
  /** Analytics identity of the guest (not a deliverable address). */
  tourist_email: z.string(),
});

// ---- Registration -----------------------------------------------------------------------

/** `POST /user/register` (query params, or a JSON body): email registration; does not sign in. */
export const registerRequestSchema = withConfirmation(
  {
    email: emailSchema,
    email_code: codeSchema,
    password: passwordSchema,
    captcha: captchaSchema,
    region: z.enum(REGIONS),
    /** Terms of service and privacy policy accepted. */
    agree: formBoolean.refine((value) => value, 'the terms and privacy policy must be accepted'),
    username: usernameSchema.optional(),
    ref: referralCodeSchema.optional(),
  },
  'password',
);

/** Answer of `POST /user/register`. */
export const registerResponseSchema = z.object({ uid: z.string() });

/** `POST /user/register/email/code` (form): send a code to an email address. */
export const emailCodeRequestSchema = z.object({
  email: emailSchema,
  /** `register` (default) or `bind`. */
  purpose: z.enum(['register', 'bind']).optional(),
});

/** `POST /user/sms/phone` (form): text a code to a phone. */
export const smsCodeRequestSchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(['login', 'register', 'bind']),
});

/** `POST /user/sms/rny` (form): text the survey's phone-binding code. */
export const surveySmsRequestSchema = z.object({ phone: phoneSchema });

/** Answer of the calls that send a code. */
export const codeSentResponseSchema = z.object({
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before another code may be sent to this address. */
  resend_in: z.number().int(),
});
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

/** `POST /user/register/phone` (form): phone registration; signs in. */
export const phoneRegisterRequestSchema = z.object({
  phone: phoneSchema,
  code: codeSchema,
  agree: formBoolean.refine((value) => value, 'the terms and privacy policy must be accepted'),
  ref: referralCodeSchema.optional(),
});

// ---- OAuth ------------------------------------------------------------------------------

/** `GET /user/oauth/providers`: which provider buttons to show. */
export const oauthProvidersResponseSchema = z.object({ google: z.boolean(), github: z.boolean() });

/** `GET /user/oauth/{provider}/url`: where to send the browser. */
export const oauthUrlResponseSchema = z.object({ url: z.string() });

/** `POST /user/register/google` (form) and `GET /user/register/github` (query): finish OAuth. */
export const oauthCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2_048),
  state: z.string().min(1).max(256),
  /** The issuer the provider named on the redirect (RFC 9207), when it names one. */
  iss: z.string().max(512).optional(),
  ref: referralCodeSchema.optional(),
});

// ---- Passwords --------------------------------------------------------------------------

/** `POST /user/reset_pw/email/code` (form): email a reset code and link. */
export const resetCodeRequestSchema = z.object({ email: emailSchema });

/** `PUT /user/reset_pw_with_code`. */
export const resetWithCodeRequestSchema = withConfirmation(
  { email: emailSchema, code: codeSchema, password: passwordSchema },
  'password',
);

/** `PUT /user/reset_pw` (credential in the body) and `PUT /user/reset_pw/{credential}`. */
export const resetWithCredentialRequestSchema = withConfirmation(
  { credential: z.string().min(16).max(128).optional(), password: passwordSchema },
  'password',
);

/** `GET /user/reset_pw/{credential}`: whether a reset link is still good. */
export const resetCredentialInfoSchema = z.object({
  /** The account's email, partly masked. */
  email: z.string(),
  expires_at: z.string(),
});

/** `PUT /user/pw` (JSON): change the password (or set one when `has_pwd` is false). */
export const changePasswordRequestSchema = withConfirmation(
  { old_password: currentPasswordSchema.optional(), new_password: passwordSchema },
  'new_password',
);

/** `PUT /user/name` (JSON). */
export const changeUsernameRequestSchema = z.object({ username: usernameSchema });

// ---- Contacts, referral, account ---------------------------------------------------------

/** `POST /user/bind_phone`. */
export const bindPhoneRequestSchema = z.object({ phone: phoneSchema, code: codeSchema });

/** `POST /user/band/email/{uid}` (form). */
export const bindEmailRequestSchema = z.object({ email: emailSchema, code: codeSchema });

/** `POST /user/ref/bind` (form). */
export const bindReferralRequestSchema = z.object({ ref: referralCodeSchema });

/** `DELETE /user/delete`: the password when the account has one. */
export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema.optional() });

/** Answer of calls that only confirm. */
export const doneResponseSchema = z.object({ done: z.literal(true) });
