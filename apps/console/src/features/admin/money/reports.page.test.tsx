// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { dailyReport } from './money.testing';
import { defaultReportRange, reportFileName } from './money-display';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const CSV = 'day,topup_count,topups\r\n2026-01-05,1,100.000000\r\n';

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

/** Opens the report as finance, the server answering the two days of {@link dailyReport}. */
const openReport = async () => {
  setOperatorToken('session-finance');
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator('finance') }),
    'GET /admin/reports/daily': () => ({ data: dailyReport() }),
    'GET /admin/reports/daily.csv': () => ({ file: CSV }),
  });
  renderConsoleAt('/admin/reports');
  await screen.findByTestId('admin-report-totals');
  return api;
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the reports page', () => {
  it('asks for the last 30 UTC days and shows each day with a totals row', async () => {
    const api = await openReport();

    const [call] = api.callsTo('GET', '/admin/reports/daily');
    expect(Object.fromEntries(call?.query ?? [])).toEqual(defaultReportRange());
    const table = screen.getByTestId('admin-report');
    expect(within(table).getByText(enUS['admin.money.reports.topups'])).toBeTruthy();
    expect(within(table).getAllByText(enUS['admin.money.product.dynamic-traffic']).length).toBeGreaterThan(0);
    expect(within(table).getByText(enUS['admin.money.reports.revenue'])).toBeTruthy();
    const day = within(table).getByText('2026-01-06').closest('tr');
    expect(day?.textContent).toContain('4.000000');
    expect(day?.textContent).toContain('-4.000000');
    const totals = screen.getByTestId('admin-report-totals');
    const cells = within(totals)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe(enUS['admin.money.reports.total']);
    expect(cells).toContain('100.000000');
    expect(cells.at(-1)).toBe('6.000000');
  });

  it('downloads the CSV of the range with the operator session and saves it as a file', async () => {
    const downloads = captureDownloads();
    const api = await openReport();

    fireEvent.click(screen.getByTestId('admin-report-download'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const [call] = api.callsTo('GET', '/admin/reports/daily.csv');
    expect(call?.headers.get('x-operator-session')).toBe('session-finance');
    expect(Object.fromEntries(call?.query ?? [])).toEqual(defaultReportRange());
    expect(downloads[0]?.name).toBe(reportFileName(defaultReportRange()));
    expect(await downloads[0]?.blob.text()).toBe(CSV);
  });
});
