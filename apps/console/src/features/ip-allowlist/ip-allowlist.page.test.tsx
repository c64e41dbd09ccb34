// @vitest-environment jsdom
import { AppError, type IpAllowList, type IpAllowListEntry } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors as enUSErrors } from '../../locales/en-US/errors';
import { ipAllowList as enUS } from '../../locales/en-US/ip-allowlist';
import { errors as ruRUErrors } from '../../locales/ru-RU/errors';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import IpAllowListPage from './ip-allowlist.page';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const PROXY = {
  id: 'p_abc',
  username: 'uabc',
  protocol: 'http' as const,
  family: 'dynamic-traffic' as const,
};

const entry = (id: string, network: string, overrides: Partial<IpAllowListEntry> = {}): IpAllowListEntry => ({
  id,
  network,
  proxy: { id: PROXY.id, username: PROXY.username, protocol: 'http', status: 1, switch: 5, deleted: false },
  note: null,
  port_rules: [],
  created_at: '2026-11-28T05:00:00.000Z',
  ...overrides,
});

/** The entries the stand-in server holds. */
let items: IpAllowListEntry[];
/** The gateway's targeting ports the stand-in server answers. */
let targetPorts: number[] = [];

const serve = (refuse: AppError | null = null) =>
  mockApi({
    'GET /proxy/allowlist': () => ({
      data: {
        items,
        max: 2,
        current_ip: '203.0.113.5',
        min_prefix: { ipv4: 24, ipv6: 48 },
        target_ports: targetPorts,
        choices: [{ ...PROXY, remark: 'office' }],
      } satisfies IpAllowList,
    }),
    'POST /proxy/allowlist': (call) => {
      if (refuse) throw refuse;
      const body = call.body as { network: string; note?: string };
      const added = entry(String(items.length + 10), `${body.network}/32`, { note: body.note ?? null });
      items = [...items, added];
      return { data: added };
    },
    'PUT /proxy/allowlist/:entry_id/ports': (call) => {
      const { rules } = call.body as { rules: { port: number; params: string }[] };
      items = items.map((item) =>
        item.id === call.params.entry_id
          ? {
              ...item,
              port_rules: rules.map((rule) => ({ ...rule, host_port: `gw.example.test:${rule.port}` })),
            }
          : item,
      );
      return { data: items.find((item) => item.id === call.params.entry_id) };
    },
    'DELETE /proxy/allowlist/:entry_id': (call) => {
      items = items.filter((item) => item.id !== call.params.entry_id);
      return { data: { done: true } };
    },
  });

const openPage = async (refuse: AppError | null = null) => {
  const api = serve(refuse);
  render(
    <Providers path="/proxy/ip-allowlist">
      <IpAllowListPage />
    </Providers>,
  );
  await waitFor(() => expect(screen.getByTestId('ip-allowlist-count').textContent).not.toBe(''));
  return api;
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  items = [];
  targetPorts = [];
  recordToasts();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en-US');
});

describe('the IP allow-list page', () => {
  it('lists each range with its proxy, note and a warning for a switched-off proxy', async () => {
    items = [entry('1', '198.51.100.0/24', { note: 'office' }), entry('2', '2001:db8::/48')];
    items[1] = {
      ...(items[1] as IpAllowListEntry),
      proxy: { ...(items[1] as IpAllowListEntry).proxy, switch: 6 },
    };
    await openPage();
    expect(screen.getByTestId('ip-allowlist-count').textContent).toBe('2 of 2 ranges');
    const first = screen.getByTestId('ip-allowlist-entry-1');
    expect(first.textContent).toContain('198.51.100.0/24');
    expect(first.textContent).toContain('uabc');
    expect(first.textContent).toContain('office');
    expect(screen.getByTestId('ip-allowlist-entry-2').textContent).toContain(enUS['ipAllowList.proxyOff']);
    // At the maximum: no adding, and the button says why.
    const add = screen.getByTestId('ip-allowlist-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe(enUS['ipAllowList.full']);
    expect(screen.queryByTestId('ip-allowlist-add-current')).toBeNull();
  });

  it("adds the caller's IP in one click with the only proxy chosen, and the list shows it", async () => {
    const api = await openPage();
    expect(screen.getByTestId('ip-allowlist-current').textContent).toContain('Your current IP: 203.0.113.5');
    fireEvent.click(screen.getByTestId('ip-allowlist-add-current'));
    const network = (await screen.findByTestId('ip-allowlist-network')) as HTMLInputElement;
    expect(network.value).toBe('203.0.113.5');
    fireEvent.change(screen.getByTestId('ip-allowlist-note'), { target: { value: ' home ' } });
    fireEvent.click(screen.getByTestId('ip-allowlist-save'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/allowlist')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/allowlist')[0]?.body).toEqual({
      network: '203.0.113.5',
      token_id: PROXY.id,
      note: 'home',
    });
    await waitFor(() => expect(screen.getByTestId('ip-allowlist-count').textContent).toBe('1 of 2 ranges'));
    expect(screen.getByTestId('ip-allowlist-entry-10').textContent).toContain('203.0.113.5/32');
    // Listed: no more one-click button.
    expect(screen.queryByTestId('ip-allowlist-add-current')).toBeNull();
  });

  it('requires a range, and says a refusal of the server in the dialog in the language chosen', async () => {
    await changeLocale('ru-RU');
    const api = await openPage(new AppError('ERR_ALLOWLIST_OVERLAP'));
    fireEvent.click(screen.getByTestId('ip-allowlist-add'));
    await screen.findByTestId('ip-allowlist-network');
    fireEvent.click(screen.getByTestId('ip-allowlist-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Введите IP-адрес или диапазон'));
    expect(api.callsTo('POST', '/proxy/allowlist')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('ip-allowlist-network'), { target: { value: '203.0.113.0/24' } });
    fireEvent.click(screen.getByTestId('ip-allowlist-save'));
    const refusal = await screen.findByTestId('ip-allowlist-error');
    expect(refusal.textContent).toBe(ruRUErrors['errors.ERR_ALLOWLIST_OVERLAP']);
    expect(refusal.textContent).not.toBe(enUSErrors['errors.ERR_ALLOWLIST_OVERLAP']);
    // The dialog stays open with what was typed.
    expect((screen.getByTestId('ip-allowlist-network') as HTMLInputElement).value).toBe('203.0.113.0/24');
  });

  it('removes a range only after the confirmation', async () => {
    items = [entry('1', '198.51.100.0/24')];
    const api = await openPage();
    fireEvent.click(screen.getByTestId('ip-allowlist-delete-1'));
    expect(
      (await screen.findAllByText('Remove 198.51.100.0/24 from the allow-list?')).length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('DELETE', '/proxy/allowlist/1')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ip-allowlist-delete-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', '/proxy/allowlist/1')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('ip-allowlist-count').textContent).toBe('0 of 2 ranges'));
  });

  it('adds a targeting rule for a gateway port and shows its ready host:port line', async () => {
    items = [entry('1', '198.51.100.0/24')];
    targetPorts = [10001, 10002];
    const api = await openPage();
    const rules = screen.getByTestId('ip-allowlist-ports-1');
    expect(rules.textContent).toContain(enUS['ipAllowList.ports.none']);
    const select = screen.getByTestId('ip-allowlist-port-select-1');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('10002'));
    fireEvent.change(screen.getByTestId('ip-allowlist-port-params-1'), {
      target: { value: ' country-us-session-a1 ' },
    });
    fireEvent.click(screen.getByTestId('ip-allowlist-port-add-1'));
    await waitFor(() => expect(api.callsTo('PUT', '/proxy/allowlist/1/ports')).toHaveLength(1));
    expect(api.callsTo('PUT', '/proxy/allowlist/1/ports')[0]?.body).toEqual({
      rules: [{ port: 10002, params: 'country-us-session-a1' }],
    });
    const line = await screen.findByTestId('ip-allowlist-port-rule-10002');
    expect(line.textContent).toContain('gw.example.test:10002');
    expect(line.textContent).toContain('country-us-session-a1');
  });
});
