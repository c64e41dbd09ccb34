/**
 * IP allow-list authentication (issue #21 item 3): a customer lists source addresses (a host or a
 * CIDR network) from which clients use one of its proxies without a password (HTTP without
 * Proxy-Authorization, SOCKS5 "no authentication"). No two customers' ranges overlap.
 */
import { z } from 'zod';
import { proxyIdSchema } from './proxies';

/** Limits when the operator sets none (`IP_ALLOWLIST_MAX_PER_ACCOUNT`). */
export const IP_ALLOWLIST_DEFAULTS = {
  /** Entries per account. */
  MAX_PER_ACCOUNT: 20,
  /** The longest note. */
  NOTE_MAX: 100,
  /** Proxies offered to choose from. */
  CHOICES_MAX: 500,
  /** The longest range text accepted (an IPv6 address with a prefix fits in 49). */
  RANGE_MAX: 64,
} as const;

/** The widest networks that may be listed: /24 in IPv4 (256 addresses), /48 in IPv6. */
export const IP_ALLOWLIST_MIN_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/** One entry of a customer's allow-list. */
export const ipAllowListEntrySchema = z.object({
  id: z.string(),
  /** The normalised network, e.g. `203.0.113.0/24`, `198.51.100.7/32`, `2001:db8::/48`. */
  network: z.string(),
  /** The proxy clients from it are carried as. */
  proxy: z.object({
    id: z.string(),
    username: z.string(),
    protocol: z.enum(['http', 'socks5']),
    /** The proxy's lifecycle status (SPEC §4) and switch (5 on, 6 off). */
    status: z.number().int(),
    switch: z.number().int(),
    deleted: z.boolean(),
  }),
  note: z.string().nullable(),
  /**
   * Targeting by gateway port: a client of this range connecting without credentials to `port`
   * gets `params` (username parameters, e.g. `country-us-session-a1`); `host_port` is the address
   * to give it. Any other port: the proxy's own targeting.
   */
  port_rules: z.array(z.object({ port: z.number().int(), params: z.string(), host_port: z.string() })),
  created_at: z.string(),
});
export type IpAllowListEntry = z.infer<typeof ipAllowListEntrySchema>;

/** `GET /proxy/allowlist`: the entries, the bound, and the caller's own address as a suggestion. */
export const ipAllowListSchema = z.object({
  items: z.array(ipAllowListEntrySchema),
  /** Entries the account may have. */
  max: z.number().int(),
  /** The address this request came from (null when it cannot be listed, e.g. a private one). */
  current_ip: z.string().nullable(),
  min_prefix: z.object({ ipv4: z.number().int(), ipv6: z.number().int() }),
  /** The gateway ports port rules may use (GATEWAY_TARGET_PORTS; empty: targeting by port is off). */
  target_ports: z.array(z.number().int()),
  /** The proxies a range may be listed for: the customer's live ones, newest first (at most 500). */
  choices: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      protocol: z.enum(['http', 'socks5']),
      family: z.enum(['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip']),
      remark: z.string().nullable(),
    }),
  ),
});
export type IpAllowList = z.infer<typeof ipAllowListSchema>;

/** `POST /proxy/allowlist`: body. */
export const addIpAllowListEntrySchema = z.object({
  /** An IPv4/IPv6 address or a CIDR network (host bits are cleared). */
  network: z.string().trim().min(1).max(IP_ALLOWLIST_DEFAULTS.RANGE_MAX),
  /** The proxy (its id in the list) clients from the range use. */
  token_id: proxyIdSchema,
  note: z.string().max(IP_ALLOWLIST_DEFAULTS.NOTE_MAX).optional(),
});
export type AddIpAllowListEntry = z.input<typeof addIpAllowListEntrySchema>;

/** At most this many port rules per entry. */
export const IP_ALLOWLIST_MAX_PORT_RULES = 50;

/** `PUT …/allowlist/{id}/ports`: an entry's whole set of port rules (empty: none). */
export const ipAllowListPortRulesSchema = z.object({
  rules: z
    .array(
      z.object({
        port: z.number().int().min(1).max(65_535),
        params: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/^[A-Za-z0-9-]+$/, 'username parameters, e.g. country-us-session-a1'),
      }),
    )
    .max(IP_ALLOWLIST_MAX_PORT_RULES)
    .refine((rules) => new Set(rules.map((rule) => rule.port)).size === rules.length, 'one rule per port'),
});
export type IpAllowListPortRules = z.infer<typeof ipAllowListPortRulesSchema>;
