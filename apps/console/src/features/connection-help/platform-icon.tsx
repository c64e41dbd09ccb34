import {
  AndroidOutlined,
  AppleOutlined,
  DesktopOutlined,
  LinuxOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import type { ToolPlatform } from '@ptc/contracts';

/** Platform names as every language writes them (product names). */
export const PLATFORM_NAMES: Record<ToolPlatform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};

/** The platform's logo. */
export const PlatformIcon = ({ platform }: { platform: ToolPlatform }) => {
  switch (platform) {
    case 'windows':
      return <WindowsOutlined />;
    case 'macos':
    case 'ios':
      return <AppleOutlined />;
    case 'linux':
      return <LinuxOutlined />;
    case 'android':
      return <AndroidOutlined />;
    default:
      return <DesktopOutlined />;
  }
};
