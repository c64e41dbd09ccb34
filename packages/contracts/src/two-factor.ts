import { z } from 'zod';
import { ACCOUNT_RULES, codeSchema, sessionResponseSchema } from './accounts';
import { opaque } from './text';

/** Two-factor sign-in of customers (issue #21): limits and shapes shared by server and console. */
export const TWO_FACTOR_RULES = {
  /** Recovery codes made at enrolment, each usable once. */
  RECOVERY_CODES: 10,
  /** How long the second step of a sign-in may wait for its code. */
  CHALLENGE_TTL_MS: 5 * 60_000,
  /** Wrong codes one challenge takes before it is spent (then sign in again). */
  CHALLENGE_MAX_ATTEMPTS: 5,
  /** How long a device that passed the second step signs in with the password alone. */
  TRUSTED_DEVICE_TTL_MS: 30 * 24 * 3_600_000,
  /** Remembered devices kept per customer; the oldest is forgotten beyond it. */
  MAX_TRUSTED_DEVICES: 20,
} as const;

/** The http-only cookie that remembers a device after a second step (path `/api/user`). */
export const TRUSTED_DEVICE_COOKIE = 'ptc_device';

/** A recovery code as shown (`abcd-ef01-2345-6789`); dashes, spaces and letter case do not matter. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9a-fA-F -]+$/, 'a recovery code');

/** What the password step answers instead of a token when a second factor is needed. */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.object({
    /** Single-use challenge for `POST /user/login/2fa`. */
    challenge: z.string(),
    /** The ways to pass it: an authenticator code, a recovery code, or a registered passkey. */
    methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
    /** Seconds the challenge stays valid. */
    expires_in: z.number().int(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Answer of the password sign-ins: a session, or the second step to take. */
export const passwordSignInResponseSchema = z.union([sessionResponseSchema, twoFactorChallengeSchema]);
export type PasswordSignInResponse = z.infer<typeof passwordSignInResponseSchema>;

/** `POST /user/login/2fa`: the second step, with an authenticator code or a recovery code. */
export const twoFactorLoginRequestSchema = z
  .object({
    challenge: z
      .string()
      .min(16)
      .max(128)
      .regex(/^[\w-]+$/, 'the challenge of the first step'),
    code: codeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    /** A passkey's answer to the options of `POST /user/login/2fa/passkey`. */
    get passkey() {
      return passkeyAuthenticationSchema.optional();
    },
    /** Remember this browser: no second step here for 30 days (default true). */
    remember_device: z.boolean().optional(),
  })
  .refine(
    (body) =>
      [body.code, body.recovery_code, body.passkey].filter((value) => value !== undefined).length === 1,
    { message: 'one of code, recovery_code or passkey', path: ['code'] },
  );

/** A remembered device, as the user center lists it. */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  /** What the browser said it was. */
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The device of this request. */
  current: z.boolean(),
});

/** `GET /user/2fa`: whether 2FA is on, recovery codes left and the remembered devices. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  devices: z.array(trustedDeviceSchema),
  get passkeys() {
    return z.array(passkeySchema);
  },
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /user/2fa/totp/setup`: a new secret to scan (shown once; confirmed by a code). */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
});

/** `POST /user/2fa/totp/enable`: the first code confirms the secret. */
export const totpEnableRequestSchema = z.object({ code: codeSchema });

/** Answer of enabling: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** `POST /user/2fa/disable`: a current code, a recovery code or the password proves it is the owner. */
export const twoFactorDisableRequestSchema = z
  .object({
    code: codeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    password: opaque(z.string().min(1).max(ACCOUNT_RULES.PASSWORD_MAX_LENGTH)).optional(),
  })
  .refine(
    (body) =>
      [body.code, body.recovery_code, body.password].filter((value) => value !== undefined).length === 1,
    { message: 'one of code, recovery_code or password', path: ['code'] },
  );

/** `POST /api/admin/customers/{uid}/two_factor/reset`: answer. */
export const adminTwoFactorResetSchema = z.object({
  /** 2FA was on before the reset. */
  was_enabled: z.boolean(),
  devices_forgotten: z.number().int(),
});

// ---- Passkeys (WebAuthn) as a second factor ------------------------------------------------

/** Base64url text of at most `max` characters (WebAuthn's binary fields in JSON). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** Passkeys a customer may register. */
export const MAX_PASSKEYS = 10;

/** A passkey as the user center lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** WebAuthn options for the browser (`navigator.credentials.create/get` as JSON). */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** `POST /user/2fa/passkeys`: the authenticator's answer to the registration options, and a name. */
export const passkeyRegistrationRequestSchema = z.object({
  name: z.string().trim().min(1).max(64),
  response: z.object({
    id: base64url(1024),
    rawId: base64url(1024),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(8192),
      attestationObject: base64url(32_768),
      transports: z
        .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
        .max(8)
        .optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}),
  }),
});

/** A passkey's answer to a sign-in's options (`POST /user/login/2fa`, field `passkey`). */
export const passkeyAuthenticationSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}),
});

/** `POST /user/login/2fa/passkey`: options for a passkey answer to this challenge. */
export const passkeySignInOptionsRequestSchema = z.object({
  challenge: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[\w-]+$/, 'the challenge of the first step'),
});
