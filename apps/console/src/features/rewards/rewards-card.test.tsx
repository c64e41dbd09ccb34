// @vitest-environment jsdom
import {
  AppError,
  type DailySignInStatus,
  type Questionnaire,
  type QuestionnaireShow,
  type UserInfo,
} from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors as enErrors } from '../../locales/en-US/errors';
import { rewards as enUS } from '../../locales/en-US/rewards';
import { rewards as ruRU } from '../../locales/ru-RU/rewards';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import RewardsCard from './rewards-card';
import { answersOf } from './survey-window';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const TODAY = '2026-11-27';

const USER = {
  user_name: 'alice',
  email: 'alice@example.test',
  is_tourist: false,
  is_new_user: false,
  question_switch: true,
  show_questionnaire_windows: false,
  to_band_phone: false,
  has_gift: true,
  balance: '0.000000',
} as UserInfo;

const QUESTIONNAIRE: Questionnaire = {
  reward: '1.000000',
  list: [
    {
      id: 'use_case',
      type: 'multiple',
      title: 'What for?',
      required: true,
      options: [
        { id: 'ads', label: 'Ads' },
        { id: 'scraping', label: 'Scraping' },
      ],
    },
    {
      id: 'source',
      type: 'single',
      title: 'Where from?',
      required: true,
      options: [
        { id: 'search', label: 'Search' },
        { id: 'friend', label: 'Friend' },
      ],
    },
    { id: 'remark', type: 'text', title: 'Remark', required: false, options: [], max_length: 500 },
  ],
};

let status: DailySignInStatus;
let toasts: string[];

const serve = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /user/info': () => ({ data: userStore.get() }),
    'GET /user/sign_in/daily': () => ({ data: status }),
    'POST /user/sign_in/daily': () => {
      if (status.signed_today) throw new AppError('SIGNIN_FAILED');
      status = { ...status, signed_today: true, streak: status.streak + 1, days: [...status.days, TODAY] };
      return { data: { ...status, credited: '0.010000', limited: false } };
    },
    'GET /questionnaires': () => ({ data: QUESTIONNAIRE }),
    ...overrides,
  });

const show = (overrides: Partial<QuestionnaireShow> = {}): QuestionnaireShow => ({
  show: false,
  question_switch: true,
  answered: true,
  to_band_phone: true,
  has_gift: true,
  rewarded: false,
  reward: '1.000000',
  ...overrides,
});

const renderCard = () =>
  render(
    <Providers path="/dashboard/overview">
      <RewardsCard />
    </Providers>,
  );

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await changeLocale('en-US');
  queryClient.clear();
  localStorage.clear();
  toasts = recordToasts();
  setToken('session-token');
  userStore.set({ ...USER });
  status = {
    today: TODAY,
    signed_today: false,
    reward: '0.010000',
    streak: 2,
    days: ['2026-11-20', '2026-11-25', '2026-11-26'],
    next_at: '2026-11-28T00:00:00.000Z',
  };
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the rewards card', () => {
  it('shows the reward, the streak and the last 30 days, and signs in once', async () => {
    const api = serve();
    renderCard();
    const card = await screen.findByTestId('rewards-card');
    await waitFor(() => expect(card.textContent).toContain('Sign in once a day to receive 0.01 PTC.'));
    expect(screen.getByTestId('sign-in-streak').textContent).toBe('Streak: 2 day(s)');
    const cells = within(screen.getByTestId('sign-in-calendar')).getAllByRole('listitem');
    expect(cells).toHaveLength(30);
    expect(cells[0]?.dataset.day).toBe('2026-10-29');
    expect(cells[29]?.dataset.day).toBe(TODAY);
    expect(cells.filter((cell) => cell.dataset.signed === 'true').map((cell) => cell.dataset.day)).toEqual([
      '2026-11-20',
      '2026-11-25',
      '2026-11-26',
    ]);
    fireEvent.click(screen.getByTestId('sign-in-today'));
    await screen.findByTestId('sign-in-done');
    expect(screen.getByTestId('sign-in-streak').textContent).toBe('Streak: 3 day(s)');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('sign-in-calendar')).getAllByRole('listitem').at(-1)?.dataset.signed,
      ).toBe('true'),
    );
    expect(api.callsTo('POST', '/user/sign_in/daily')).toHaveLength(1);
    // A second time the same day: the server's 6002, shown with the code table's text (SPEC §8).
    await waitFor(() => expect(screen.getByTestId('sign-in-today').className).not.toContain('loading'));
    fireEvent.click(screen.getByTestId('sign-in-today'));
    await waitFor(() => expect(toasts).toEqual([enErrors['errors.SIGNIN_FAILED']]));
  });

  it('pops the survey window up once, sends the answers and asks for a phone', async () => {
    userStore.set({ ...USER, show_questionnaire_windows: true });
    const api = serve({ 'POST /questionnaires': () => ({ data: show() }) });
    renderCard();
    const window = await screen.findByTestId('survey-window');
    await within(window).findByText('What for?');
    fireEvent.click(within(window).getByTestId('survey-submit'));
    expect(await within(window).findAllByText(enUS['rewards.survey.required'])).toHaveLength(2);
    fireEvent.click(within(window).getByLabelText('Ads'));
    fireEvent.click(within(window).getByLabelText('Friend'));
    fireEvent.click(within(window).getByTestId('survey-submit'));
    await within(window).findByText('Bind a phone to receive 1 PTC');
    expect(api.callsTo('POST', '/questionnaires')[0]?.body).toEqual({
      answers: [
        { question_id: 'use_case', option_ids: ['ads'] },
        { question_id: 'source', option_ids: ['friend'] },
      ],
    });
    expect(toasts).toEqual([]);
  });

  it('stays silent when a survey call fails, and closing before answering tells the server', async () => {
    userStore.set({ ...USER, show_questionnaire_windows: true });
    const api = serve({
      'POST /questionnaires': () => {
        throw new AppError('ERR_ARGUMENT_TYPE');
      },
      'POST /questionnaire/show': () => ({ data: show({ answered: false, to_band_phone: false }) }),
    });
    renderCard();
    const window = await screen.findByTestId('survey-window');
    await within(window).findByText('What for?');
    fireEvent.click(within(window).getByLabelText('Scraping'));
    fireEvent.click(within(window).getByLabelText('Search'));
    fireEvent.click(within(window).getByTestId('survey-submit'));
    await within(window).findByText(enUS['rewards.survey.failed']);
    expect(toasts).toEqual([]);
    fireEvent.click(within(window).getByTestId('survey-later'));
    await waitFor(() => expect(api.callsTo('POST', '/questionnaire/show')).toHaveLength(1));
    expect(api.callsTo('POST', '/questionnaire/show')[0]?.body).toEqual({ show: false });
    await waitFor(() => expect(screen.queryByTestId('survey-window')).toBeNull());
  });

  it('offers the phone step after the survey, in Russian', async () => {
    await changeLocale('ru-RU');
    userStore.set({ ...USER, to_band_phone: true });
    serve();
    renderCard();
    const card = await screen.findByTestId('rewards-card');
    await waitFor(() =>
      expect(card.textContent).toContain(ruRU['rewards.survey.bindOffer'].replace('{{amount}}', '1')),
    );
    expect(screen.getByTestId('sign-in-today').textContent).toBe(ruRU['rewards.signIn.button']);
    fireEvent.click(screen.getByTestId('survey-open'));
    expect(await screen.findByText(ruRU['rewards.survey.bindTitle'].replace('{{amount}}', '1'))).toBeTruthy();
  });

  it('shows nothing to a tourist, and the reward received once it was', async () => {
    userStore.set({ ...USER, is_tourist: true });
    const api = serve();
    const { unmount } = renderCard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('rewards-card')).toBeNull();
    expect(api.callsTo('GET', '/user/sign_in/daily')).toHaveLength(0);
    unmount();
    userStore.set({ ...USER, has_gift: false });
    renderCard();
    expect(await screen.findByText(enUS['rewards.survey.rewarded'])).toBeTruthy();
  });
});

describe('answersOf', () => {
  it('leaves out unanswered optional questions and trims texts', () => {
    expect(answersOf(QUESTIONNAIRE.list, { use_case: ['ads'], source: 'search', remark: '  ' })).toEqual({
      answers: [
        { question_id: 'use_case', option_ids: ['ads'] },
        { question_id: 'source', option_ids: ['search'] },
      ],
    });
    expect(answersOf(QUESTIONNAIRE.list, { use_case: [], source: 'x', remark: ' ok ' }).answers).toEqual([
      { question_id: 'source', option_ids: ['x'] },
      { question_id: 'remark', text: 'ok' },
    ]);
  });
});
