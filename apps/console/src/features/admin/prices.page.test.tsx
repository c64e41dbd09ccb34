// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../locales/en-US/admin';
import { changeLocale } from '../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../shared/testing/harness';
import { operator, renderConsoleAt } from './admin.testing';
import { clearOperatorSession, setOperatorToken } from './operator-session';
import { PRICE_ROWS } from './prices.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Picks `key` in the price select and submits `price`. */
const setPriceInForm = async (key: string, price: string) => {
  const select = await screen.findByTestId('admin-price-key');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByTitle(new RegExp(`^${key} `)));
  fireEvent.change(screen.getByTestId('admin-price-value'), { target: { value: price } });
  fireEvent.click(screen.getByTestId('admin-price-submit'));
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
  setOperatorToken('session-finance');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the prices page', () => {
  it('lists every price key with its default', () => {
    expect(PRICE_ROWS.find((row) => row.key === 'static_ip_residential_30')).toEqual({
      key: 'static_ip_residential_30',
      defaultPrice: '7.99',
      unit: '30days',
    });
  });

  it('sets a price and says so', async () => {
    const api = mockApi({
      'GET /admin/me': () => ({ data: operator('finance') }),
      'PUT /admin/prices/:key': ({ params, body }) => ({
        data: { key: params.key, price: `${(body as { price: string }).price}0000`, unit: 'ip' },
      }),
    });
    renderConsoleAt('/admin/prices');

    await setPriceInForm('dynamic_ip', '0.18');

    expect((await screen.findByTestId('admin-price-result')).textContent).toContain(
      'dynamic_ip is now 0.180000 PTC',
    );
    const [put] = api.callsTo('PUT', '/admin/prices/dynamic_ip');
    expect(put?.body).toEqual({ price: '0.18' });
    expect(put?.headers.get('x-operator-session')).toBe('session-finance');
  });

  it('says the price was not changed when the server refuses', async () => {
    mockApi({
      'GET /admin/me': () => ({ data: operator('finance') }),
      'PUT /admin/prices/:key': () => {
        throw new AppError('ERR_FORBIDDEN', { message: 'Forbidden: the support role cannot do this' });
      },
    });
    renderConsoleAt('/admin/prices');

    await setPriceInForm('dynamic_ip', '0.2');

    const result = await screen.findByTestId('admin-price-result');
    expect(result.textContent).toContain(enUS['admin.prices.failed']);
    expect(result.textContent).toContain(enUS['admin.errors.forbidden']);
  });
});
