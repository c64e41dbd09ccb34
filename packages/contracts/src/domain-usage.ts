/**
 * Per-domain usage (issue #21 item 4): the target domains a customer's proxies carried traffic to,
 * by bytes and requests, from the CONNECT/SOCKS5 target or the host of forwarded requests (no
 * payload is inspected), per UTC hour, kept `DOMAIN_USAGE_RETENTION_DAYS`. A customer can switch
 * collection off.
 */
import { z } from 'zod';

/** Ranges the console offers, counted back from now. */
export const DOMAIN_USAGE_RANGES = ['24h', '7d', '30d'] as const;
export type DomainUsageRange = (typeof DOMAIN_USAGE_RANGES)[number];

export const DOMAIN_USAGE_RANGE_HOURS: Record<DomainUsageRange, number> = {
  '24h': 24,
  '7d': 168,
  '30d': 720,
};

/** How many days domain usage is kept when the operator sets nothing. */
export const DOMAIN_USAGE_RETENTION_DEFAULT_DAYS = 30;

/** The most domains one answer lists. */
export const DOMAIN_USAGE_MAX_LIMIT = 100;

/** Where the gateway counts what went past its cap of distinct domains per proxy. */
export const DOMAIN_USAGE_OTHER = '(other)';

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/** `GET /proxy/domain_usage` and `GET /proxy/token/domain_usage/{token_id}`: query. */
export const domainUsageQuerySchema = z
  .object({
    /** Counted back from now; ignored when `from` and `to` are given. */
    range: z.enum(DOMAIN_USAGE_RANGES).default('7d'),
    from: instant.optional(),
    to: instant.optional(),
    sort: z.enum(['bytes', 'requests']).default('bytes'),
    limit: z.coerce.number().int().min(1).max(DOMAIN_USAGE_MAX_LIMIT).default(10),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'from and to go together',
    path: ['from'],
  })
  .refine(
    (query) =>
      query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to),
    {
      message: 'from must be before to',
      path: ['from'],
    },
  );
export type DomainUsageQuery = z.input<typeof domainUsageQuerySchema>;

/** One domain's figures over the period. */
export const domainUsageEntrySchema = z.object({
  domain: z.string(),
  bytes: z.number().int(),
  requests: z.number().int(),
});
export type DomainUsageEntry = z.infer<typeof domainUsageEntrySchema>;

/** The top domains of the period, with the totals over every domain. */
export const domainUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  sort: z.enum(['bytes', 'requests']),
  /** Whether collection is on for this customer now. */
  enabled: z.boolean(),
  total_bytes: z.number().int(),
  total_requests: z.number().int(),
  /** How many distinct domains the period has (the list shows the top `limit`). */
  domain_count: z.number().int(),
  domains: z.array(domainUsageEntrySchema),
});
export type DomainUsage = z.infer<typeof domainUsageSchema>;

/** `GET /user/domain_usage`: the switch and how long figures are kept. */
export const domainUsageSettingSchema = z.object({
  enabled: z.boolean(),
  retention_days: z.number().int(),
});
export type DomainUsageSetting = z.infer<typeof domainUsageSettingSchema>;

/** `PUT /user/domain_usage`: body. */
export const domainUsageSettingBodySchema = z.object({
  enabled: z.boolean(),
  /** With `enabled: false`: also delete the figures kept so far. */
  delete_existing: z.boolean().optional(),
});
export type DomainUsageSettingBody = z.input<typeof domainUsageSettingBodySchema>;
