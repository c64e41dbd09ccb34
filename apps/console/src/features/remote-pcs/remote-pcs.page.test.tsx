// @vitest-environment jsdom
import {
  AppError,
  allowedVmOperations,
  type UserInfo,
  type Vm,
  type VmPayway,
  type VmStatus,
} from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { remotePcs as enUS } from '../../locales/en-US/remote-pcs';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale, i18n } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { listPage, proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import RemotePcsPage from './remote-pcs.page';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const CONFS = [
  {
    id: 1,
    name: '标准',
    en_name: 'Standard',
    ru_name: 'Стандарт',
    cpu: 2,
    memory_mb: 4096,
    price_per_day: '1.20',
  },
  {
    id: 2,
    name: '高配',
    en_name: 'Performance',
    ru_name: 'Мощный',
    cpu: 4,
    memory_mb: 8192,
    price_per_day: '2.50',
  },
];

const paywayOf = (overrides: Partial<VmPayway> = {}): VmPayway => ({
  vm_conf: CONFS,
  days: [1, 7, 30],
  pay_value: {
    '1': { '1': '1.20', '7': '8.40', '30': '30.00' },
    '2': { '1': '2.50', '7': '17.50', '30': '65.00' },
  },
  available: true,
  message: null,
  ...overrides,
});

const { price_per_day: _price, ...CONF_SUMMARY } = CONFS[0] as (typeof CONFS)[number];

const vmOf = (id: string, status: VmStatus, overrides: Partial<Vm> = {}): Vm => ({
  id,
  ip: '10.0.0.5',
  username: 'ptc',
  password: `secret-${id}`,
  area: 'US',
  vm_conf: CONF_SUMMARY,
  days: 7,
  auto_renew: false,
  status,
  released: false,
  create_time: '2026-11-20T08:00:00.000Z',
  expire_time: '2026-11-30T08:00:00.000Z',
  remaining_seconds: 3 * 86_400 + 5 * 3600,
  proxy: { id: 'p1', username: 'user1', address: 'gw.example.test:8000' },
  operations: allowedVmOperations(status, overrides.released ?? false),
  failure_reason: null,
  ...overrides,
});

let payway: VmPayway;
let vms: Vm[];

const serve = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /proxy/payway/vm': () => ({ data: payway }),
    'GET /proxy/vm': () => ({ data: { data: vms, total: vms.length } }),
    'GET /proxy/area/countries': () => ({
      data: {
        records: [
          { code: 'US', name: 'United States' },
          { code: 'DE', name: 'Germany' },
        ],
        total: 2,
        demo: false,
      },
    }),
    'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage([proxyRow(1), proxyRow(2)]) }),
    'GET /proxy/tokens/dynamic/ip': () => ({ data: listPage([]) }),
    'GET /proxy/tokens/static/traffic': () => ({ data: listPage([]) }),
    'GET /proxy/tokens/static/ip': () => ({ data: listPage([]) }),
    'GET /user/info': () => ({ data: { user_name: 'alice' } }),
    ...extra,
  });

const openPage = async (extra: Parameters<typeof mockApi>[0] = {}) => {
  const api = serve(extra);
  render(
    <Providers path="/remote-service">
      <RemotePcsPage />
    </Providers>,
  );
  await screen.findByTestId('vm-create-price-line');
  return api;
};

/** Picks the option `label` of the antd select `testId`. */
const choose = async (testId: string, label: RegExp, selector = '.ant-select-item-option-content') => {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await screen.findByText(label, { selector });
  fireEvent.click(option);
};

/** A configuration's option (its label wraps in the list). */
const CONF_OPTION = '.ant-select-item-option-content > span';

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  payway = paywayOf();
  vms = [];
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice' } as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('the remote PC create form', () => {
  it('requires the area, configuration, days and proxy with clear messages, and sends nothing', async () => {
    const api = await openPage();
    fireEvent.click(button('vm-create-submit'));
    expect(await screen.findByText(enUS['remotePc.create.areaRequired'])).toBeTruthy();
    expect(screen.getByText(enUS['remotePc.create.confRequired'])).toBeTruthy();
    expect(screen.getByText(enUS['remotePc.create.daysRequired'])).toBeTruthy();
    expect(screen.getByText(enUS['remotePc.create.proxyRequired'])).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/vm')).toHaveLength(0);
  });

  it('shows the price of the configuration and days before paying, then creates after the confirm', async () => {
    const api = await openPage({
      'POST /proxy/vm': () => {
        const created = vmOf('vm-new', 'creating', { ip: null, username: null, password: null });
        vms = [created];
        return { data: created };
      },
    });
    expect(screen.getByTestId('vm-create-price-pending').textContent).toBe(
      enUS['remotePc.create.pricePending'],
    );
    await choose('vm-create-area', /^United States$/);
    await choose('vm-create-conf', /^Performance · 4 vCPU · 8 GB memory · 2.50 PTC per day$/, CONF_OPTION);
    fireEvent.click(screen.getByTestId('vm-create-days-7'));
    await waitFor(() => expect(screen.getByTestId('vm-create-price').textContent).toBe('17.50 PTC'));
    fireEvent.click(screen.getByTestId('vm-create-days-30'));
    await waitFor(() => expect(screen.getByTestId('vm-create-price').textContent).toBe('65.00 PTC'));
    await choose('vm-create-proxy', /^user2 · /);
    fireEvent.click(screen.getByTestId('vm-create-auto-renew'));
    fireEvent.click(button('vm-create-submit'));
    const confirm = await screen.findByTestId('vm-create-confirm');
    expect(confirm.textContent).toBe('Pay 65.00 PTC');
    expect(api.callsTo('POST', '/proxy/vm')).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/vm')[0]?.body).toEqual({
      area: 'US',
      vm_conf: 2,
      days: 30,
      auto_renew: true,
      proxy_id: 'p2',
    });
    // The list shows the new PC, creating, without connection details yet.
    await waitFor(() => expect(screen.getByTestId('vm-status-vm-new').textContent).toBe('Creating'));
    expect(within(screen.getByTestId('vm-table')).getByText(enUS['remotePc.notAssigned'])).toBeTruthy();
  });

  it('says why creation is unavailable and disables the form, the list still working', async () => {
    payway = paywayOf({ available: false, message: 'No machine available: Xvnc is not installed' });
    vms = [vmOf('vm1', 'running')];
    await openPage();
    const alert = screen.getByTestId('vm-create-unavailable');
    expect(alert.textContent).toContain(enUS['remotePc.create.unavailable']);
    expect(alert.textContent).toContain('No machine available: Xvnc is not installed');
    expect(button('vm-create-submit').disabled).toBe(true);
    await waitFor(() => expect(button('vm-stop-vm1').disabled).toBe(false));
  });

  it('shows what the server refuses through the code table (balance: with the top-up offer)', async () => {
    const toasts = recordToasts();
    await openPage({ 'POST /proxy/vm': () => Promise.reject(new AppError('ERR_BALANCE_NOT_ENOUGH')) });
    await choose('vm-create-area', /^Germany$/);
    await choose('vm-create-conf', /^Standard/, CONF_OPTION);
    fireEvent.click(screen.getByTestId('vm-create-days-1'));
    await choose('vm-create-proxy', /^user1 · /);
    fireEvent.click(button('vm-create-submit'));
    fireEvent.click(await screen.findByTestId('vm-create-confirm'));
    expect(await screen.findByTestId('vm-create-short')).toBeTruthy();
    expect(toasts).toEqual([i18n.t('errors.ERR_BALANCE_NOT_ENOUGH')]);
  });
});

describe('the remote PC list', () => {
  const OPERATIONS = ['start', 'stop', 'restart', 'remote', 'renew'] as const;
  const enabled = (id: string) => OPERATIONS.filter((operation) => !button(`vm-${operation}-${id}`).disabled);

  it('enables only the operations each state allows, the others disabled with "cannot operate"', async () => {
    vms = [
      vmOf('run', 'running'),
      vmOf('stop', 'stopped'),
      vmOf('off', 'offline'),
      vmOf('exp', 'expired', { remaining_seconds: 0 }),
      vmOf('new', 'creating', { ip: null, username: null, password: null }),
      vmOf('bad', 'failed', { failure_reason: 'Xvnc did not start' }),
      vmOf('gone', 'expired', { released: true, remaining_seconds: 0 }),
    ];
    await openPage();
    await screen.findByTestId('vm-status-run');
    expect(enabled('run')).toEqual(['stop', 'restart', 'remote', 'renew']);
    expect(enabled('stop')).toEqual(['start', 'renew']);
    expect(enabled('off')).toEqual(['start', 'renew']);
    expect(enabled('exp')).toEqual(['renew']);
    expect(enabled('new')).toEqual([]);
    expect(enabled('bad')).toEqual([]);
    expect(enabled('gone')).toEqual([]);
    const autoRenew = (id: string) =>
      (screen.getByTestId(`vm-auto-renew-${id}`) as HTMLButtonElement).disabled;
    expect(['run', 'stop', 'exp', 'new'].map(autoRenew)).toEqual([false, false, false, false]);
    expect(['bad', 'gone'].map(autoRenew)).toEqual([true, true]);
    expect(screen.getByTestId('vm-status-off').textContent).toBe('Offline');
    expect(screen.getByTestId('vm-status-gone').textContent).toBe('Released');
    expect(screen.getByTestId('vm-failure-bad').textContent).toContain('Reason: Xvnc did not start');
    expect(screen.getByTestId('vm-area-run').textContent).toBe('United States');
    expect(screen.getByTestId('vm-remaining-run').textContent).toBe('3 d 5 h');
    expect(screen.getByTestId('vm-expire-run').textContent).toMatch(/^2026-11-30 \d\d:00$/);
    expect(screen.getByTestId('vm-remaining-exp').textContent).toBe('Expired');
    // The disabled button says why on hover.
    fireEvent.mouseEnter(button('vm-start-run').parentElement as HTMLElement);
    expect(await screen.findByText(enUS['remotePc.cannotOperate'])).toBeTruthy();
  });

  it("follows the server's operations rather than guessing from the status", async () => {
    vms = [vmOf('run', 'running', { operations: ['renew'] })];
    await openPage();
    await screen.findByTestId('vm-status-run');
    expect(enabled('run')).toEqual(['renew']);
  });

  it('hides the password until revealed and copies the connection details', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    vms = [vmOf('run', 'running')];
    await openPage();
    const password = await screen.findByTestId('vm-password-run');
    expect(password.textContent).not.toContain('secret-run');
    fireEvent.click(screen.getByTestId('vm-password-run-reveal'));
    expect(screen.getByTestId('vm-password-run').textContent).toBe('secret-run');
    fireEvent.click(screen.getByTestId('vm-password-run-copy'));
    fireEvent.click(screen.getByTestId('vm-ip-run-copy'));
    await waitFor(() => expect(writeText.mock.calls).toEqual([['secret-run'], ['10.0.0.5']]));
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('starts a PC at once, shuts one down after a confirm, and shows a refusal by its code', async () => {
    const toasts = recordToasts();
    vms = [vmOf('a', 'stopped'), vmOf('b', 'running')];
    const api = await openPage({
      'POST /proxy/vm/execute/:action': (call) => {
        const { id } = call.body as { id: string };
        if (call.params.action === 'restart') throw new AppError('ERR_VM_INVALID_STATUS_CHANGE');
        const next = call.params.action === 'start' ? 'starting' : 'stopping';
        vms = vms.map((vm) => (vm.id === id ? vmOf(id, next) : vm));
        return { data: vms.find((vm) => vm.id === id) };
      },
    });
    await screen.findByTestId('vm-status-a');
    fireEvent.click(button('vm-start-a'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm/execute/start')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/vm/execute/start')[0]?.body).toEqual({ id: 'a' });
    await waitFor(() => expect(screen.getByTestId('vm-status-a').textContent).toBe('Starting'));

    fireEvent.click(button('vm-stop-b'));
    expect(await screen.findAllByText(enUS['remotePc.action.stopConfirm'])).not.toHaveLength(0);
    expect(api.callsTo('POST', '/proxy/vm/execute/stop')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('vm-action-confirm'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm/execute/stop')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('vm-status-b').textContent).toBe('Shutting down'));

    // A state changed under the list: 20008 in words, the list asked again.
    vms = [vmOf('a', 'starting'), vmOf('c', 'running')];
    await waitFor(() => expect(screen.queryByTestId('vm-status-c')).toBeTruthy(), { timeout: 8_000 });
    fireEvent.click(button('vm-restart-c'));
    fireEvent.click(await screen.findByTestId('vm-action-confirm'));
    await waitFor(() => expect(toasts).toContain(i18n.t('errors.ERR_VM_INVALID_STATUS_CHANGE')));
  });

  it('asks again while a PC is changing state, until it settles', async () => {
    vms = [vmOf('a', 'creating', { ip: null, username: null, password: null })];
    const api = await openPage();
    await screen.findByTestId('vm-status-a');
    vms = [vmOf('a', 'running')];
    await waitFor(() => expect(screen.getByTestId('vm-status-a').textContent).toBe('Running'), {
      timeout: 8_000,
    });
    const calls = api.callsTo('GET', '/proxy/vm').length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(api.callsTo('GET', '/proxy/vm').length).toBe(calls);
  });

  it('switches auto renew', async () => {
    vms = [vmOf('a', 'running')];
    const api = await openPage({
      'POST /proxy/vm/renew/auto': (call) => {
        const body = call.body as { id: string; auto_renew: boolean };
        vms = [vmOf('a', 'running', { auto_renew: body.auto_renew })];
        return { data: vms[0] };
      },
    });
    fireEvent.click(await screen.findByTestId('vm-auto-renew-a'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm/renew/auto')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/vm/renew/auto')[0]?.body).toEqual({ id: 'a', auto_renew: true });
    await waitFor(() =>
      expect(screen.getByTestId('vm-auto-renew-a').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('shows cards below 992 px with the same operations', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    vms = [vmOf('a', 'expired', { remaining_seconds: 0 })];
    await openPage();
    const card = await screen.findByTestId('vm-card-a');
    expect(screen.queryByTestId('vm-table')).toBeNull();
    expect(card.textContent).toContain('Standard');
    expect(card.textContent).toContain('2 vCPU · 4 GB memory');
    expect(enabled('a')).toEqual(['renew']);
  });
});

describe('the renew dialog', () => {
  it("offers the payway's days with the new expiry and price, and renews after the confirm", async () => {
    vms = [vmOf('a', 'stopped')];
    const api = await openPage({
      'POST /proxy/vm/renew/manual': (call) => {
        const body = call.body as { id: string; days: number };
        vms = [vmOf('a', 'stopped', { expire_time: '2026-12-30T08:00:00.000Z' })];
        return { data: { ...vms[0], days: body.days } };
      },
    });
    fireEvent.click(await screen.findByTestId('vm-renew-a'));
    const dialog = await screen.findByTestId('vm-renew-dialog');
    // The PC's own days first: 7 days of configuration 1.
    expect(within(dialog).getByTestId('vm-renew-price').textContent).toBe('8.40 PTC');
    expect(within(dialog).getByTestId('vm-renew-confirm').textContent).toBe('Renew for 8.40 PTC');
    fireEvent.click(within(dialog).getByTestId('vm-renew-days-30'));
    await waitFor(() => expect(within(dialog).getByTestId('vm-renew-price').textContent).toBe('30.00 PTC'));
    expect(within(dialog).getByTestId('vm-renew-new-expiry').textContent).not.toBe('');
    expect(api.callsTo('POST', '/proxy/vm/renew/manual')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('vm-renew-confirm'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm/renew/manual')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/vm/renew/manual')[0]?.body).toEqual({ id: 'a', days: 30 });
    await waitFor(() => expect(screen.queryByTestId('vm-renew-dialog')).toBeNull());
  });

  it('keeps the dialog open on a refusal, saying it through the code table', async () => {
    const toasts = recordToasts();
    vms = [vmOf('a', 'expired', { remaining_seconds: 0 })];
    const api = await openPage({
      'POST /proxy/vm/renew/manual': () => Promise.reject(new AppError('ERR_VM_FREED')),
    });
    fireEvent.click(await screen.findByTestId('vm-renew-a'));
    const dialog = await screen.findByTestId('vm-renew-dialog');
    fireEvent.click(within(dialog).getByTestId('vm-renew-confirm'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/vm/renew/manual')).toHaveLength(1));
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_VM_FREED')]));
    expect(screen.getByTestId('vm-renew-dialog')).toBeTruthy();
  });
});
