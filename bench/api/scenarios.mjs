// The scenarios of the API benchmark, shared by the orchestrator (run.mjs, over HTTP) and the
// database process (db-process.ts, bare SQL): both derive them from the same fixture, so the
// page measured over HTTP and the statements replayed on the driver are the same page.

/** Rows per page of the list scenarios (the issue: "one page of 50"). */
export const PAGE_SIZE = 50;
/** Proxies generated in one request (the issue: 500). */
export const GENERATION_COUNT = 500;
/**
 * The most one generation request may ask for: SPEC §5/§9 set no limit, the API's schemas allow
 * 1 000 (`GENERATION_MAX_COUNT` in @ptc/contracts; db-process.ts checks they agree).
 */
export const GENERATION_MAX = 1_000;
/** Proxies exported in one request (the SPEC §9 maximum). */
export const EXPORT_COUNT = 5_000;

/**
 * Budgets of issue #6, on PostgreSQL, in milliseconds: a list page at the median, one generation
 * of 500 and one export of 5 000 (the request and the download of `data.url`).
 */
export const BUDGETS = { listP50: 20, generate: 1_000, export: 2_000 };

/**
 * The list scenarios: `GET /api/proxy/tokens/{generate}/{proxy_type}?…` with a page of 50.
 * `fixture` comes from the database process (numbers that depend on the seeded data).
 */
export const listScenarios = (fixture) => [
  {
    key: 'first_page',
    title: 'first page, newest first',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE },
  },
  {
    key: 'middle_page',
    title: `page ${fixture.middlePage} (offset ${((fixture.middlePage - 1) * PAGE_SIZE).toLocaleString('en-US')})`,
    path: 'dynamic/traffic',
    query: { page: fixture.middlePage, page_size: PAGE_SIZE },
  },
  {
    key: 'last_page',
    title: `last page (${fixture.lastPage})`,
    path: 'dynamic/traffic',
    query: { page: fixture.lastPage, page_size: PAGE_SIZE },
  },
  {
    key: 'country_status',
    title: 'country US, status normal',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, country: 'US', status: 'normal' },
  },
  {
    key: 'username',
    title: `username prefix "${fixture.usernamePrefix}"`,
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, username: fixture.usernamePrefix },
  },
  {
    key: 'remark',
    title: 'remark contains "shop-07"',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, remark: 'shop-07' },
  },
  {
    key: 'created_range',
    title: 'created in a 30-day range',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, start: fixture.monthStart, end: fixture.monthEnd },
  },
  {
    key: 'traffic_sort',
    title: 'sorted by traffic used',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, sort: 'traffic_used', order: 'desc' },
  },
  {
    key: 'deleted',
    title: 'deleted proxies',
    path: 'dynamic/traffic',
    query: { page: 1, page_size: PAGE_SIZE, deleted: true },
  },
  {
    key: 'static_ip_expiry',
    title: 'static IP, normal, by expiry',
    path: 'static/ip',
    query: { page: 1, page_size: PAGE_SIZE, status: 'normal', sort: 'expire_time', order: 'asc' },
  },
  {
    key: 'static_ip_filter',
    title: 'static traffic, exit IP "198.18.1"',
    path: 'static/traffic',
    query: { page: 1, page_size: PAGE_SIZE, ip: '198.18.1' },
  },
];

/**
 * The generation scenarios: one request each (form posts of SPEC §7), 500 proxies with the budget
 * of the issue, and the API's maximum without one.
 */
export const generationScenarios = () => [
  {
    key: 'generate_dynamic_traffic',
    title: `generate ${GENERATION_COUNT} dynamic traffic (US, line 1)`,
    path: 'dynamic/traffic',
    form: { count: GENERATION_COUNT, country: 'US', line: 1, protocol: 'http' },
    count: GENERATION_COUNT,
    budget: BUDGETS.generate,
  },
  {
    key: 'generate_static_ip',
    title: `generate ${GENERATION_COUNT} static IP (US residential, 30 days)`,
    path: 'static/ip',
    form: { count: GENERATION_COUNT, type: 'residential', country: 'US', days: 30, protocol: 'http' },
    count: GENERATION_COUNT,
    budget: BUDGETS.generate,
  },
  {
    key: 'generate_dynamic_traffic_max',
    title: `generate ${GENERATION_MAX.toLocaleString('en-US')} dynamic traffic (the API's maximum)`,
    path: 'dynamic/traffic',
    form: { count: GENERATION_MAX, country: 'US', line: 1, protocol: 'http' },
    count: GENERATION_MAX,
    budget: null,
  },
];

/** The export scenarios: 5 000 proxies to xlsx, then the download of `data.url`. */
export const exportScenarios = (fixture) => [
  {
    key: 'export_range',
    title: `export ${EXPORT_COUNT.toLocaleString('en-US')} to xlsx (creation range)`,
    path: 'dynamic/traffic',
    body: { format: 'xlsx', start: fixture.exportStart, end: fixture.exportEnd },
  },
  {
    key: 'export_selected',
    title: `export ${EXPORT_COUNT.toLocaleString('en-US')} to xlsx (selected ids)`,
    path: 'dynamic/traffic',
    body: { format: 'xlsx', ids: fixture.exportIds },
  },
];
