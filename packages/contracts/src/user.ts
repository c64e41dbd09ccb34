import { z } from 'zod';

/** A PTC amount on the wire: an exact decimal string with up to six decimals ("12.5"). */
export const ptcAmountSchema = z.string().regex(/^-?\d+(\.\d{1,6})?$/, 'a decimal PTC amount');

/** `GET /user/info` (SPEC §3 User info). */
export const userInfoSchema = z.object({
  /** Public, opaque user id. */
  uid: z.string(),
  /** Display name; the console guard treats an empty name as "info not loaded". */
  user_name: z.string(),
  /** Alias of `user_name` kept for clients that read `username`. */
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /**
   * What the customer can spend, in PTC: the balance less what is held for traffic under way
   * (`balance_held`). Purchases can spend this much and no more.
   */
  balance: ptcAmountSchema,
  /** PTC of the balance held for traffic under way: gateways' credit and usage not settled yet. */
  balance_held: ptcAmountSchema,
  /** The user's own referral code. */
  invite_code: z.string(),
  /** Link that carries the referral code. */
  invitation_link: z.string(),
  /** Referral code of whoever invited this user, if bound. */
  ref: z.string().nullable(),
  /** Signed in for the first time and not yet through the new-user guide. */
  is_new_user: z.boolean(),
  /** The survey is open to this user. */
  question_switch: z.boolean(),
  /** The survey dialog should pop up. */
  show_questionnaire_windows: z.boolean(),
  /** The user should be asked to bind a phone. */
  to_band_phone: z.boolean(),
  /** An unclaimed reward is waiting. */
  has_gift: z.boolean(),
  /** A password is set (OAuth and phone sign-ups may have none). */
  has_pwd: z.boolean(),
  /** The invitation programme is unlocked (total top-up ≥ 100 PTC). */
  inv_switch: z.boolean(),
  /** Tourist (guest) account. */
  is_tourist: z.boolean(),
  /** Plan: personal or enterprise. */
  plan: z.enum(['personal', 'enterprise']),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Names of browser-storage entries (SPEC §3 Browser storage). */
export const STORAGE_KEYS = {
  token: 'token',
  anonymous: 'anonymous',
  ref: 'ref',
  anniv: 'anniv',
  userInfo: 'user-info',
  bulletinList: 'bulletin-list',
  locale: 'arco-locale',
  touristEmail: 'tourist-email',
  device: 'device',
  theme: 'theme',
} as const;

/** Interface languages. */
export const LOCALES = ['zh-CN', 'en-US', 'ru-RU'] as const;
export type Locale = (typeof LOCALES)[number];
/** Language used when neither storage nor the browser names a supported one. */
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Request headers of SPEC §7. */
export const REQUEST_HEADERS = {
  lang: 'lang',
  tz: 'tz',
  authorization: 'authorization',
  ref: 'ref',
  anniv: 'anniv',
} as const;
