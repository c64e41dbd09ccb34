import type { MenuLinks } from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { MenuEntry } from './route-tree';

/** Menu entries whose address the operator sets at run time, and the field of `GET /proxy/menu_links` giving it. */
const RUNTIME_LINKS: Readonly<Record<string, keyof MenuLinks>> = {
  helpCenter: 'help_center_url',
  sisterAi: 'sister_ai_url',
};

/** The query key of the operator's menu links. */
export const MENU_LINKS_QUERY_KEY = ['menu-links'] as const;

/** `GET /proxy/menu_links`; silent: without it the entries are just not shown. */
export const getMenuLinks = (signal?: AbortSignal) =>
  api.request<MenuLinks>({ path: '/proxy/menu_links', silent: true, ...(signal ? { signal } : {}) });

/**
 * The menu with the operator's links (issue #20): the help centre and sister AI entries point where
 * `GET /proxy/menu_links` says, and are left out while it has not answered, when it names no link
 * (not configured) and for tourists (the server gives them none; SPEC §2).
 */
export const withMenuLinks = (entries: readonly MenuEntry[], links: MenuLinks | undefined): MenuEntry[] =>
  entries.flatMap((entry) => {
    const field = RUNTIME_LINKS[entry.key];
    if (!field) return [entry];
    const url = links?.[field];
    return url ? [{ ...entry, externalUrl: url }] : [];
  });
