import type { ipAllowList as reference } from '../en-US/ip-allowlist';

/** Тексты страницы белого списка IP (`features/ip-allowlist`). */
export const ipAllowList: Record<keyof typeof reference, string> = {
  'ipAllowList.intro':
    'Клиенты, подключающиеся с этих адресов, используют выбранный прокси без логина и пароля: по HTTP без авторизации на прокси, по SOCKS5 с методом «без аутентификации». Прокси сохраняет свой регион, лимиты и тарификацию. Клиенты, передающие логин и пароль, по-прежнему входят с ними.',
  'ipAllowList.rules':
    'IP-адрес или диапазон CIDR не шире /{{ipv4}} (IPv4) или /{{ipv6}} (IPv6). Диапазон из списка другого аккаунта добавить нельзя. При удалении диапазона открытые с него соединения закрываются.',
  'ipAllowList.count': '{{count}} из {{max}} диапазонов',
  'ipAllowList.add': 'Добавить адрес',
  'ipAllowList.full': 'Достигнут предел белого списка',
  'ipAllowList.currentIp': 'Ваш текущий IP: {{ip}}',
  'ipAllowList.addCurrentIp': 'Добавить этот IP',
  'ipAllowList.loadFailed': 'Не удалось загрузить белый список',
  'ipAllowList.empty': 'Адресов пока нет',
  'ipAllowList.column.network': 'Адрес или диапазон',
  'ipAllowList.column.proxy': 'Прокси',
  'ipAllowList.column.note': 'Заметка',
  'ipAllowList.column.added': 'Добавлен',
  'ipAllowList.column.actions': 'Действия',
  'ipAllowList.proxyOff': 'Выключен',
  'ipAllowList.proxyDeleted': 'Удалён',
  'ipAllowList.delete': 'Удалить',
  'ipAllowList.delete.confirm': 'Удалить {{network}} из белого списка?',
  'ipAllowList.delete.effect':
    'Клиентам с этого адреса снова понадобятся логин и пароль; их открытые соединения будут закрыты.',
  'ipAllowList.delete.done': '{{network}} удалён',
  'ipAllowList.cancel': 'Отмена',
  'ipAllowList.dialog.title': 'Добавить адрес в белый список',
  'ipAllowList.dialog.network': 'IP-адрес или диапазон CIDR',
  'ipAllowList.dialog.networkHint': 'Например, 203.0.113.7 или 203.0.113.0/24',
  'ipAllowList.dialog.networkRequired': 'Введите IP-адрес или диапазон',
  'ipAllowList.dialog.proxy': 'Какой прокси использовать',
  'ipAllowList.dialog.proxyRequired': 'Выберите прокси',
  'ipAllowList.dialog.noProxies': 'У вас ещё нет прокси: сначала создайте его',
  'ipAllowList.dialog.note': 'Заметка (необязательно)',
  'ipAllowList.dialog.noteTooLong': 'Не более {{max}} символов',
  'ipAllowList.dialog.save': 'Добавить',
  'ipAllowList.dialog.saved': '{{network}} добавлен',
  'ipAllowList.family.dynamic-traffic': 'Динамический (трафик)',
  'ipAllowList.family.dynamic-ip': 'Динамический (IP)',
  'ipAllowList.family.static-traffic': 'Статический (трафик)',
  'ipAllowList.family.static-ip': 'Статический (IP)',
};
