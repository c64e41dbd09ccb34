// @vitest-environment jsdom
import type { InvitationInvitees, InvitationSummary, UserInfo } from '@ptc/contracts';
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideMenu } from '../../app/layouts/side-menu';
import { invitation as enUS } from '../../locales/en-US/invitation';
import { invitation as ruRU } from '../../locales/ru-RU/invitation';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import InvitationPage from './invitation.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const LOCKED: InvitationSummary = {
  unlocked: false,
  total_top_up: '37.500000',
  unlock_total: '100.000000',
  remaining: '62.500000',
  reward_per_referral: '1.000000',
  min_first_top_up: '10.000000',
  invite_code: 'ALICE1',
  invitation_link: 'https://console.test/register?ref=ALICE1',
  page_url: null,
  invited_count: 0,
  topped_up_count: 0,
  rewards_earned: '0.000000',
};
const UNLOCKED: InvitationSummary = {
  ...LOCKED,
  unlocked: true,
  total_top_up: '120.000000',
  remaining: '0.000000',
  invited_count: 2,
  topped_up_count: 1,
  rewards_earned: '1.000000',
};
const INVITEES: InvitationInvitees = {
  total: 2,
  page: 1,
  page_size: 10,
  data: [
    {
      name: 'bo***@example.com',
      registered_at: '2026-11-20T10:00:00.000Z',
      status: 'topped_up',
      reward: '1.000000',
      rewarded_at: '2026-11-21T10:00:00.000Z',
    },
    {
      name: '*******1234',
      registered_at: '2026-11-22T10:00:00.000Z',
      status: 'registered',
      reward: null,
      rewarded_at: null,
    },
  ],
};

const serve = (summary: InvitationSummary, overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /invitations': () => ({ data: summary }),
    'GET /invitations/invitees': () => ({ data: INVITEES }),
    ...overrides,
  });

const renderPage = () =>
  render(
    <Providers path="/invitation-program">
      <InvitationPage />
    </Providers>,
  );

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await changeLocale('en-US');
  queryClient.clear();
  localStorage.clear();
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice', inv_switch: false } as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the invitation page', () => {
  it('explains how to unlock it while locked, and shows no code or list', async () => {
    const api = serve(LOCKED);
    renderPage();
    const locked = await screen.findByTestId('invitation-locked');
    expect(locked.textContent).toContain(
      'The invitation programme unlocks after a total top-up of 100.00 PTC',
    );
    expect(screen.getByTestId('invitation-remaining').textContent).toBe(
      'Top up 62.50 PTC more to unlock it.',
    );
    expect(locked.textContent).toContain('Topped up so far: 37.50 of 100.00 PTC');
    expect(screen.getByTestId('invitation-top-up').closest('a')?.getAttribute('href')).toBe('/charge');
    expect(screen.queryByTestId('invitation-page-code')).toBeNull();
    expect(api.calls.some((call) => call.path === '/invitations/invitees')).toBe(false);
  });

  it('shows the link, code, rule, counts and the masked invitees once unlocked', async () => {
    serve(UNLOCKED);
    renderPage();
    expect((await screen.findByTestId('invitation-page-code')).textContent).toContain('ALICE1');
    expect(screen.getByTestId('invitation-page-link').textContent).toContain(
      'https://console.test/register?ref=ALICE1',
    );
    expect(screen.getByTestId('invitation-share-link').textContent).toContain(
      `${window.location.origin}/authentication/ALICE1`,
    );
    expect(screen.getByTestId('invitation-rule').textContent).toBe(
      'You get 1.00 PTC when a customer you invited tops up 10.00 PTC or more for the first time. One reward per invited customer.',
    );
    expect(screen.getByTestId('invitation-invited-count').textContent).toContain('2');
    expect(screen.getByTestId('invitation-earned').textContent).toContain('1.00');
    const rows = await screen.findAllByTestId('invitee');
    expect(rows.map((row) => row.dataset.status)).toEqual(['topped_up', 'registered']);
    expect(within(rows[0] as HTMLElement).getByTestId('invitee-name').textContent).toBe('bo***@example.com');
    expect(rows[0]?.textContent).toContain('Reward +1.00 PTC');
    expect(rows[0]?.textContent).toContain('Topped up');
    expect(rows[1]?.textContent).toContain('No reward');
    expect(rows[1]?.textContent).toContain('Registered 2026-11-22');
  });

  it('embeds the partner page in a sandboxed frame when the operator set one', async () => {
    serve({ ...UNLOCKED, page_url: 'https://partner.test/invite?x=1' });
    renderPage();
    const frame = (await screen.findByTestId('invitation-partner-frame')) as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.origin).toBe('https://partner.test');
    expect(src.searchParams.get('x')).toBe('1');
    expect(src.searchParams.get('invite_code')).toBe('ALICE1');
    expect(src.searchParams.get('lang')).toBe('en-US');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.queryByTestId('invitation-invitees')).toBeNull();
  });

  it('speaks the language in use', async () => {
    await changeLocale('ru-RU');
    serve(LOCKED);
    renderPage();
    expect((await screen.findByTestId('invitation-remaining')).textContent).toBe(
      ruRU['invitation.locked.remaining'].replace('{{amount}}', '62.50'),
    );
  });

  it('says when it fails, and retries', async () => {
    let fail = true;
    serve(UNLOCKED, {
      'GET /invitations': () => {
        if (fail) throw new AppError('ERR_INTERNAL_ERROR');
        return { data: UNLOCKED };
      },
    });
    renderPage();
    const failed = await screen.findByText(enUS['invitation.loadFailed']);
    fail = false;
    fireEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    expect(await screen.findByTestId('invitation-page-code')).toBeTruthy();
  });
});

describe("the menu's invitation entry", () => {
  it('says how it unlocks until inv_switch, then not', async () => {
    serve(LOCKED);
    const { unmount } = render(
      <Providers path="/overview">
        <SideMenu currentRouteName="overview" />
      </Providers>,
    );
    const lock = await screen.findByTestId('menu-invitation-locked');
    expect(lock.closest('a')?.getAttribute('title')).toBe('Unlocks after a total top-up of 100 PTC');
    unmount();
    userStore.set({ user_name: 'alice', inv_switch: true } as UserInfo);
    render(
      <Providers path="/overview">
        <SideMenu currentRouteName="overview" />
      </Providers>,
    );
    await waitFor(() => expect(screen.getAllByText('Invitation program').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('menu-invitation-locked')).toBeNull();
  });
});
