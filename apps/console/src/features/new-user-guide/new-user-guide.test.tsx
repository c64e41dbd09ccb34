// @vitest-environment jsdom
import type { UserInfo } from '@ptc/contracts';
import { STORAGE_KEYS } from '@ptc/contracts';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { tokenStore, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import { createGeneratorServer } from '../proxy-generators/generators.stand-in';
import '../proxy-generators/generator-texts';
import { StaticIpGenerator, StaticTrafficGenerator } from '../proxy-generators';
import { NewUserGuideHost } from './guide-host';
import {
  closeNewUserGuide,
  guideOpenStore,
  hasSeenGuide,
  openNewUserGuide,
  watchForSignIn,
} from './guide-trigger';
import { NewUserGuideDialog } from './new-user-guide-dialog';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  await changeLocale('en-US');
});

afterEach(() => {
  cleanup();
  act(() => closeNewUserGuide());
  userStore.set(null);
  vi.unstubAllGlobals();
});

/** Shows where the app is, so a test sees where the guide sent it. */
const Where = () => {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
};

const renderAt = (path: string, element: React.ReactNode) =>
  render(
    <Providers
      path={path}
      routes={[
        {
          path: '*',
          element: (
            <>
              {element}
              <Where />
            </>
          ),
        },
      ]}
    />,
  );

/** Picks an answer (the hook is on the radio input itself). */
const answer = (question: string, value: string) =>
  fireEvent.click(screen.getByTestId(`guide-answer-${question}-${value}`));

const user = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  uid: 'u_new',
  user_name: 'newcomer',
  username: 'newcomer',
  email: 'new@example.test',
  phone: null,
  balance: '0',
  balance_held: '0',
  invite_code: 'NEW',
  invitation_link: '',
  ref: null,
  is_new_user: true,
  question_switch: false,
  show_questionnaire_windows: false,
  to_band_phone: false,
  has_gift: false,
  has_pwd: true,
  inv_switch: false,
  is_tourist: false,
  plan: 'personal',
  discount_percent: 0,
  ...overrides,
});

describe('NewUserGuideDialog', () => {
  it('asks three questions one at a time and opens the recommended generator with the answers', async () => {
    const onClose = vi.fn();
    renderAt('/dashboard/overview', <NewUserGuideDialog open onClose={onClose} />);

    const use = await screen.findByRole('radiogroup', { name: /What will you use the proxies for\?/ });
    expect(within(use).getAllByRole('radio')).toHaveLength(5);
    // Next without an answer says what is missing and stays.
    fireEvent.click(screen.getByTestId('guide-next'));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick an answer to go on.');
    expect(screen.getByTestId('guide-question-use')).toBeTruthy();

    answer('use', 'scraping');
    fireEvent.click(screen.getByTestId('guide-next'));
    expect(
      screen.getByRole('radiogroup', { name: /How long should one IP address stay the same\?/ }),
    ).toBeTruthy();
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    answer('keep', 'long');
    fireEvent.click(screen.getByTestId('guide-next'));
    answer('volume', 'heavy');
    // Back keeps what was answered.
    fireEvent.click(screen.getByTestId('guide-back'));
    expect((screen.getByTestId('guide-answer-keep-long') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('guide-next'));
    fireEvent.click(screen.getByTestId('guide-next'));

    const result = screen.getByTestId('guide-result');
    expect(within(result).getByTestId('guide-result-static-ip-datacenter').textContent).toBe(
      'Static data-center proxies, paid by IP',
    );
    expect(within(result).getByText('Web scraping and data collection')).toBeTruthy();

    fireEvent.click(screen.getByTestId('guide-open'));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/proxy/static/ip?guide=scraping.long.heavy&type=datacenter&days=30',
      ),
    );
  });

  it('speaks the customer’s language', async () => {
    await changeLocale('ru-RU');
    renderAt('/dashboard/overview', <NewUserGuideDialog open onClose={() => undefined} />);
    expect(await screen.findByRole('radiogroup', { name: /Для чего вам прокси\?/ })).toBeTruthy();
    answer('use', 'accounts');
    fireEvent.click(screen.getByTestId('guide-next'));
    answer('keep', 'rotate');
    fireEvent.click(screen.getByTestId('guide-next'));
    answer('volume', 'light');
    fireEvent.click(screen.getByTestId('guide-next'));
    expect(screen.getByTestId('guide-result-dynamic-traffic').textContent).toBe(
      'Ротационные прокси, оплата за трафик',
    );
  });
});

describe('NewUserGuideHost', () => {
  it('opens by itself after a new customer’s sign-in in this page, once per customer, and again from the menu', async () => {
    // A page opened with a stored session: no sign-in here, no guide.
    tokenStore.set(null);
    watchForSignIn();
    userStore.set(user());
    const first = renderAt('/dashboard/overview', <NewUserGuideHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('guide-dialog')).toBeNull();
    first.unmount();

    // A tourist signing in: no guide either.
    userStore.set(null);
    act(() => tokenStore.set('tourist-token'));
    localStorage.setItem(STORAGE_KEYS.anonymous, '1');
    userStore.set(user({ uid: 'u_tourist', is_tourist: true }));
    const tourist = renderAt('/dashboard/overview', <NewUserGuideHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('guide-dialog')).toBeNull();
    tourist.unmount();
    localStorage.removeItem(STORAGE_KEYS.anonymous);
    act(() => tokenStore.set(null));

    // A customer who is not new: no guide.
    act(() => tokenStore.set('old-token'));
    userStore.set(user({ uid: 'u_old', is_new_user: false }));
    const old = renderAt('/dashboard/overview', <NewUserGuideHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('guide-dialog')).toBeNull();
    old.unmount();
    act(() => tokenStore.set(null));

    // A new customer signs in: the guide opens, and is remembered for this customer.
    act(() => tokenStore.set('new-token'));
    userStore.set(user());
    const view = renderAt('/dashboard/overview', <NewUserGuideHost />);
    expect(await screen.findByTestId('guide-dialog')).toBeTruthy();
    expect(hasSeenGuide('u_new')).toBe(true);
    expect(hasSeenGuide('u_old')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(guideOpenStore.get()).toBe(false));
    view.unmount();

    // Signed out and in again in the same page: not a second time.
    act(() => tokenStore.set(null));
    act(() => tokenStore.set('new-token-2'));
    userStore.set(user());
    renderAt('/dashboard/overview', <NewUserGuideHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(guideOpenStore.get()).toBe(false);
    expect(
      document.querySelector('.ant-modal-wrap:not([style*="display: none"]) [data-testid="guide-dialog"]'),
    ).toBeNull();

    // The help menu's entry opens it whenever asked.
    act(() => openNewUserGuide());
    expect(await screen.findByTestId('guide-question-use')).toBeTruthy();
  });
});

describe('the end of being a new customer', () => {
  it('tells the server when the guide closes, finished or dismissed, and updates the session', async () => {
    const api = mockApi({
      'POST /user/guide/done': () => ({
        data: { is_new_user: false, new_user_ended_at: '2026-11-28T00:00:00.000Z' },
      }),
    });
    const reports = () => api.calls.filter((call) => call.path === '/user/guide/done').length;
    act(() => tokenStore.set('new-token'));
    userStore.set(user());
    renderAt('/dashboard/overview', <NewUserGuideHost />);
    act(() => openNewUserGuide());
    await screen.findByTestId('guide-question-use');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(userStore.get()?.is_new_user).toBe(false));
    expect(reports()).toBe(1);
    expect(userStore.get()?.show_questionnaire_windows).toBe(false);

    // Finished: the recommendation opens its generator and closes the guide; not new already, no call.
    act(() => openNewUserGuide());
    await screen.findByTestId('guide-question-use');
    answer('use', 'scraping');
    fireEvent.click(screen.getByTestId('guide-next'));
    answer('keep', 'long');
    fireEvent.click(screen.getByTestId('guide-next'));
    answer('volume', 'heavy');
    fireEvent.click(screen.getByTestId('guide-next'));
    fireEvent.click(await screen.findByTestId('guide-open'));
    await waitFor(() => expect(guideOpenStore.get()).toBe(false));
    expect(reports()).toBe(1);

    // A new customer finishing it is reported; a tourist or one with no contact is not (SPEC §5).
    userStore.set(user({ uid: 'u_finisher' }));
    act(() => openNewUserGuide());
    await screen.findByTestId('guide-question-use');
    fireEvent.click(screen.getByTestId('guide-next'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(reports()).toBe(2));
    for (const other of [user({ uid: 'u_t', is_tourist: true }), user({ uid: 'u_n', email: null })]) {
      userStore.set(other);
      act(() => openNewUserGuide());
      await screen.findByTestId('guide-question-use');
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(guideOpenStore.get()).toBe(false));
    }
    expect(reports()).toBe(2);
  });
});

describe('generators pre-filled by the guide’s address', () => {
  const serve = () => mockApi(createGeneratorServer().handlers);
  const checked = (testId: string) =>
    screen.getByTestId(testId).closest('label')?.querySelector('input')?.checked;

  it('static IP: the type and days of the address, priced and searched as such', async () => {
    const api = serve();
    renderAt('/proxy/static/ip?guide=scraping.long.heavy&type=datacenter&days=1', <StaticIpGenerator />);
    await screen.findByTestId('gen-static-ip-form');
    expect(checked('gen-static-ip-type-datacenter')).toBe(true);
    expect(checked('gen-static-ip-days-1')).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('gen-static-ip-price-unit').textContent).toBe('0.25 PTC / day'),
    );
    expect(api.callsTo('GET', '/proxy/area/countries').at(-1)?.query.get('use_in')).toBe(
      'static_datacenter_ip',
    );
  });

  it('static traffic: the type of the address; without one, the default', async () => {
    const api = serve();
    const view = renderAt('/proxy/static/traffic?type=datacenter', <StaticTrafficGenerator />);
    await screen.findByTestId('gen-static-traffic-form');
    expect(checked('gen-static-traffic-type-datacenter')).toBe(true);
    await waitFor(() =>
      expect(api.callsTo('GET', '/proxy/area/countries').at(-1)?.query.get('use_in')).toBe(
        'static_datacenter_traffic',
      ),
    );
    view.unmount();
    renderAt('/proxy/static/traffic?type=mobile', <StaticTrafficGenerator />);
    await screen.findByTestId('gen-static-traffic-form');
    expect(checked('gen-static-traffic-type-residential')).toBe(true);
  });
});
