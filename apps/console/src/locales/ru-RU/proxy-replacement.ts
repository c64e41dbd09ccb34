/** Замена адреса статического прокси (issue #21), ru-RU. */
export const proxyReplacement = {
  'proxies.action.replace': 'Заменить IP',
  'proxies.replace.title': 'Замена IP-адреса',
  'proxies.replace.current': 'Текущий IP',
  'proxies.replace.area': 'Регион',
  'proxies.replace.expiry': 'Действует до',
  'proxies.replace.reason': 'Причина',
  'proxies.replace.reason.unhealthy': 'Не работает',
  'proxies.replace.reason.blocked': 'Заблокирован сайтом',
  'proxies.replace.reason.slow': 'Слишком медленный',
  'proxies.replace.reason.other': 'Другое',
  'proxies.replace.note': 'Подробности (необязательно)',
  'proxies.replace.notePlaceholder': 'Что случилось, например какой сайт его блокирует',
  'proxies.replace.free':
    'Бесплатно. Вы получите другой IP в том же регионе; логин, пароль и срок действия не меняются. Соединения через старый IP закроются в течение нескольких секунд.',
  'proxies.replace.blockedHint':
    'Заблокированный IP на время снимается с продажи, чтобы его сразу не получил кто-то другой.',
  'proxies.replace.left':
    'Осталось замен: {{proxyLeft}} из {{proxyLimit}} для этого прокси, {{accountLeft}} из {{accountLimit}} для аккаунта (за {{days}} дн.).',
  'proxies.replace.noneLeft': 'Замены пока закончились.',
  'proxies.replace.nextAt': 'Следующая будет доступна с {{time}}.',
  'proxies.replace.limitsFailed': 'Не удалось загрузить число оставшихся замен.',
  'proxies.replace.confirm': 'Заменить IP',
  'proxies.replace.done': 'IP заменён',
  'proxies.replace.result': '{{from}} → {{to}}',
  'proxies.replace.resultHint': 'Данные для входа прежние: новые соединения выходят уже с нового IP.',
} as const;
