// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { RenewDialog, renewedExpiry } from './renew-dialog';

const DAY = 86_400_000;
const expiresAt = new Date(Date.now() + 2 * DAY).toISOString();
const proxy = proxyRow(5, {
  generate: 'static',
  proxy_type: 'ip',
  type: 'datacenter',
  renew_days: 30,
  expire_time: expiresAt,
});

const renderDialog = () => {
  const onRenewed = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <RenewDialog proxy={proxy} onClose={onClose} onRenewed={onRenewed} />
    </Providers>,
  );
  return { onRenewed, onClose };
};

const priceAnswer = () => ({ data: { unit_price: '3.99', unit: '30days', total: '3.99' } });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('renewal of a static IP', { timeout: 20_000 }, () => {
  it('extends from the later of now and the current expiry', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(renewedExpiry('2026-03-05T00:00:00.000Z', 30, now)).toBe('2026-04-04T00:00:00.000Z');
    expect(renewedExpiry('2026-02-28T12:00:00.000Z', 1, now)).toBe('2026-03-02T00:00:00.000Z');
  });

  it("shows the price of the proxy's own cycle and type before charging, then renews", async () => {
    const api = mockApi({
      'GET /proxy/price': priceAnswer,
      'PUT /proxy/token/renew/p5': () => ({
        data: {
          data: [{ ...proxy, expire_time: renewedExpiry(expiresAt, 30) }],
          charged: '3.99',
          balance: '6.01',
        },
      }),
    });
    const { onRenewed, onClose } = renderDialog();
    expect((await screen.findByTestId('proxy-renew-price')).textContent).toBe('3.99 PTC');
    expect(Object.fromEntries(api.callsTo('GET', '/proxy/price')[0]?.query ?? [])).toEqual({
      family: 'static-ip',
      type: 'datacenter',
      days: '30',
      count: '1',
    });
    expect(screen.getByText('30 days')).toBeTruthy();
    expect(api.callsTo('PUT', '/proxy/token/renew/p5')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('proxy-renew-confirm'));
    await waitFor(() => expect(onRenewed).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/proxy/token/renew/p5')).toHaveLength(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the top-up page when the balance is too low', async () => {
    const toasts = recordToasts();
    mockApi({
      'GET /proxy/price': priceAnswer,
      'PUT /proxy/token/renew/p5': () => {
        throw new AppError('ERR_BALANCE_NOT_ENOUGH');
      },
    });
    const { onRenewed } = renderDialog();
    fireEvent.click(await screen.findByText('Renew for 3.99 PTC'));
    expect(await screen.findByRole('button', { name: 'Top up' })).toBeTruthy();
    expect(toasts).toEqual([i18n.t('errors.ERR_BALANCE_NOT_ENOUGH')]);
    expect(onRenewed).not.toHaveBeenCalled();
  });
});
