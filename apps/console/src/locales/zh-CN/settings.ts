import type { settings as reference } from '../en-US/settings';

/** 页面配置抽屉文案。 */
export const settings: Record<keyof typeof reference, string> = {
  'settings.title': '页面配置',
  'settings.open': '打开页面配置',
  'settings.appearance': '外观',
  'settings.theme': '暗色主题',
  'settings.themeColor': '主题色',
  'settings.themeColor.pick': '使用主题色 {{color}}',
  'settings.content': '内容区域',
  'settings.navbar': '导航栏',
  'settings.tabBar': '多页签',
  'settings.footer': '底部',
  'settings.menuFromServer': '菜单来源于服务端',
  'settings.menuFromServer.hint': '暂无服务端菜单来源，当前使用内置菜单。',
  'settings.menuWidth': '菜单宽度（px）',
  'settings.other': '其他设置',
  'settings.colorWeak': '色弱模式',
  'settings.reset': '恢复默认',
};
