import { z } from 'zod';
import { ENTERPRISE_DISCOUNT } from './pricing';

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
  /**
   * A new customer: true until they finish or dismiss the new-user guide (`POST /user/guide/done`)
   * or their first top-up is credited, whichever comes first (issue #20).
   */
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
  /**
   * Demo conveniences are live on this server (sandbox payments, dev outbox): the console shows a
   * "Demo" marker. Absent from servers that predate it.
   */
  demo: z.boolean().optional(),
  /** Plan: personal or enterprise, set on the account by an operator. */
  plan: z.enum(['personal', 'enterprise']),
  /** The account's custom discount off every proxy price, in percent (0 on the personal plan). */
  discount_percent: z.number(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `POST /user/guide/done`: the customer finished or dismissed the new-user guide (issue #20). */
export const newUserGuideDoneSchema = z.object({
  /** False from now on. */
  is_new_user: z.boolean(),
  /** When the customer stopped being new (this call, or an earlier top-up or guide). */
  new_user_ended_at: z.string().nullable(),
});
export type NewUserGuideDone = z.infer<typeof newUserGuideDoneSchema>;

/**
 * Operator call `PUT /admin/users/{uid}/plan`: the account's plan and its custom discount, given
 * either in whole percent (0–90) or in basis points (0–9000), not both. A personal account has
 * no discount; setting the personal plan clears it.
 */
export const setPlanRequestSchema = z
  .object({
    plan: z.enum(['personal', 'enterprise']),
    /** Discount in whole percent, 0 to 90. */
    discount_percent: z
      .number()
      .int()
      .min(0)
      .max(ENTERPRISE_DISCOUNT.MAX_BASIS_POINTS / 100)
      .optional(),
    /** Discount in basis points (1/100 of a percent), 0 to 9000. */
    discount_basis_points: z.number().int().min(0).max(ENTERPRISE_DISCOUNT.MAX_BASIS_POINTS).optional(),
  })
  .strict()
  .refine((body) => body.discount_percent === undefined || body.discount_basis_points === undefined, {
    message: 'give the discount in percent or in basis points, not both',
    path: ['discount_percent'],
  })
  .refine((body) => body.plan === 'enterprise' || !(body.discount_percent || body.discount_basis_points), {
    message: 'only the enterprise plan has a discount',
    path: ['discount_percent'],
  });
export type SetPlanRequest = z.infer<typeof setPlanRequestSchema>;

/** What `PUT /admin/users/{uid}/plan` answers: the account's plan and discount now. */
export const accountPlanSchema = z.object({
  uid: z.string(),
  plan: z.enum(['personal', 'enterprise']),
  discount_percent: z.number(),
  discount_basis_points: z.number().int(),
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;

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
  /** The customers (uids) this browser has shown the new-user guide to (issue #20). */
  newUserGuideSeen: 'new-user-guide-seen',
} as const;

/** Interface languages. */
export const LOCALES = ['zh-CN', 'en-US', 'ru-RU'] as const;
export type Locale = (typeof LOCALES)[number];
/** Language used when neither storage nor the browser names a supported one. */
export const DEFAULT_LOCALE: Locale = 'en-US';

/**
 * The cookie in which the console mirrors the language chosen in it, so that the server sends the
 * prerendered sign-in page in that language (`apps/server/src/plugins/console-static.ts`).
 */
export const LOCALE_COOKIE = 'ptc_locale';

/** True when `value` is one of the interface languages. */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Maps a browser language tag (`ru`, `zh-Hans-CN`, `en-GB`) to the closest interface language. */
export const matchLocale = (tag: string): Locale | undefined => {
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split('-')[0]?.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0]?.toLowerCase() === language);
};

/**
 * Picks the interface language (SPEC §1): the stored choice, else the first browser language we
 * support, else English. The console decides with it, and the server with the same rule when it
 * chooses a prerendered page.
 */
export const detectLocale = (stored: string | null, browserLanguages: readonly string[]): Locale => {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
};

/** Request headers of SPEC §7. */
export const REQUEST_HEADERS = {
  lang: 'lang',
  tz: 'tz',
  authorization: 'authorization',
  ref: 'ref',
  anniv: 'anniv',
} as const;
