/**
 * Shapes of the public API (issue #17) that the console API has no twin for. Everything else the
 * public API takes and answers is the console's own schema from `@ptc/contracts`, so a field means
 * the same on both.
 */
import {
  byteAmountSchema,
  IDEMPOTENCY_HEADER,
  multiline,
  PROXY_FAMILIES,
  proxyIdSchema,
  proxyListQuerySchema,
  proxySelectionSchema,
  ptcAmountSchema,
  usagePointSchema,
} from '@ptc/contracts';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX } from '../api-keys/idempotency';
import { REMARK_MAX_LENGTH } from '../proxies/list/actions.service';

/** The four proxy families, as the public API names them. */
export const familySchema = z.enum(PROXY_FAMILIES);

/** `{id}` of the proxy paths. */
export const proxyIdParams = z.object({ id: proxyIdSchema });

/**
 * The header that makes a spending call safe to retry (documented on every such call). Loose: the
 * validated headers replace the request's, which keep every other header.
 */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe(
      'Any unique text (a UUID): a retry with the same key answers the first result and charges nothing more',
    ),
});

/** `GET /account`: the key owner's account. */
export const accountSchema = z.object({
  uid: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Spendable PTC: the balance less what gateways hold for traffic under way. */
  balance: ptcAmountSchema,
  balance_held: ptcAmountSchema,
  plan: z.string(),
  discount_percent: z.number(),
});

/** `GET /balance`. */
export const balanceSchema = z.object({
  balance: ptcAmountSchema,
  balance_held: ptcAmountSchema,
  /** Bought traffic left in packages. */
  traffic_left: byteAmountSchema,
});

/** `GET /proxies`: the console's list filters, for one family. */
export const publicProxyListQuerySchema = proxyListQuerySchema.extend({ family: familySchema });

/** Line formats of the text download: what scraper tools read directly. */
export const LINE_FORMATS = ['host:port:user:pass', 'user:pass@host:port', 'url'] as const;
export type LineFormat = (typeof LINE_FORMATS)[number];

/** Most lines one download answers. */
export const DOWNLOAD_MAX_LINES = 10_000;

const usernameParam = (pattern: RegExp, what: string) => z.string().trim().regex(pattern, what).optional();

/** `GET /proxies/download`: the list's filters, a line format and the username parameters the gateway reads. */
export const proxyDownloadQuerySchema = proxyListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({
    family: familySchema,
    format: z.enum(LINE_FORMATS).default('host:port:user:pass'),
    /** Proxies listed, in the list's order. */
    limit: z.coerce.number().int().min(1).max(5_000).default(1_000),
    /** `-country-xx` in each username: exits in this country (within the proxy's purchased area). */
    exit_country: usernameParam(/^[A-Za-z]{2}$/, 'a two-letter country code'),
    /** `-state-…` and `-city-…` in each username (keys as the area lists answer them). */
    exit_state: usernameParam(/^[A-Za-z0-9]{1,64}$/, 'letters and digits'),
    exit_city: usernameParam(/^[A-Za-z0-9]{1,64}$/, 'letters and digits'),
    /** `none`: no session parameter; `random`: a sticky session of its own on every line. */
    session: z.enum(['none', 'random']).default('none'),
    /** `-life-N`: minutes a sticky session keeps its exit (1–1440). */
    session_life: z.coerce.number().int().min(1).max(1_440).optional(),
    /** Lines per proxy (each with its own session when `session=random`). */
    lines_per_proxy: z.coerce.number().int().min(1).max(1_000).default(1),
  })
  .refine((query) => query.limit * query.lines_per_proxy <= DOWNLOAD_MAX_LINES, {
    message: `at most ${DOWNLOAD_MAX_LINES} lines (limit × lines_per_proxy)`,
    path: ['lines_per_proxy'],
  });
export type ProxyDownloadQuery = z.output<typeof proxyDownloadQuerySchema>;

/** `PUT /proxies/{id}/switch`. */
export const switchBodySchema = z.object({ switch: z.enum(['on', 'off']) });

/** `POST /proxies/switch`: several proxies at once. */
export const batchSwitchBodySchema = proxySelectionSchema.extend({ switch: z.enum(['on', 'off']) });

/** `PUT /proxies/{id}/rotation`. */
export const rotationBodySchema = z.object({ rotation: z.boolean() });

/** `PUT /proxies/{id}/auto-renew`. */
export const autoRenewBodySchema = z.object({ auto_renew: z.boolean() });

/** `PUT /proxies/{id}/remark`: an empty remark clears it. */
export const remarkBodySchema = z.object({ remark: multiline(z.string().max(REMARK_MAX_LENGTH)) });

/** Days of usage asked for. */
export const usageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

/** `GET /proxies/{id}/usage`: bytes a proxy carried per day (UTC, or the `tz` header's zone). */
export const proxyUsageSchema = z.object({
  id: z.string(),
  days: z.array(usagePointSchema),
  total: z.string(),
});
