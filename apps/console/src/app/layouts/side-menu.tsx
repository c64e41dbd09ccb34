import { LockOutlined } from '@ant-design/icons';
import { formatPtc, REWARDS } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { settingsStore } from '../../features/settings/settings.store';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isTouristSession, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { getMenuLinks, MENU_LINKS_QUERY_KEY, withMenuLinks } from '../navigation/menu-links';
import { buildDefaultMenu, getOpenMenuKeys, type MenuEntry } from '../navigation/route-tree';
import { MENU_ICONS } from './menu-icons';
import './side-menu.css';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The side menu of the default layout, derived from the route table. */
export const SideMenu = ({
  currentRouteName,
  onNavigate,
}: {
  currentRouteName: string;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation();
  const user = useStore(userStore);
  // `menuFromServer` is stored, but there is no server menu source yet: the table is the menu.
  useStore(settingsStore);
  const isTourist = isTouristSession(user);
  // The help centre and sister AI links are the operator's (GET /proxy/menu_links); none for tourists.
  const links = useQuery({
    queryKey: MENU_LINKS_QUERY_KEY,
    queryFn: ({ signal }) => getMenuLinks(signal),
    enabled: Boolean(user) && !isTourist,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const linksData = isTourist ? undefined : links.data;
  const entries = useMemo(
    () => withMenuLinks(buildDefaultMenu({ isTourist }), linksData),
    [isTourist, linksData],
  );

  // The invitation programme follows `inv_switch`: until it unlocks, the entry says how (issue #20).
  const lockedHintOf = (entry: MenuEntry) =>
    entry.key === 'invitationProgram' && user && !user.inv_switch
      ? t('menu.invitationProgram.locked', { total: formatPtc(REWARDS.INVITATION_UNLOCK_TOTAL_TOP_UP, 0) })
      : undefined;

  const toItem = (entry: MenuEntry): MenuItem => {
    const title = t(entry.titleKey);
    const icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
    if (entry.children) return { key: entry.key, icon, label: title, children: entry.children.map(toItem) };
    const label = entry.externalUrl ? (
      <a href={entry.externalUrl} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    ) : (
      <Link to={entry.path ?? '/'} onClick={onNavigate} title={lockedHintOf(entry)}>
        {title}
        {lockedHintOf(entry) ? (
          <LockOutlined style={{ marginInlineStart: 6 }} data-testid="menu-invitation-locked" />
        ) : null}
      </Link>
    );
    return { key: entry.key, icon, label };
  };

  return (
    <Menu
      className="ptc-side-menu"
      mode="inline"
      items={entries.map(toItem)}
      selectedKeys={[currentRouteName]}
      defaultOpenKeys={getOpenMenuKeys(currentRouteName)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
};
