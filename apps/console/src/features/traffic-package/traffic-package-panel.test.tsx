// @vitest-environment jsdom
import type { UserInfo } from '@ptc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHttpEffects } from '../../shared/api/api';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale, i18n, translateIfExists } from '../../shared/i18n/i18n';
import { setUserInfo, userStore } from '../../shared/session/session';
import { installBrowserStubs } from '../../shared/testing/browser-stubs';
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

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { data: unknown } | { code: number; msg: string; status: number };

let calls: Call[];
let toasts: string[];
let buyAnswer: (body: unknown) => Answer;
/** The balance `GET /user/info` answers. */
let serverBalance: string;

const envelope = (answer: Answer) =>
  new Response(
    JSON.stringify(
      'data' in answer ? { code: 0, msg: 'success', data: answer.data } : { ...answer, data: null },
    ),
    { status: 'data' in answer ? 200 : answer.status, headers: { 'content-type': 'application/json' } },
  );

/** The API as the server answers the panel's calls; every call is kept. */
const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://console.test');
  const path = url.pathname.replace(/^\/api/, '');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  calls.push({ method, path, body });
  if (method === 'POST' && path === '/proxy/traffic/buy') return envelope(buyAnswer(body));
  if (path === '/proxy/traffic/payway') return envelope({ data: PLANS });
  if (path === '/proxy/traffic/pool/remaining') return envelope({ data: { bytes: '0', gb: '0.000' } });
  if (path === '/user/info') return envelope({ data: { ...userStore.get(), balance: serverBalance } });
  return envelope({ code: 404, msg: 'Not found', status: 404 });
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

const renderPanel = () => {
  const router = createMemoryRouter([{ path: '/proxy/dynamic/traffic', element: <TrafficPackagePanel /> }], {
    initialEntries: ['/proxy/dynamic/traffic'],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider>
          <App>
            <RouterProvider router={router} />
          </App>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

const buyCalls = () => calls.filter((call) => call.method === 'POST' && call.path === '/proxy/traffic/buy');

const chooseAndConfirm = async (planTestId: string, okText: string) => {
  fireEvent.click(await screen.findByTestId(planTestId));
  fireEvent.click(screen.getByTestId('traffic-package-buy-button'));
  fireEvent.click(await screen.findByRole('button', { name: okText }));
};

beforeAll(installBrowserStubs);

beforeEach(async () => {
  await changeLocale('en-US');
  calls = [];
  toasts = [];
  buyAnswer = () => ({ code: 500, msg: 'unexpected', status: 500 });
  queryClient.clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  setHttpEffects({
    toast: (text) => toasts.push(text),
    showTouristDialog: () => undefined,
    showBindContactDialog: () => undefined,
    logoutToLogin: () => undefined,
    translate: translateIfExists,
  });
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
    buyAnswer = () => {
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
    const remainingReads = () => calls.filter((call) => call.path === '/proxy/traffic/pool/remaining').length;
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
    buyAnswer = () => {
      // Spent elsewhere meanwhile: the panel reloads the balance after the refusal.
      serverBalance = '3.000000';
      return { code: 3002, msg: 'Balance insufficient, please recharge', status: 400 };
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
    [3004, 'Wrong package', 'Wrong package'],
    [3005, 'Package purchase limit reached', 'Package purchase limit reached'],
  ])('shows the refusal %i through the code table', async (code, msg, text) => {
    signIn('50.000000');
    buyAnswer = () => ({ code, msg, status: 400 });
    renderPanel();
    await chooseAndConfirm('traffic-package-plan-1-trial', 'Pay 2.50 PTC');
    await waitFor(() => expect(toasts).toEqual([text]));
  });
});
