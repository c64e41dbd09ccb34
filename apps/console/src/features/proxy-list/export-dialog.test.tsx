// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { listPage, proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { ExportDialog } from './export-dialog';
import { INITIAL_VIEW, isFilteredQuery, type ProxyListQuery, toListQuery } from './proxy-filters';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `p${index + 1}`);

const renderDialog = (
  selectedIds: string[],
  view: ProxyListQuery = toListQuery(INITIAL_VIEW),
  shownTotal = 0,
) => {
  const onClose = vi.fn();
  render(
    <Providers>
      <ExportDialog
        family="static-ip"
        open
        selectedIds={selectedIds}
        view={view}
        isFiltered={isFilteredQuery(view)}
        shownTotal={shownTotal}
        onClose={onClose}
      />
    </Providers>,
  );
  return { onClose };
};

/** Chooses the selected proxies instead of what the list shows. */
const chooseSelected = () => fireEvent.click(screen.getByTestId('proxy-export-selected'));

/** Captures the files handed to the browser as downloads. */
const captureDownloads = () => {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return downloads;
};

/** Picks a creation range in the dialog's range picker (first and last day of the current month). */
const pickRange = async () => {
  fireEvent.click(screen.getByTestId('proxy-export-range'));
  await waitFor(() => expect(document.querySelector('.proxy-export-range-picker')).toBeTruthy());
  const [startInput] = (document.querySelector('.proxy-export-range-picker') as HTMLElement).querySelectorAll(
    'input',
  );
  fireEvent.mouseDown(startInput as HTMLInputElement);
  fireEvent.click(startInput as HTMLInputElement);
  const first = dayjs().startOf('month').format('YYYY-MM-DD');
  const today = dayjs().format('YYYY-MM-DD');
  const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
  await waitFor(() => expect(cell(first)).toBeTruthy());
  fireEvent.click(cell(first));
  fireEvent.click(cell(today));
};

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The range picker renders slowly in jsdom.
describe('the export dialog', { timeout: 30_000 }, () => {
  it('exports what the filtered list shows by default, every page of it, offering no selection when none', async () => {
    captureDownloads();
    const rows = Array.from({ length: 250 }, (_, index) => proxyRow(index + 1));
    const api = mockApi({
      'GET /proxy/tokens/static/ip': ({ query }) => {
        const page = Number(query.get('page'));
        const size = Number(query.get('page_size'));
        return { data: listPage(rows.slice((page - 1) * size, page * size), rows.length) };
      },
      'POST /proxy/output/tokens/static/ip': () => ({
        data: { url: '/api/proxy/output/files/f3', rows: 250 },
      }),
      'GET /proxy/output/files/f3': () => ({ file: 'xlsx' }),
    });
    const view = { ...toListQuery(INITIAL_VIEW), country: 'US' };
    const { onClose } = renderDialog([], view, 250);
    expect(screen.getByText('Proxies matching the current filter (250)')).toBeTruthy();
    expect(screen.queryByTestId('proxy-export-selected')).toBeNull();
    fireEvent.click(screen.getByTestId('proxy-export-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Every call carries the list's filter.
    const lists = api.callsTo('GET', '/proxy/tokens/static/ip');
    expect(lists.every((call) => call.query.get('country') === 'US')).toBe(true);
    expect(lists.map((call) => call.query.get('page_size'))).toEqual(['1', '200', '200']);
    expect(api.callsTo('POST', '/proxy/output/tokens/static/ip')[0]?.body).toEqual({
      format: 'xlsx',
      ids: rows.map((row) => row.id),
    });
  });

  it('names the unfiltered list "All proxies"', async () => {
    mockApi();
    renderDialog(ids(3), toListQuery(INITIAL_VIEW), 42);
    expect(screen.getByText('All proxies (42)')).toBeTruthy();
    expect(screen.getByText('Selected proxies (3)')).toBeTruthy();
  });

  it('refuses more than 5 000 selected proxies with the SPEC message, preparing nothing', async () => {
    const api = mockApi();
    renderDialog(ids(5_001));
    expect(screen.getByText('Selected proxies (5001)')).toBeTruthy();
    chooseSelected();
    fireEvent.click(screen.getByTestId('proxy-export-submit'));
    const refusal = await screen.findByTestId('proxy-export-refusal');
    expect(refusal.textContent).toContain('at most 5,000 proxies can be exported at once');
    expect(api.calls).toHaveLength(0);
  });

  it('exports 5 000 selected proxies in the chosen format and downloads the file', async () => {
    const downloads = captureDownloads();
    const file = 'address,port\n';
    const api = mockApi({
      'POST /proxy/output/tokens/static/ip': () => ({
        data: { url: '/api/proxy/output/files/f1', rows: 5_000 },
      }),
      'GET /proxy/output/files/f1': () => ({ file }),
    });
    const { onClose } = renderDialog(ids(5_000));
    chooseSelected();
    fireEvent.click(screen.getByText('csv'));
    fireEvent.click(screen.getByTestId('proxy-export-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = api.callsTo('POST', '/proxy/output/tokens/static/ip');
    expect(request?.body).toEqual({ format: 'csv', ids: ids(5_000) });
    expect(api.callsTo('GET', '/proxy/output/files/f1')).toHaveLength(1);
    expect(downloads.map((download) => download.name)).toEqual([
      `proxies-static-ip-${dayjs().format('YYYY-MM-DD')}.csv`,
    ]);
    expect(await downloads[0]?.blob.text()).toBe('address,port\n');
  });

  it('counts a date range first and refuses it above 5 000 proxies', async () => {
    const api = mockApi({ 'GET /proxy/tokens/static/ip': () => ({ data: listPage([], 5_001) }) });
    renderDialog([]);
    await pickRange();
    await act(async () => {
      fireEvent.click(screen.getByTestId('proxy-export-submit'));
    });
    const refusal = await screen.findByTestId('proxy-export-refusal');
    expect(refusal.textContent).toContain('at most 5,000 proxies');
    const [count] = api.callsTo('GET', '/proxy/tokens/static/ip');
    expect(count?.query.get('page_size')).toBe('1');
    expect(count?.query.get('start')).toBe(dayjs().startOf('month').toISOString());
    expect(count?.query.get('end')).toBe(dayjs().endOf('day').toISOString());
    expect(api.callsTo('POST', '/proxy/output/tokens/static/ip')).toHaveLength(0);
  });

  it('exports a date range as xlsx by default', async () => {
    captureDownloads();
    const api = mockApi({
      'GET /proxy/tokens/static/ip': () => ({ data: listPage([], 12) }),
      'POST /proxy/output/tokens/static/ip': () => ({
        data: { url: '/api/proxy/output/files/f2', rows: 12 },
      }),
      'GET /proxy/output/files/f2': () => ({ file: 'xlsx' }),
    });
    const { onClose } = renderDialog([]);
    await pickRange();
    fireEvent.click(screen.getByTestId('proxy-export-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/proxy/output/tokens/static/ip')[0]?.body).toEqual({
      format: 'xlsx',
      start: dayjs().startOf('month').toISOString(),
      end: dayjs().endOf('day').toISOString(),
    });
  });

  it("shows the server's refusal through the code table", async () => {
    const toasts = recordToasts();
    mockApi({
      'POST /proxy/output/tokens/static/ip': () => {
        throw new AppError('ERR_NO_THIS_USER_TOKEN');
      },
    });
    const { onClose } = renderDialog(ids(2));
    chooseSelected();
    fireEvent.click(screen.getByTestId('proxy-export-submit'));
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_NO_THIS_USER_TOKEN')]));
    expect(onClose).not.toHaveBeenCalled();
  });
});
