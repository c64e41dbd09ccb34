import {
  ApiOutlined,
  ChromeOutlined,
  DashboardOutlined,
  EyeInvisibleOutlined,
  GiftOutlined,
  GlobalOutlined,
  LinkOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../../routes.types';

/** Icon components of the menu icon names used in the route table. */
export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  proxy: <GlobalOutlined />,
  charge: <WalletOutlined />,
  quickAccess: <ThunderboltOutlined />,
  userCenter: <UserOutlined />,
  browserExtension: <ChromeOutlined />,
  connection: <LinkOutlined />,
  apiV1: <ApiOutlined />,
  apiV2: <ApiOutlined />,
  invitation: <GiftOutlined />,
  anonymous: <EyeInvisibleOutlined />,
  helpCenter: <QuestionCircleOutlined />,
  sisterAi: <RobotOutlined />,
};
