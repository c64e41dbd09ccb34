import type { settings as reference } from '../en-US/settings';

/** Тексты панели настроек. */
export const settings: Record<keyof typeof reference, string> = {
  'settings.title': 'Настройки страницы',
  'settings.open': 'Открыть настройки страницы',
  'settings.appearance': 'Оформление',
  'settings.theme': 'Тёмная тема',
  'settings.themeColor': 'Цвет темы',
  'settings.themeColor.pick': 'Выбрать цвет темы {{color}}',
  'settings.content': 'Область содержимого',
  'settings.navbar': 'Панель навигации',
  'settings.tabBar': 'Панель вкладок',
  'settings.footer': 'Подвал',
  'settings.menuFromServer': 'Меню с сервера',
  'settings.menuFromServer.hint': 'Серверного источника меню пока нет; используется встроенное меню.',
  'settings.menuWidth': 'Ширина меню (px)',
  'settings.other': 'Прочие настройки',
  'settings.colorWeak': 'Режим для дальтоников',
  'settings.reset': 'Сбросить',
};
