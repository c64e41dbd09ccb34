// @vitest-environment jsdom
import { COST_CATEGORIES, type UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, setUserInfo } from '../../shared/session/session';
import { type Handlers, installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';

// The canvas is ECharts' business (see e-chart.test.tsx); here the chart shows what it was given.
vi.mock('./e-chart', () => ({
  EChart: (props: {
    'aria-label': string;
    'data-testid'?: string;
    option: { xAxis?: { data?: string[] } };
  }) => (
    <div role="img" aria-label={props['aria-label']} data-testid={props['data-testid']}>
      {props.option.xAxis?.data?.join(',')}
    </div>
  ),
}));

// Whether the browser is a phone or tablet (which cannot top up); a desktop unless a test says so.
const device = vi.hoisted(() => ({ isMobile: false }));
vi.mock('../charge/top-up-device', () => ({ isThisMobileDevice: () => device.isMobile }));

const { default: OverviewPage } = await import('./overview.page');
const { prefetchOverview } = await import('./overview-prefetch');

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const MB = 1n << 20n;
const point = (time: string, down: bigint, up = 0n) => ({
  time,
  bytes_down: down.toString(),
  bytes_up: up.toString(),
  bytes: (down + up).toString(),
});
const zeroCosts = Object.fromEntries(COST_CATEGORIES.map((category) => [category, '0.000000']));

/** What the server holds for the user's traffic under way (`balance_held`). */
let heldOnServer = '0.000000';
/** The account's plan and discount as `/user/info` answers them. */
let planOnServer: Pick<UserInfo, 'plan' | 'discount_percent'> = { plan: 'personal', discount_percent: 0 };

/** True for an account that has just registered: no proxy, no traffic, nothing spent. */
let isNewAccount = false;

/** A new account's summaries: nothing anywhere. */
const NEW_ACCOUNT_SERVER: Handlers = {
  'GET /proxy/summary/traffic': () => {
    const hours = Array.from({ length: 24 }, (_, index) =>
      point(new Date(Date.UTC(2026, 2, 15, index)).toISOString(), 0n),
    );
    const days = Array.from({ length: 30 }, (_, index) =>
      point(dayjs('2026-02-14').add(index, 'day').format('YYYY-MM-DD'), 0n),
    );
    return { data: { hours, days, total_24h: '0', total_30d: '0' } };
  },
  'GET /proxy/summary/proxies': () => ({ data: { families: [], total: 0 } }),
  'GET /proxy/summary/cost/:period': ({ params, query }) => ({
    data: {
      statistics_type: params.period,
      start: query.get('start') ?? '',
      end: query.get('end') ?? '',
      records: [{ time: query.get('start') ?? '', costs: zeroCosts }],
      totals: zeroCosts,
    },
  }),
};

/** The summary calls as the server answers them. */
const OVERVIEW_SERVER: Handlers = {
  'GET /user/info': () => ({
    data: {
      user_name: 'alice',
      email: 'a@example.com',
      phone: null,
      balance: '452.020000',
      balance_held: heldOnServer,
      ...planOnServer,
    },
  }),
  'GET /proxy/summary/traffic': () => {
    const hours = Array.from({ length: 24 }, (_, index) =>
      point(new Date(Date.UTC(2026, 2, 15, index)).toISOString(), index === 23 ? 30n * MB : 0n),
    );
    const days = Array.from({ length: 30 }, (_, index) =>
      point(dayjs('2026-02-14').add(index, 'day').format('YYYY-MM-DD'), index === 29 ? 39n * MB : 0n, MB),
    );
    return { data: { hours, days, total_24h: (30n * MB).toString(), total_30d: (69n * MB).toString() } };
  },
  'GET /proxy/summary/proxies': () => ({
    data: {
      families: [
        { family: 'dynamic-ip', total: 2, normal: 2, invalid: 0, expired: 0, unhealthy: 0, on: 2, off: 0 },
      ],
      total: 2,
    },
  }),
  'GET /proxy/summary/cost/:period': ({ params, query }) => {
    const start = query.get('start') ?? '';
    const end = query.get('end') ?? '';
    const totals = { ...zeroCosts, dynamic_ip: '0.300000', vm: '3.000000', total: '3.300000' };
    return {
      data: {
        statistics_type: params.period,
        start,
        end,
        records: [
          { time: start, costs: zeroCosts },
          { time: end, costs: totals },
        ],
        totals,
      },
    };
  },
};

let api: ReturnType<typeof mockApi>;

const renderPage = () =>
  render(
    <Providers path="/dashboard/overview">
      <OverviewPage />
    </Providers>,
  );

const costRequests = (period: 'day' | 'month') => api.callsTo('GET', `/proxy/summary/cost/${period}`);

beforeAll(installBrowserStubs);

beforeEach(async () => {
  heldOnServer = '0.000000';
  planOnServer = { plan: 'personal', discount_percent: 0 };
  queryClient.clear();
  api = mockApi(isNewAccount ? { ...OVERVIEW_SERVER, ...NEW_ACCOUNT_SERVER } : OVERVIEW_SERVER);
  setUserInfo({ user_name: 'alice', balance: '500.000000' } as unknown as UserInfo);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the overview page', () => {
  it('shows the reloaded balance, proxies per family and traffic totals', async () => {
    await changeLocale('en-US');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toContain('452.02'));
    expect((await screen.findByTestId('overview-proxies-total')).textContent).toBe('Proxies in total: 2');
    expect(within(screen.getByTestId('overview-proxies-dynamic-ip')).getByTestId('total').textContent).toBe(
      '2',
    );
    expect(within(screen.getByTestId('overview-proxies-static-ip')).getByTestId('total').textContent).toBe(
      '0',
    );
    expect((await screen.findByTestId('overview-traffic-24h-total')).textContent).toBe('Total: 30 MB');
    expect(screen.getByTestId('overview-traffic-30d-total').textContent).toBe('Total: 69 MB');
    // A personal account carries no plan tag.
    expect(screen.queryByTestId('overview-plan')).toBeNull();
  });

  it('says what is held for traffic under way beside the spendable balance, only when something is', async () => {
    await changeLocale('en-US');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toContain('452.02'));
    expect(screen.queryByTestId('overview-balance-held')).toBeNull();
    cleanup();
    // A later visit: the balance loaded above no longer counts as just loaded.
    queryClient.clear();
    heldOnServer = '1.250000';
    renderPage();
    expect((await screen.findByTestId('overview-balance-held')).textContent).toBe(
      '1.25 PTC more is held for traffic under way and settled as it is used.',
    );
    expect(screen.getByTestId('overview-balance').textContent).toContain('452.02');
  });

  it('tags an enterprise account with its plan and discount, in its language', async () => {
    planOnServer = { plan: 'enterprise', discount_percent: 20 };
    await changeLocale('en-US');
    renderPage();
    expect((await screen.findByTestId('overview-plan')).textContent).toBe(
      'Enterprise · 20% off every proxy price',
    );
    cleanup();
    await changeLocale('ru-RU');
    renderPage();
    expect((await screen.findByTestId('overview-plan')).textContent).toBe(
      'Корпоративный · скидка 20% на все цены прокси',
    );
  }, 60_000);

  it('asks for the last 30 days by day first, and lists every category with the total', async () => {
    await changeLocale('en-US');
    renderPage();
    const table = await screen.findByTestId('overview-cost-table');
    // The card renders as a transition, in slices: wait for its answer to be shown, not just the table.
    await waitFor(() => expect(screen.getByTestId('overview-cost-total').textContent).toBe('3.30'));
    const [first] = costRequests('day');
    const today = dayjs();
    expect(first?.query.get('end')).toBe(today.format('YYYY-MM-DD'));
    expect(first?.query.get('start')).toBe(today.subtract(29, 'day').format('YYYY-MM-DD'));
    expect(within(table).getAllByRole('row')).toHaveLength(COST_CATEGORIES.length + 1);
    expect(screen.getByTestId('overview-cost-dynamic_ip').textContent).toBe('0.30');
    expect(screen.getByTestId('overview-cost-vm').textContent).toBe('3.00');
    expect(screen.getByTestId('overview-cost-total').textContent).toBe('3.30');
    expect(within(table).getByText('Create remote PC')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('overview-cost-chart').textContent).toBe(
        `${today.subtract(29, 'day').format('MM-DD')},${today.format('MM-DD')}`,
      ),
    );
  });

  it('switches to months: the last 6 months, asked for as YYYY-MM', async () => {
    await changeLocale('en-US');
    renderPage();
    await screen.findByTestId('overview-cost-table');
    fireEvent.click(screen.getByTestId('overview-cost-month'));
    await waitFor(() => expect(costRequests('month')).toHaveLength(1));
    const month = dayjs().startOf('month');
    expect(costRequests('month')[0]?.query.get('start')).toBe(month.subtract(5, 'month').format('YYYY-MM'));
    expect(costRequests('month')[0]?.query.get('end')).toBe(month.format('YYYY-MM'));
  });

  it('is written in Russian with no raw keys', async () => {
    await changeLocale('ru-RU');
    const view = renderPage();
    await screen.findByTestId('overview-cost-table');
    await screen.findByTestId('overview-traffic-24h-total');
    expect(screen.getByTestId('overview-traffic-24h-total').textContent).toBe('Всего: 30 МБ');
    expect(screen.getByTestId('overview-cost-total').closest('tr')?.textContent).toContain('Всего расходов');
    expect(view.container.textContent).not.toMatch(/overview\.[a-zA-Z]/);
  });
});

describe("the overview's first requests", () => {
  afterEach(() => clearSession());

  it('asks for the balance, the proxy counts and the traffic once, from the entry, before the page renders', async () => {
    await changeLocale('en-US');
    clearSession();
    setToken('session-token');
    expect(prefetchOverview('/dashboard/overview')).toBe(true);
    // Sent in the next task, not after a render.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.map((call) => call.path).sort()).toEqual([
      '/proxy/summary/proxies',
      '/proxy/summary/traffic',
      '/user/info',
    ]);
    await waitFor(() => expect(queryClient.getQueryState(['overview', 'traffic'])?.status).toBe('success'));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toContain('452.02'));
    expect((await screen.findByTestId('overview-traffic-24h-total')).textContent).toBe('Total: 30 MB');
    expect(screen.getByTestId('overview-proxies-total').textContent).toBe('Proxies in total: 2');
    // The page used the answers: nothing was asked twice.
    expect(api.callsTo('GET', '/user/info')).toHaveLength(1);
    expect(api.callsTo('GET', '/proxy/summary/proxies')).toHaveLength(1);
    expect(api.callsTo('GET', '/proxy/summary/traffic')).toHaveLength(1);
  });

  it('asks for nothing on another page or without a session', async () => {
    setToken('session-token');
    expect(prefetchOverview('/login')).toBe(false);
    expect(prefetchOverview('/proxy/dynamic-ip')).toBe(false);
    clearSession();
    expect(prefetchOverview('/dashboard/overview')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.calls).toHaveLength(0);
  });

  it('reloads the balance on a visit when it was not loaded a moment ago', async () => {
    await changeLocale('en-US');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toContain('452.02'));
    expect(api.callsTo('GET', '/user/info')).toHaveLength(1);
  });
});

describe('the overview of a new account', () => {
  beforeAll(() => {
    isNewAccount = true;
  });

  afterAll(() => {
    isNewAccount = false;
  });

  it('leads to the first request instead of zero counts, empty charts and unsold products', async () => {
    await changeLocale('en-US');
    setUserInfo({ user_name: 'bob', balance: '0.000000' } as unknown as UserInfo);
    api = mockApi({
      ...OVERVIEW_SERVER,
      ...NEW_ACCOUNT_SERVER,
      'GET /user/info': () => ({ data: { user_name: 'bob', balance: '0.000000', balance_held: '0.000000' } }),
    });
    renderPage();
    const steps = await screen.findByTestId('overview-first-run');
    expect(screen.queryByTestId('overview-proxies')).toBeNull();
    expect(within(steps).getByTestId('overview-first-run-topUp').textContent).toContain(
      'Proxies are paid for from your PTC balance.',
    );
    expect(within(steps).getByTestId('overview-first-run-type-dynamic-traffic').textContent).toBe(
      'Rotating by traffic',
    );
    expect(within(steps).getByTestId('overview-first-run-open-list').textContent).toBe('Open the proxy list');
    // The first step is the one to take: its button is the primary one.
    expect(within(steps).getByTestId('overview-first-run-top-up').className).toContain('ant-btn-primary');
    expect((await screen.findByTestId('overview-traffic-empty')).textContent).toContain('No traffic yet.');
    expect(screen.queryByRole('img', { name: 'Traffic per hour over the last 24 hours' })).toBeNull();
    expect((await screen.findByTestId('overview-cost-empty')).textContent).toContain(
      'Nothing spent in this period',
    );
    expect(screen.queryByTestId('overview-cost-chart')).toBeNull();
    expect(screen.queryByText('Create remote PC')).toBeNull();
  });

  it('moves on to the proxy type once the balance is topped up, in Russian too', async () => {
    await changeLocale('ru-RU');
    const view = renderPage();
    const steps = await screen.findByTestId('overview-first-run');
    expect(within(steps).getByTestId('overview-first-run-type-dynamic-traffic').className).toContain(
      'ant-btn-primary',
    );
    expect(within(steps).getByTestId('overview-first-run-top-up').className).not.toContain('ant-btn-primary');
    expect(steps.textContent).toContain('Выберите тип прокси');
    await screen.findByTestId('overview-traffic-empty');
    expect(view.container.textContent).not.toMatch(/overview\.[a-zA-Z]/);
  });

  it('on a phone, says where to top up instead of offering the charge page, in Chinese too', async () => {
    device.isMobile = true;
    try {
      await changeLocale('zh-CN');
      setUserInfo({ user_name: 'bob', balance: '0.000000' } as unknown as UserInfo);
      api = mockApi({
        ...OVERVIEW_SERVER,
        ...NEW_ACCOUNT_SERVER,
        'GET /user/info': () => ({
          data: { user_name: 'bob', balance: '0.000000', balance_held: '0.000000' },
        }),
      });
      const view = renderPage();
      const steps = await screen.findByTestId('overview-first-run');
      expect(within(steps).queryByTestId('overview-first-run-top-up')).toBeNull();
      const where = within(steps).getByTestId('overview-first-run-top-up-elsewhere');
      expect(where.textContent).toContain(`请在电脑上打开 ${window.location.origin}/`);
      expect(where.textContent).toContain('/charge');
      expect(within(where).getByRole('button', { name: '复制地址' })).toBeTruthy();
      expect(view.container.textContent).not.toMatch(/overview\.[a-zA-Z]/);
    } finally {
      device.isMobile = false;
    }
  });
});

describe('a chart whose period carried nothing', () => {
  it('shows an empty state in place of that chart only', async () => {
    await changeLocale('en-US');
    api = mockApi({
      ...OVERVIEW_SERVER,
      'GET /proxy/summary/traffic': () => {
        const hours = Array.from({ length: 24 }, (_, index) =>
          point(new Date(Date.UTC(2026, 2, 15, index)).toISOString(), 0n),
        );
        const days = Array.from({ length: 30 }, (_, index) =>
          point(dayjs('2026-02-14').add(index, 'day').format('YYYY-MM-DD'), index === 3 ? MB : 0n),
        );
        return { data: { hours, days, total_24h: '0', total_30d: MB.toString() } };
      },
    });
    renderPage();
    expect((await screen.findByTestId('overview-traffic-24h-empty')).textContent).toContain(
      'No traffic in this period',
    );
    expect(screen.getByRole('img', { name: 'Traffic per day over the last 30 days' })).toBeTruthy();
    expect(screen.queryByTestId('overview-first-run')).toBeNull();
  });
});
