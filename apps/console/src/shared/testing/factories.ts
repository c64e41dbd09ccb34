import type { ProxyRow, proxyListSchema } from '@ptc/contracts';
import type { ResponseOf } from '../api/contract-types';

/** A proxy row as the server presents it (a rotating traffic proxy unless `overrides` say otherwise). */
export const proxyRow = (index: number, overrides: Partial<ProxyRow> = {}): ProxyRow => ({
  id: `p${index}`,
  address: 'gw.example.test',
  port: 8000,
  ip: `203.0.113.${index}`,
  username: `user${index}`,
  password: `pass${index}`,
  session: `s${index}`,
  type: 'rotating',
  generate_type: 'by_area',
  generate: 'dynamic',
  proxy_type: 'traffic',
  area: { precision: 'country', country: 'US', state: null, city: null, label: null, city_name: null },
  line: 1,
  route: 'premier',
  protocol: 'http',
  status: 1,
  switch: 5,
  remark: null,
  create_time: '2026-01-01T00:00:00.000Z',
  purchase_time: '2026-01-01T00:00:00.000Z',
  expire_time: null,
  remaining_days: null,
  traffic_used: '0',
  traffic_cost: '0.00',
  ip_used: 0,
  ip_cost: '0.00',
  auto_renew: false,
  renew_days: null,
  rotation: false,
  deleted: false,
  ...overrides,
});

/** A page of a proxy list as the server answers it. */
export const listPage = (
  rows: ProxyRow[],
  total = rows.length,
  page = 1,
  pageSize = 20,
): ResponseOf<typeof proxyListSchema> => ({ data: rows, total, page, page_size: pageSize });
