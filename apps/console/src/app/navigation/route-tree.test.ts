import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../routes.types';
import {
  buildDefaultMenu,
  buildMenu,
  findRoute,
  getOpenMenuKeys,
  getRouteTrail,
  isPublicRoute,
  isWebappRoute,
} from './route-tree';

const menuKeys = (entries: ReturnType<typeof buildMenu>): string[] =>
  entries.flatMap((entry) => [entry.key, ...menuKeys(entry.children ?? [])]);

describe('buildMenu', () => {
  const table: AppRoute[] = [
    { name: 'b', path: '/b', titleKey: 'b', order: 2, layout: 'default' },
    { name: 'a', path: '/a', titleKey: 'a', order: 1, layout: 'default' },
    { name: 'hidden', path: '/h', titleKey: 'h', order: 3, layout: 'default', hideInMenu: true },
    {
      name: 'ext',
      titleKey: 'e',
      order: 4,
      layout: 'default',
      hideForTourist: true,
      externalUrl: 'https://x.test',
    },
    {
      name: 'emptyGroup',
      titleKey: 'g',
      order: 5,
      layout: 'default',
      children: [
        { name: 'inner', path: '/inner', titleKey: 'i', order: 1, layout: 'default', hideInMenu: true },
      ],
    },
  ];

  it('orders entries by their menu order and leaves hidden ones out', () => {
    expect(menuKeys(buildMenu(table, { isTourist: false }))).toEqual(['a', 'b', 'ext']);
  });

  it('hides tourist-hidden entries from tourists only', () => {
    expect(menuKeys(buildMenu(table, { isTourist: true }))).toEqual(['a', 'b']);
  });

  it('drops a group whose entries are all hidden', () => {
    expect(menuKeys(buildMenu(table, { isTourist: false }))).not.toContain('emptyGroup');
  });
});

describe('the default menu', () => {
  it('lists the console sections in table order with external links', () => {
    const menu = buildDefaultMenu({ isTourist: false });
    expect(menu.map((entry) => entry.key)).toEqual([
      'dashboard',
      'proxy',
      'charge',
      'quickAccess',
      'userCenter',
      'browserExtension',
      'connectionAssistance',
      'apiV2',
      'invitationProgram',
      'anonymous',
      'helpCenter',
      'sisterAi',
    ]);
    expect(menu.find((entry) => entry.key === 'dashboard')?.children?.[0]?.path).toBe('/dashboard/overview');
    // The operator's address replaces the placeholder at run time (menu-links.ts).
    expect(menu.find((entry) => entry.key === 'helpCenter')?.externalUrl).toBe('operator:help_center_url');
  });

  it('hides the help centre and the sister AI product from tourists', () => {
    const keys = menuKeys(buildDefaultMenu({ isTourist: true }));
    expect(keys).not.toContain('helpCenter');
    expect(keys).not.toContain('sisterAi');
    expect(keys).toContain('charge');
  });

  it('never lists API v1, the payment pages or the public pages', () => {
    const keys = menuKeys(buildDefaultMenu({ isTourist: false }));
    for (const hidden of ['apiV1ApiKey', 'apiV1Document', 'stripe', 'wechatPay', 'login']) {
      expect(keys).not.toContain(hidden);
    }
  });
});

describe('route lookups', () => {
  it('resolves webapp paths below /webapp', () => {
    expect(findRoute('webappCharge')?.fullPath).toBe('/webapp/charge');
  });

  it('tells public routes from signed-in ones', () => {
    expect(isPublicRoute('login')).toBe(true);
    expect(isPublicRoute('notFound')).toBe(true);
    expect(isPublicRoute('charge')).toBe(false);
    expect(isPublicRoute('no-such-route')).toBe(false);
  });

  it('recognises the native-app wrapper by the route name prefix', () => {
    expect(isWebappRoute('webappCharge')).toBe(true);
    expect(isWebappRoute('charge')).toBe(false);
  });

  it('builds the breadcrumb trail without the layout group', () => {
    expect(getRouteTrail('proxyStaticIp').map((route) => route.titleKey)).toEqual([
      'menu.proxy',
      'menu.proxy.staticIp',
    ]);
    expect(getRouteTrail('charge').map((route) => route.name)).toEqual(['charge']);
  });

  it('opens the menu group of the current page', () => {
    expect(getOpenMenuKeys('proxyDynamicIp')).toEqual(['proxy']);
    expect(getOpenMenuKeys('charge')).toEqual([]);
  });
});
