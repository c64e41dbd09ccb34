/** Settings drawer texts. */
export const settings = {
  'settings.title': 'Page settings',
  'settings.open': 'Open page settings',
  'settings.appearance': 'Appearance',
  'settings.theme': 'Dark theme',
  'settings.themeColor': 'Theme colour',
  'settings.themeColor.pick': 'Use theme colour {{color}}',
  'settings.content': 'Content area',
  'settings.navbar': 'Navigation bar',
  'settings.tabBar': 'Tab bar',
  'settings.footer': 'Footer',
  'settings.menuFromServer': 'Menu from server',
  'settings.menuFromServer.hint': 'No server menu source is available yet; the built-in menu is used.',
  'settings.menuWidth': 'Menu width (px)',
  'settings.other': 'Other settings',
  'settings.colorWeak': 'Colour-weak mode',
  'settings.reset': 'Reset to defaults',
};
