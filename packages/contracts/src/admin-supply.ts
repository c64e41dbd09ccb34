import { z } from 'zod';
import { EXIT_TYPES } from './proxies';
import { multiline } from './text';

/**
 * Supply as operators run it (issue #15, `/api/admin/…`): exits (direct or upstream HTTP/SOCKS5
 * providers with credential templates), their health checks, the static inventory and the demo
 * supply switch. Upstream passwords are written, never read back (`has_password`).
 */

export const EXIT_KINDS = ['direct', 'http', 'socks5'] as const;
export const EXIT_STATES = ['in_service', 'disabled', 'unhealthy'] as const;

/** An exit as operators see it. */
export const adminExitSchema = z.object({
  id: z.string(),
  kind: z.enum(EXIT_KINDS),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  account: z.string().nullable(),
  username_template: z.string().nullable(),
  has_password: z.boolean(),
  type: z.enum(EXIT_TYPES),
  line: z.number().int(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  label: z.string().nullable(),
  ip: z.string().nullable(),
  is_static: z.boolean(),
  is_demo: z.boolean(),
  /** In service unless an operator disabled it (or retired the address). */
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  /** Chosen by gateways: false after repeated dial failures or two failed checks in a row. */
  healthy: z.boolean(),
  failure_count: z.number().int(),
  last_failure_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  last_check_ok: z.boolean().nullable(),
  last_latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  checks_24h: z.number().int(),
  /** Share of the last 24 hours' checks that passed (0–1); null without checks. */
  success_rate_24h: z.number().nullable(),
  /** The static proxy leasing this address, if any. */
  leased_by: z.string().nullable(),
  created_at: z.string(),
});
export type AdminExit = z.infer<typeof adminExitSchema>;

export const adminExitPageSchema = z.object({
  records: z.array(adminExitSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminExitPage = z.infer<typeof adminExitPageSchema>;

/** One health check through an exit. */
export const adminExitCheckSchema = z.object({
  checked_at: z.string(),
  ok: z.boolean(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type AdminExitCheck = z.infer<typeof adminExitCheckSchema>;

/** `POST /admin/exits/:id/check`: the check and the exit after it. */
export const adminExitCheckResultSchema = z.object({
  check: adminExitCheckSchema.omit({ checked_at: true }),
  exit: adminExitSchema,
});
export type AdminExitCheckResult = z.infer<typeof adminExitCheckResultSchema>;

/** `GET /admin/supply`: the overview. */
export const adminSupplySchema = z.object({
  exits: z.object({
    total: z.number().int(),
    in_service: z.number().int(),
    disabled: z.number().int(),
    unhealthy: z.number().int(),
    upstream: z.number().int(),
    static: z.number().int(),
  }),
  demo: z.object({ exits: z.number().int(), enabled: z.boolean() }),
  /** The static inventory in service, per place and type. */
  inventory: z.array(
    z.object({
      country: z.string(),
      state: z.string().nullable(),
      city: z.string().nullable(),
      label: z.string().nullable(),
      type: z.enum(EXIT_TYPES),
      total: z.number().int(),
      leased: z.number().int(),
      free: z.number().int(),
      unhealthy: z.number().int(),
    }),
  ),
});
export type AdminSupply = z.infer<typeof adminSupplySchema>;

const placeText = (max: number) => z.string().trim().max(max);

/** A place as operators write it: ISO country code, the catalogue's state code, a city name. */
export const adminPlaceSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code'),
  state: placeText(16).optional().nullable(),
  city: placeText(80).optional().nullable(),
});

const template = z.string().max(500);
// A schema rather than a plain object of fields: the console's build marks top-level calls pure,
// so importing a constant of this file (EXIT_KINDS) leaves zod out of the bundle.
const upstreamSchema = z.object({
  host: z.string().trim().max(253).optional().nullable(),
  port: z.number().int().min(1).max(65_535).optional().nullable(),
  account: z.string().trim().max(200).optional().nullable(),
  /** `{user}`, `{cc}`, `{state}`, `{city}`, `{sid}`, `{life}` are filled per connection. */
  username_template: template.optional().nullable(),
  password_template: template.optional().nullable(),
});
const ipText = z.string().trim().max(45);

/** `POST /admin/exits`: one exit per area served and line. */
export const adminNewExitsSchema = z.object({
  kind: z.enum(EXIT_KINDS),
  ...upstreamSchema.shape,
  type: z.enum(EXIT_TYPES),
  lines: z.array(z.number().int().min(1).max(4)).min(1).max(4).default([1]),
  areas: z.array(adminPlaceSchema).min(1).max(300),
  label: z.string().trim().max(200).optional().nullable(),
  ip: ipText.optional().nullable(),
});
export type AdminNewExits = z.input<typeof adminNewExitsSchema>;

/** `PATCH /admin/exits/:id`: what changes (absent fields are kept). */
export const adminExitChangesSchema = z.object({
  kind: z.enum(EXIT_KINDS).optional(),
  ...upstreamSchema.shape,
  type: z.enum(EXIT_TYPES).optional(),
  line: z.number().int().min(1).max(4).optional(),
  area: adminPlaceSchema.optional(),
  label: z.string().trim().max(200).optional().nullable(),
  ip: ipText.optional().nullable(),
});
export type AdminExitChanges = z.input<typeof adminExitChangesSchema>;

/** What became of a lease when its address was retired. */
export const adminLeaseOutcomeSchema = z.object({
  proxy: z.string(),
  outcome: z.enum(['moved', 'refunded', 'invalidated']),
  ip: z.string().nullable(),
  refunded: z.string(),
});
export type AdminLeaseOutcome = z.infer<typeof adminLeaseOutcomeSchema>;

/** `POST /admin/inventory/import`: a CSV file's text (README "Supply" for its columns). */
export const adminInventoryImportSchema = z.object({
  csv: multiline(
    z
      .string()
      .min(1)
      .max(8 * 1024 * 1024),
  ),
  dry_run: z.boolean().default(false),
});
export type AdminInventoryImport = z.input<typeof adminInventoryImportSchema>;

export const adminInventoryImportResultSchema = z.object({
  imported: z.number().int(),
  valid: z.number().int(),
  places: z.number().int(),
});
export type AdminInventoryImportResult = z.infer<typeof adminInventoryImportResultSchema>;
