// @vitest-environment jsdom
import type { UserInfo } from '@ptc/contracts';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import { withMenuLinks } from '../navigation/menu-links';
import { buildDefaultMenu } from '../navigation/route-tree';
import { SideMenu } from './side-menu';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const HELP = 'https://help.vendor.example/';
const AI = 'https://ai.vendor.example/authentication';

const renderMenu = (
  user: Partial<UserInfo>,
  links: { help_center_url: string | null; sister_ai_url: string | null },
) => {
  setToken('token');
  userStore.set({ user_name: 'alice', inv_switch: true, ...user } as UserInfo);
  const api = mockApi({ 'GET /proxy/menu_links': () => ({ data: links }) });
  render(
    <Providers path="/overview">
      <SideMenu currentRouteName="overview" />
    </Providers>,
  );
  return api;
};
const linkTo = (name: string) => screen.queryByRole('link', { name });

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});
beforeEach(() => {
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe("the side menu's help centre and sister AI links (issue #20)", () => {
  it('points them where the operator says, in a new tab', async () => {
    renderMenu({}, { help_center_url: HELP, sister_ai_url: AI });
    await waitFor(() => expect(linkTo('Help center')?.getAttribute('href')).toBe(HELP));
    expect(linkTo('AI tools')?.getAttribute('href')).toBe(AI);
    expect(linkTo('AI tools')?.getAttribute('target')).toBe('_blank');
  });

  it('leaves out a link the operator did not set', async () => {
    const api = renderMenu({}, { help_center_url: HELP, sister_ai_url: null });
    await waitFor(() => expect(linkTo('Help center')).not.toBeNull());
    expect(linkTo('AI tools')).toBeNull();
    expect(api.callsTo('GET', '/proxy/menu_links')).toHaveLength(1);
  });

  it('shows a tourist neither, without asking', async () => {
    const api = renderMenu({ is_tourist: true }, { help_center_url: HELP, sister_ai_url: AI });
    await waitFor(() => expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(3));
    expect(linkTo('Help center')).toBeNull();
    expect(linkTo('AI tools')).toBeNull();
    expect(api.callsTo('GET', '/proxy/menu_links')).toEqual([]);
  });

  it('keeps every other entry as the route table has it', () => {
    const entries = buildDefaultMenu({ isTourist: false });
    const keys = withMenuLinks(entries, undefined).map((entry) => entry.key);
    expect(keys).toEqual(
      entries.map((entry) => entry.key).filter((key) => key !== 'helpCenter' && key !== 'sisterAi'),
    );
  });
});
