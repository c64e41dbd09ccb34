/** What the supply pages' tests share: exits and the overview as the server presents them. */
import type { AdminExit, AdminExitPage, AdminSupply } from '@ptc/contracts';

/** An exit as `GET /admin/exits` presents one: a healthy SOCKS5 upstream for New York unless told. */
export const exit = (overrides: Partial<AdminExit> = {}): AdminExit => ({
  id: '101',
  kind: 'socks5',
  host: 'gw.provider.example',
  port: 1080,
  account: 'acme',
  username_template: '{user}-country-{cc}-session-{sid}',
  has_password: true,
  type: 'residential',
  line: 1,
  country: 'US',
  state: 'NY',
  city: 'new york',
  label: 'New York, New York, United States',
  ip: null,
  is_static: false,
  is_demo: false,
  enabled: true,
  disabled_at: null,
  healthy: true,
  failure_count: 0,
  last_failure_at: null,
  last_checked_at: '2026-03-01T10:00:00.000Z',
  last_check_ok: true,
  last_latency_ms: 182,
  last_error: null,
  checks_24h: 48,
  success_rate_24h: 0.979,
  leased_by: null,
  created_at: '2026-02-01T00:00:00.000Z',
  ...overrides,
});

/** A leased static datacenter address in Frankfurt whose last check failed. */
export const staticExit = (overrides: Partial<AdminExit> = {}): AdminExit =>
  exit({
    id: '202',
    kind: 'direct',
    host: null,
    port: null,
    account: null,
    username_template: null,
    has_password: false,
    type: 'datacenter',
    country: 'DE',
    state: 'HE',
    city: 'frankfurt am main',
    label: 'Frankfurt am Main, Hesse, Germany',
    ip: '203.0.113.9',
    is_static: true,
    healthy: false,
    failure_count: 2,
    last_check_ok: false,
    last_latency_ms: null,
    last_error: 'connect ECONNREFUSED 203.0.113.9:443',
    checks_24h: 10,
    success_rate_24h: 0.5,
    leased_by: 'sp-7f3a',
    ...overrides,
  });

/** One page of exits holding `records`. */
export const exitPage = (records: AdminExit[]): AdminExitPage => ({
  records,
  total: records.length,
  page: 1,
  page_size: 50,
});

/** The overview: some exits, the demo supply serving, and one place of static inventory. */
export const supply = (overrides: Partial<AdminSupply> = {}): AdminSupply => ({
  exits: { total: 14, in_service: 11, disabled: 2, unhealthy: 1, upstream: 6, static: 5 },
  demo: { exits: 4, enabled: true },
  inventory: [
    {
      country: 'DE',
      state: 'HE',
      city: 'frankfurt am main',
      label: 'Frankfurt am Main, Hesse, Germany',
      type: 'datacenter',
      total: 5,
      leased: 2,
      free: 3,
      unhealthy: 1,
    },
  ],
  ...overrides,
});
