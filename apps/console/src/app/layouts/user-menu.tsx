import { HistoryOutlined, LogoutOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/logout';
import { openNewUserGuide } from '../../features/new-user-guide/guide-trigger';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { findRoute } from '../navigation/route-tree';

/**
 * The user menu: name, link to the user center, the money trail, the new-user guide (the help
 * entry: it opens the guide's dialog), and "Log out" behind a confirmation that uses
 * antd's own (localized) OK and Cancel buttons. E2E hooks: `data-testid="user-menu"` on the
 * trigger, `data-testid="logout-menu-item"` inside the Log out item.
 */
export const UserMenu = ({
  userCenterPath,
  isCompact = false,
}: {
  userCenterPath: string;
  isCompact?: boolean;
}) => {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const user = useStore(userStore);
  const name = user?.user_name || t('user.guest');

  const confirmLogout = () => {
    void modal.confirm({
      title: t('user.logout.confirmTitle'),
      content: t('user.logout.confirmContent'),
      onOk: signOut,
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'name', label: name, disabled: true },
          { type: 'divider' },
          { key: 'userCenter', icon: <UserOutlined />, label: t('user.center') },
          {
            key: 'moneyTrail',
            icon: <HistoryOutlined />,
            label: <span data-testid="money-trail-menu-item">{t('menu.moneyTrail')}</span>,
          },
          {
            key: 'newUserGuide',
            icon: <QuestionCircleOutlined />,
            label: <span data-testid="new-user-guide-menu-item">{t('user.newUserGuide')}</span>,
          },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout-menu-item">{t('user.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'userCenter') void navigate(userCenterPath);
          if (key === 'moneyTrail') void navigate(findRoute('moneyTrail')?.fullPath ?? '/charge/history');
          if (key === 'newUserGuide') openNewUserGuide();
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Button type="text" aria-label={t('user.menu')} data-testid="user-menu" style={{ paddingInline: 8 }}>
        <Avatar size="small" icon={<UserOutlined />} />
        {isCompact ? null : <span data-testid="user-name">{name}</span>}
      </Button>
    </Dropdown>
  );
};
