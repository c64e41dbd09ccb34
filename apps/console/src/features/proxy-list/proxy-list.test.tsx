// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { listPage, proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { ProxyList } from './proxy-list';
import { createProxyListServer } from './proxy-list.stand-in';

const rows = [
  proxyRow(1, { status: 1, switch: 5, remark: 'shop' }),
  proxyRow(2, { status: 4, switch: 6 }),
  proxyRow(3, { status: 3, switch: 5 }),
];

const renderList = () =>
  render(
    <Providers>
      <ProxyList family="dynamic-traffic" />
    </Providers>,
  );

const rowOf = (id: string) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  recordToasts();
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A table of every column renders slowly in jsdom.
describe('the proxy list', { timeout: 30_000 }, () => {
  it('shows a page of the family with status tags and switches', async () => {
    const api = mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage(rows, 45) }) });
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    expect(within(rowOf('p1')).getByTestId('proxy-status').textContent).toBe('Normal');
    expect(within(rowOf('p2')).getByTestId('proxy-status').textContent).toBe('Unhealthy');
    expect(within(rowOf('p3')).getByTestId('proxy-status').textContent).toBe('Expired');
    expect(within(rowOf('p1')).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('true');
    expect(within(rowOf('p2')).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('45 proxies in total')).toBeTruthy();
    const [first] = api.callsTo('GET', '/proxy/tokens/dynamic/traffic');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      page: '1',
      page_size: '20',
      status: 'all',
      deleted: 'false',
      sort: 'create_time',
      order: 'desc',
    });
  });

  it('switches one proxy off with code 6 and shows the row the server answers', async () => {
    const server = createProxyListServer(rows);
    const api = mockApi(server.handlers);
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    // Found unhealthy meanwhile: the server answers the row it holds, status included.
    server.change('p1', { status: 4 });
    fireEvent.click(within(rowOf('p1')).getByTestId('proxy-switch'));
    await waitFor(() =>
      expect(within(rowOf('p1')).getByTestId('proxy-status').textContent).toBe('Unhealthy'),
    );
    expect(within(rowOf('p1')).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('false');
    expect(
      await screen.findByText('Proxy user1 switched off: it carries no traffic until switched on.'),
    ).toBeTruthy();
    expect(api.callsTo('PUT', '/proxy/token/status/p1').map((call) => call.query.get('switch'))).toEqual([
      '6',
    ]);
    expect(server.row('p1').switch).toBe(6);
  });

  it('keeps the switch as the server has it when the switch is refused (4005)', async () => {
    const toasts = recordToasts();
    const server = createProxyListServer(rows);
    mockApi(server.handlers);
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    // Deleted in another tab meanwhile.
    server.change('p1', { deleted: true });
    fireEvent.click(within(rowOf('p1')).getByTestId('proxy-switch'));
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_NO_THIS_USER_TOKEN')]));
    await waitFor(() =>
      expect(within(rowOf('p1')).getByTestId('proxy-switch').className).not.toContain('ant-switch-loading'),
    );
    expect(within(rowOf('p1')).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a malformed IP filter and searches with a wildcard pattern', async () => {
    const api = mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage(rows) }) });
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    fireEvent.change(screen.getByTestId('proxy-filter-ip'), { target: { value: '69.32.*' } });
    fireEvent.click(screen.getByTestId('proxy-filter-search'));
    expect(await screen.findByText('IP format error')).toBeTruthy();
    fireEvent.change(screen.getByTestId('proxy-filter-ip'), { target: { value: '69.32.3.*' } });
    fireEvent.click(screen.getByTestId('proxy-filter-search'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/proxy/tokens/dynamic/traffic').at(-1)?.query.get('ip')).toBe('69.32.3.*'),
    );
  });

  it('opens the copy dialog of a row', async () => {
    mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage(rows) }) });
    renderList();
    await waitFor(() => expect(rowOf('p2')).toBeTruthy());
    fireEvent.click(within(rowOf('p2')).getByTestId('proxy-copy'));
    const colon = (await screen.findByTestId('proxy-copy-colonForm')) as HTMLInputElement;
    expect(colon.value).toBe('gw.example.test:8000:user2:pass2');
  });

  it('keeps the selection across pages for the batch actions', async () => {
    const expired = Array.from({ length: 21 }, (_, index) => proxyRow(index + 1, { status: 3 }));
    mockApi(createProxyListServer(expired).handlers);
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    fireEvent.click(within(rowOf('p1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowOf('p21')).toBeTruthy());
    fireEvent.click(within(rowOf('p21')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('proxy-batch-count').textContent).toBe('Selected: 2'));
  });

  it('shows the essential columns, adds a chosen one and remembers the choice in the browser', async () => {
    mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage(rows) }) });
    const headers = () =>
      [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter(Boolean);
    const first = renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    expect(headers()).toEqual([
      'Username',
      'Address:port',
      'Location',
      'Protocol',
      'Status',
      'On/Off',
      'Traffic used',
      'Actions',
    ]);
    fireEvent.click(screen.getByTestId('proxy-columns-chooser'));
    fireEvent.click(await screen.findByTestId('proxy-column-remark'));
    await waitFor(() => expect(headers()).toContain('Remark'));
    expect(headers().at(-1)).toBe('Actions');
    expect(within(rowOf('p1')).getByTestId('proxy-remark').textContent).toBe('shop');
    expect(JSON.parse(localStorage.getItem('proxy-list-columns:dynamic-traffic') ?? '[]')).toEqual([
      'remark',
    ]);

    first.unmount();
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    expect(headers()).toContain('Remark');
  });

  it('shows each proxy as a card below 992 px, with status, on/off, usage, address and actions', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage(rows, 3) }) });
      renderList();
      const card = await waitFor(() => {
        const found = document.querySelector('[data-testid="proxy-card"][data-row-key="p2"]');
        expect(found).toBeTruthy();
        return found as HTMLElement;
      });
      expect(document.querySelector('.ant-table')).toBeNull();
      expect(screen.queryByTestId('proxy-columns-chooser')).toBeNull();
      expect(within(card).getByTestId('proxy-status').textContent).toBe('Unhealthy');
      expect(within(card).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('false');
      expect(within(card).getByTestId('proxy-card-usage').textContent).toBe('Used 0 B · 0.00 PTC');
      expect(within(card).getByText('gw.example.test:8000')).toBeTruthy();
      fireEvent.click(within(card).getByRole('checkbox'));
      await waitFor(() => expect(screen.getByTestId('proxy-batch-count').textContent).toBe('Selected: 1'));
      fireEvent.click(within(card).getByTestId('proxy-copy'));
      const colon = (await screen.findByTestId('proxy-copy-colonForm')) as HTMLInputElement;
      expect(colon.value).toBe('gw.example.test:8000:user2:pass2');
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });

  it('warns that deleting a prepaid static IP loses the paid days', async () => {
    const expiry = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const prepaid = proxyRow(7, {
      type: 'residential',
      generate: 'static',
      proxy_type: 'ip',
      expire_time: expiry,
      remaining_days: 5,
    });
    const api = mockApi({
      'GET /proxy/tokens/static/ip': () => ({ data: listPage([prepaid]) }),
      'DELETE /proxy/token/p7': () => ({ data: { done: true } }),
    });
    render(
      <Providers>
        <ProxyList family="static-ip" />
      </Providers>,
    );
    await waitFor(() => expect(rowOf('p7')).toBeTruthy());
    fireEvent.click(within(rowOf('p7')).getByTestId('proxy-actions'));
    fireEvent.click(await screen.findByTestId('proxy-action-delete'));
    expect(await screen.findByText(/the paid time is lost and not refunded/)).toBeTruthy();
    expect(api.callsTo('DELETE', '/proxy/token/p7')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('proxy-delete-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', '/proxy/token/p7')).toHaveLength(1));
  });
});
