/**
 * API keys (SPEC §3, §7, issue #17): V2 keys a customer creates by name (at most
 * {@link API_KEY_MAX}), and the single legacy V1 key. A key's secret is shown once, when it is
 * made, and stored only as a hash; lists show a hint of it.
 */
import { z } from 'zod';

/** Most V2 keys an account holds (SPEC §9; the 11th is refused with 601). */
export const API_KEY_MAX = 10;

/** Longest key name. */
export const API_KEY_NAME_MAX = 64;

/** Most entries in a key's client allow-list. */
export const API_KEY_ALLOW_LIST_MAX = 50;

/** What a key may do: everything its owner may (`full`), or only read (`read`). */
export const API_KEY_SCOPES = ['full', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Unknown or revoked keys one client address may send per minute; beyond, every key request from
 * it is refused (101) until the minute ends, sparing the database lookups of a scan.
 */
export const API_KEY_FAILURES_PER_MINUTE = 60;

/** Header that carries a key on the public API (`Authorization: Bearer <key>` is accepted too). */
export const API_KEY_HEADER = 'x-api-key';

/** Header that makes a spending call of the public API safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Secret prefixes, so a leaked key is recognisable (and scanners can find it). */
export const API_KEY_PREFIX = { v1: 'ptc_v1_', v2: 'ptc_v2_' } as const;

/** An IPv4/IPv6 address or CIDR block. */
export const clientAddressSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((text) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(text).success, {
    message: 'an IP address or CIDR block',
  });

/** `POST /api/key`: body. The name is required ("Please enter API-Key name"). */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Please enter API-Key name').max(API_KEY_NAME_MAX),
  scope: z.enum(API_KEY_SCOPES).default('full'),
  /** Client addresses or CIDR blocks the key is accepted from; any address when empty. */
  allow_list: z.array(clientAddressSchema).max(API_KEY_ALLOW_LIST_MAX).default([]),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

/** One V2 key as lists show it (never its secret). */
export const apiKeySchema = z.object({
  key_id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  allow_list: z.array(z.string()),
  /** The secret's first characters and last four, e.g. "ptc_v2_AbCd…wxyz". */
  hint: z.string(),
  create_time: z.string(),
  last_used_time: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/key`: the new key with its secret (`password`, SPEC §3), shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ password: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/key/list`. */
export const apiKeyListSchema = z.object({
  list: z.array(apiKeySchema),
  total: z.number().int(),
  limit: z.number().int(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `GET /api/key/v1`: the legacy key, or null when the account has none. */
export const apiKeyV1Schema = z.object({
  key: z
    .object({
      hint: z.string(),
      create_time: z.string(),
      last_used_time: z.string().nullable(),
      last_used_ip: z.string().nullable(),
    })
    .nullable(),
});
export type ApiKeyV1 = z.infer<typeof apiKeyV1Schema>;

/** `POST /api/key/v1`: a new legacy key (replacing the old one); its `id` is shown this once. */
export const createdApiKeyV1Schema = z.object({ id: z.string(), create_time: z.string() });
export type CreatedApiKeyV1 = z.infer<typeof createdApiKeyV1Schema>;
