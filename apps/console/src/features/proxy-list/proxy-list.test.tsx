// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { ProxyList } from './proxy-list';
import {
  installBrowserStubs,
  listPage,
  mockApi,
  Providers,
  proxyRow,
  recordToasts,
} from './proxy-list.testing';

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
    const api = mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => listPage(rows, 45) });
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

  it('switches one proxy off with code 6 and shows what the server answers', async () => {
    const api = mockApi({
      'GET /proxy/tokens/dynamic/traffic': () => listPage(rows),
      'PUT /proxy/token/status/p1': (call) => ({
        data: { ...rows[0], switch: Number(call.query.get('switch')) },
      }),
    });
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    fireEvent.click(within(rowOf('p1')).getByTestId('proxy-switch'));
    await waitFor(() =>
      expect(within(rowOf('p1')).getByTestId('proxy-switch').getAttribute('aria-checked')).toBe('false'),
    );
    expect(api.callsTo('PUT', '/proxy/token/status/p1').map((call) => call.query.get('switch'))).toEqual([
      '6',
    ]);
  });

  it('refuses a malformed IP filter and searches with a wildcard pattern', async () => {
    const api = mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => listPage(rows) });
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
    mockApi({ 'GET /proxy/tokens/dynamic/traffic': () => listPage(rows) });
    renderList();
    await waitFor(() => expect(rowOf('p2')).toBeTruthy());
    fireEvent.click(within(rowOf('p2')).getByTestId('proxy-copy'));
    const colon = (await screen.findByTestId('proxy-copy-colonForm')) as HTMLInputElement;
    expect(colon.value).toBe('gw.example.test:8000:user2:pass2');
  });

  it('keeps the selection across pages for the batch actions', async () => {
    mockApi({
      'GET /proxy/tokens/dynamic/traffic': (call) =>
        call.query.get('page') === '2'
          ? listPage([proxyRow(21, { status: 3 })], 21, 2)
          : listPage(
              Array.from({ length: 20 }, (_, index) => proxyRow(index + 1, { status: 3 })),
              21,
            ),
    });
    renderList();
    await waitFor(() => expect(rowOf('p1')).toBeTruthy());
    fireEvent.click(within(rowOf('p1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowOf('p21')).toBeTruthy());
    fireEvent.click(within(rowOf('p21')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('proxy-batch-count').textContent).toBe('Selected: 2'));
  });
});
