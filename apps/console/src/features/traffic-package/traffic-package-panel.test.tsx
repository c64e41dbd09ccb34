// @vitest-environment jsdom
import { AppError, type UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { setUserInfo, userStore } from '../../shared/session/session';
import {
  type Handler,
  type Handlers,
  installBrowserStubs,
  mockApi,
  Providers,
  recordToasts,
} from '../../shared/testing/harness';
import { TrafficPackagePanel } from './index';
import type { TrafficPlan } from './traffic-package.api';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const PLANS: TrafficPlan[] = [
  {
    id: '2',
    gb: 10,
    price_per_gb: '4.500000',
    amount: '45.000000',
    discount_percent: 10,
    permanent: true,
    valid_days: null,
    limit_per_user: null,
  },
  {
    id: '1',
    gb: 1,
    price_per_gb: '2.500000',
    amount: '2.500000',
    discount_percent: 50,
    permanent: false,
    valid_days: 7,
    limit_per_user: 1,
  },
];

let api: ReturnType<typeof mockApi>;
let toasts: string[];
/** How the server answers `POST /proxy/traffic/buy`; it refuses until a test says otherwise. */
let buy: Handler;
/** The balance `GET /user/info` answers. */
let serverBalance: string;

/** The API as the server answers the panel's calls. */
const PANEL_SERVER: Handlers = {
  'POST /proxy/traffic/buy': (call) => buy(call),
  'GET /proxy/traffic/payway': () => ({ data: PLANS }),
  'GET /proxy/traffic/pool/remaining': () => ({ data: { bytes: '0', gb: '0.000' } }),
  'GET /user/info': () => ({ data: { ...userStore.get(), balance: serverBalance } }),
};

const signIn = (balance: string) => {
  serverBalance = balance;
  setUserInfo({
    user_name: 'alice',
    email: 'alice@example.com',
    phone: null,
    balance,
  } as unknown as UserInfo);
};

const renderPanel = () =>
  render(
    <Providers path="/proxy/dynamic/traffic">
      <TrafficPackagePanel />
    </Providers>,
  );

const buyCalls = () => api.callsTo('POST', '/proxy/traffic/buy');

const chooseAndConfirm = async (planTestId: string, okText: string) => {
  fireEvent.click(await screen.findByTestId(planTestId));
  fireEvent.click(screen.getByTestId('traffic-package-buy-button'));
  fireEvent.click(await screen.findByRole('button', { name: okText }));
};

beforeAll(installBrowserStubs);

beforeEach(async () => {
  await changeLocale('en-US');
  buy = () => {
    throw new AppError('ERR_INTERNAL_ERROR', { message: 'unexpected' });
  };
  queryClient.clear();
  api = mockApi(PANEL_SERVER);
  toasts = recordToasts();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrafficPackagePanel purchase', () => {
  it("asks for a package ('Please select a package') and sends nothing until one is chosen", async () => {
    signIn('50.000000');
    renderPanel();
    await screen.findByTestId('traffic-package-plan-10');
    fireEvent.click(screen.getByTestId('traffic-package-buy-button'));
    expect((await screen.findByTestId('traffic-package-choice-error')).textContent).toBe(
      'Please select a package',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buyCalls()).toEqual([]);
  });

  it('lists the packages smallest first with their price per GB, discount and validity', async () => {
    signIn('50.000000');
    renderPanel();
    const trial = await screen.findByTestId('traffic-package-plan-1-trial');
    const plans = screen.getAllByTestId(/^traffic-package-plan-/).map((element) => element.dataset.testid);
    expect(plans).toEqual(['traffic-package-plan-1-trial', 'traffic-package-plan-10']);
    expect(trial.textContent).toContain('2.50 PTC / GB');
    expect(trial.textContent).toContain('−50%');
    expect(trial.textContent).toContain('Valid for 7 days');
    expect(trial.textContent).toContain('At most 1 per account');
    expect(screen.getByTestId('traffic-package-plan-10').textContent).toContain('Never expires');
  });

  it('prices the chosen package against the balance, buys it after confirming and shows the new balance', async () => {
    signIn('50.000000');
    buy = () => {
      serverBalance = '5.000000';
      return {
        data: {
          pool: {
            id: '9',
            time: '2026-03-15T12:00:00.000Z',
            gb: 10,
            price_per_gb: '4.500000',
            amount: '45.000000',
            remaining_bytes: '10737418240',
            remaining_gb: '10.000',
            discount_percent: 10,
            permanent: true,
            expire_time: null,
          },
          balance: '5.000000',
        },
      };
    };
    renderPanel();
    fireEvent.click(await screen.findByTestId('traffic-package-plan-10'));
    expect(screen.getByTestId('traffic-package-quote-amount').textContent).toBe('45.00 PTC');
    expect(screen.getByTestId('traffic-package-quote-balance').textContent).toBe('50.00 PTC');
    expect(screen.getByTestId('traffic-package-quote-after').textContent).toBe('5.00 PTC');
    const remainingReads = () => api.callsTo('GET', '/proxy/traffic/pool/remaining').length;
    const readsBefore = remainingReads();

    fireEvent.click(screen.getByTestId('traffic-package-buy-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 45.00 PTC' }));

    await waitFor(() => expect(buyCalls()).toHaveLength(1));
    expect(buyCalls()[0]?.body).toEqual({ package_id: '2' });
    await screen.findByText('10 GB of traffic has been added to your account.');
    await waitFor(() => expect(userStore.get()?.balance).toBe('5.000000'));
    await waitFor(() => expect(remainingReads()).toBeGreaterThan(readsBefore));
    expect(toasts).toEqual([]);
  });

  it('warns when the balance is short and shows the server refusal (3002) through the code table', async () => {
    signIn('10.000000');
    buy = () => {
      // Spent elsewhere meanwhile: the panel reloads the balance after the refusal.
      serverBalance = '3.000000';
      throw new AppError('ERR_BALANCE_NOT_ENOUGH');
    };
    renderPanel();
    fireEvent.click(await screen.findByTestId('traffic-package-plan-10'));
    expect(screen.getByTestId('traffic-package-short').textContent).toContain(
      'Your balance is not enough for this package.',
    );
    expect(screen.queryByTestId('traffic-package-quote-after')).toBeNull();

    fireEvent.click(screen.getByTestId('traffic-package-buy-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 45.00 PTC' }));

    await waitFor(() => expect(toasts).toEqual(['Insufficient balance, please top up']));
    await waitFor(() => expect(userStore.get()?.balance).toBe('3.000000'));
  });

  it.each([
    ['ERR_NOT_PAYWAY', 'Wrong package'],
    ['ERR_CHARGED_LIMIT', 'Package purchase limit reached'],
  ] as const)('shows the refusal %s through the code table', async (key, text) => {
    signIn('50.000000');
    buy = () => {
      throw new AppError(key);
    };
    renderPanel();
    await chooseAndConfirm('traffic-package-plan-1-trial', 'Pay 2.50 PTC');
    await waitFor(() => expect(toasts).toEqual([text]));
  });
});
