// @vitest-environment jsdom
import {
  AppError,
  balanceAlarmRequestSchema,
  type balanceAlarmSchema,
  formatPtc,
  parsePtc,
  trafficAlarmRequestSchema,
  type trafficAlarmSchema,
  type UserInfo,
} from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../shared/api/contract-types';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setUserInfo } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import { BalanceAlarmCard } from '../charge/balance-alarm-card';
import '../charge/wallet-texts';
import { TrafficAlarmSettings } from '../traffic-package/traffic-alarm-form';
import '../traffic-package/traffic-package-texts';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Reads a form as the server does; what it refuses is answered with 1002. */
const readForm = <T,>(
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  body: unknown,
): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError('ERR_ARGUMENT_TYPE');
  return parsed.data as T;
};

/** The server's balance and traffic alarms of the account, as they are stored and answered. */
const createAlarmServer = () => {
  let balanceAlarm: ResponseOf<typeof balanceAlarmSchema> = {
    enabled: false,
    threshold: null,
    method: 'email',
    address: null,
  };
  let trafficAlarm: ResponseOf<typeof trafficAlarmSchema> = {
    enabled: false,
    threshold_gb: null,
    method: 'email',
    address: null,
  };
  return mockApi({
    'GET /user/balance/alarm': () => ({ data: balanceAlarm }),
    'POST /user/balance/alarm': ({ body }) => {
      const input = readForm<ResponseOf<typeof balanceAlarmRequestSchema>>(balanceAlarmRequestSchema, body);
      balanceAlarm = { ...input, threshold: formatPtc(parsePtc(input.threshold), 6) };
      return { data: balanceAlarm };
    },
    'GET /proxy/traffic/alarm': () => ({ data: trafficAlarm }),
    'POST /proxy/traffic/alarm': ({ body }) => {
      trafficAlarm = readForm<ResponseOf<typeof trafficAlarmRequestSchema>>(trafficAlarmRequestSchema, body);
      return { data: trafficAlarm };
    },
  });
};

const inputOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

beforeAll(installBrowserStubs);

beforeEach(async () => {
  queryClient.clear();
  await changeLocale('en-US');
  setUserInfo({ user_name: 'alice', email: 'alice@example.com', phone: null } as unknown as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the alarm forms', () => {
  it('saves the balance alarm in PTC to the account email, then shows what the server holds', async () => {
    const api = createAlarmServer();
    render(
      <Providers>
        <BalanceAlarmCard />
      </Providers>,
    );
    const threshold = await screen.findByTestId('balance-alarm-threshold');
    expect((threshold as HTMLInputElement).value).toBe('10');
    expect(inputOf('balance-alarm-address').value).toBe('alice@example.com');

    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('balance-alarm-save'));
    expect(await screen.findByText('Enter an amount above 0')).toBeTruthy();
    expect(api.callsTo('POST', '/user/balance/alarm')).toHaveLength(0);

    fireEvent.change(threshold, { target: { value: '25.5' } });
    fireEvent.click(screen.getByTestId('balance-alarm-enabled'));
    fireEvent.click(screen.getByTestId('balance-alarm-save'));
    expect(await screen.findByText('Balance alarm saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/user/balance/alarm')[0]?.body).toEqual({
      enabled: 'true',
      threshold: '25.5',
      method: 'email',
      address: 'alice@example.com',
    });
    // Reloaded from the server's answer.
    await waitFor(() => expect(api.callsTo('GET', '/user/balance/alarm')).toHaveLength(2));
    await waitFor(() => expect(inputOf('balance-alarm-threshold').value).toBe('25.5'));
    expect(screen.getByTestId('balance-alarm-enabled').getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a low-traffic threshold that is not whole GB, and saves whole GB to the email typed', async () => {
    const api = createAlarmServer();
    render(
      <Providers>
        <TrafficAlarmSettings />
      </Providers>,
    );
    const threshold = await screen.findByTestId('traffic-alarm-threshold');
    expect((threshold as HTMLInputElement).value).toBe('1');

    fireEvent.change(threshold, { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('traffic-alarm-save'));
    expect(await screen.findByText('Enter a whole number of GB')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/traffic/alarm')).toHaveLength(0);

    fireEvent.change(threshold, { target: { value: '3' } });
    fireEvent.change(inputOf('traffic-alarm-address'), { target: { value: 'ops@example.com' } });
    fireEvent.click(screen.getByTestId('traffic-alarm-save'));
    expect(await screen.findByText('Alert settings saved')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/traffic/alarm')[0]?.body).toEqual({
      enabled: false,
      threshold_gb: 3,
      method: 'email',
      address: 'ops@example.com',
    });
    await waitFor(() => expect(inputOf('traffic-alarm-threshold').value).toBe('3'));
  });
});
