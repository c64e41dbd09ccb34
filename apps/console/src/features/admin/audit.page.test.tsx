// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../shared/testing/harness';
import { operator, renderConsoleAt } from './admin.testing';
import type { AuditRecord } from './admin.types';
import { AUDIT_PAGE_SIZE, compactJson } from './audit.page';
import { clearOperatorSession, setOperatorToken } from './operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const auditRecord = (index: number, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id: String(index),
  actor: 'owner@example.com',
  action: 'price.set',
  target_type: 'price',
  target_id: 'dynamic_ip',
  before: { price: '0.150000' },
  after: { price: '0.180000' },
  client_ip: '198.51.100.7',
  at: '2026-03-15T10:00:00.000Z',
  ...overrides,
});

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
  setOperatorToken('session-owner');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audit trail page', () => {
  it('sends the filters as query parameters and shows the rows with compact before and after', async () => {
    const api = mockApi({
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/audit': ({ query }) => ({
        data: {
          records: query.get('actor')
            ? [
                auditRecord(2, {
                  action: 'user.plan.set',
                  target_type: 'user',
                  target_id: 'u-42',
                  before: null,
                }),
              ]
            : [auditRecord(1)],
        },
      }),
    });
    renderConsoleAt('/admin/audit');

    const table = await screen.findByTestId('admin-audit-table');
    await within(table).findByText('dynamic_ip');
    expect(within(table).getByText('{"price":"0.150000"}')).toBeTruthy();
    expect(within(table).getByText('{"price":"0.180000"}')).toBeTruthy();
    const [first] = api.callsTo('GET', '/admin/audit');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ page: '1', page_size: String(AUDIT_PAGE_SIZE) });
    expect(first?.headers.get('x-operator-session')).toBe('session-owner');

    const filters = {
      actor: 'owner@example.com',
      action: 'user.plan.set',
      target_type: 'user',
      target_id: 'u-42',
    };
    for (const [name, value] of Object.entries(filters)) {
      fireEvent.change(screen.getByTestId(`admin-audit-filter-${name}`), { target: { value } });
    }
    fireEvent.click(screen.getByTestId('admin-audit-search'));

    await within(table).findByText('u-42');
    const last = api.callsTo('GET', '/admin/audit').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      ...filters,
      page: '1',
      page_size: String(AUDIT_PAGE_SIZE),
    });
    expect(within(table).getByText('user.plan.set')).toBeTruthy();
    expect(within(table).queryByText('dynamic_ip')).toBeNull();
  });

  it('pages through the trail while a page is full', async () => {
    const api = mockApi({
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/audit': ({ query }) => ({
        data: {
          records:
            query.get('page') === '1'
              ? Array.from({ length: AUDIT_PAGE_SIZE }, (_, index) => auditRecord(index + 1))
              : [auditRecord(100, { target_id: 'last-one' })],
        },
      }),
    });
    renderConsoleAt('/admin/audit');

    const next = await screen.findByTestId('admin-audit-next');
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);

    expect(await screen.findByText('last-one')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/audit').at(-1)?.query.get('page')).toBe('2');
    await waitFor(() => expect(screen.getByTestId('admin-audit-next').hasAttribute('disabled')).toBe(true));
  });

  it('writes a missing before or after as a dash', () => {
    expect(compactJson(null)).toBe('—');
    expect(compactJson({ status: 'paid' })).toBe('{"status":"paid"}');
  });
});
