import type { ProxyRow } from '@ptc/contracts';

/** A proxy row as the server presents it. */
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

/** A page of the list as the server answers it. */
export const listPage = (rows: ProxyRow[], total = rows.length, page = 1, pageSize = 20) => ({
  data: { data: rows, total, page, page_size: pageSize },
});
