import type { TextKey } from './en-US';

/** Русский. */
export const ruRU: Record<TextKey, string> = {
  'app.title': 'PTC Proxy',
  'pairing.paired': 'Связано с {username}',
  'pairing.unpaired':
    'Не связано. Откройте консоль и выберите «Использовать расширение браузера» у прокси, чтобы связать.',
  'pairing.ended': 'Связь завершена (выход из консоли или отзыв). Свяжите заново из консоли.',
  'pairing.unpair': 'Отвязать',
  'pairing.console': 'Консоль: {url}',
  'proxy.title': 'Активный прокси',
  'proxy.none': 'Прямое соединение (без прокси)',
  'proxy.server': 'Сервер',
  'proxy.username': 'Имя пользователя',
  'proxy.location': 'Расположение',
  'proxy.exitIp': 'Внешний IP',
  'proxy.country': 'Страна',
  'proxy.unknown': 'неизвестно',
  'proxy.on': 'Прокси включён',
  'proxy.off': 'Выключить',
  'proxy.switching': 'Переключение прокси…',
  'last.failed': 'Не удалось установить прокси ({reason}). Прежняя настройка восстановлена.',
  'last.timeout': 'Время установки прокси истекло ({reason}). Прежняя настройка восстановлена.',
  'last.refused':
    'Шлюз отказал этому прокси (выключен, истёк или нет средств). Включите его в консоли или выберите другой.',
  'quick.title': 'Быстрый доступ',
  'quick.empty': 'Записей быстрого доступа нет. Добавьте их в консоли.',
  'quick.open': 'Открыть',
  'quick.through': 'через {proxy}',
  'quick.opening': 'Переключаюсь на {proxy} и открываю {url}…',
  'quick.opened': 'Открыто через {proxy}.',
  'quick.proxyGone': 'прокси удалён или истёк',
  'error.generic': 'Что-то пошло не так: {reason}',
  'options.title': 'Настройки расширения PTC Proxy',
  'options.language': 'Язык',
  'options.version': 'Версия {version}',
  'options.id': 'Идентификатор расширения: {id}',
  'options.help':
    'Расширение устанавливает прокси браузера по запросу консоли, само отвечает на запрос пароля прокси и показывает внешний IP. Страницы консоли и узлы из списка исключений оператора всегда открываются напрямую.',
};
