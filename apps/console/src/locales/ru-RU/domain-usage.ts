/** Тексты статистики по доменам (`features/domain-usage`): карточка популярных доменов, диалог и переключатель. */
export const domainUsage = {
  'domainUsage.title': 'Популярные домены',
  'domainUsage.dialogTitle': 'Популярные домены · {{name}}',
  'domainUsage.action': 'Популярные домены',
  'domainUsage.range.24h': '24 часа',
  'domainUsage.range.7d': '7 дней',
  'domainUsage.range.30d': '30 дней',
  'domainUsage.sort.bytes': 'По трафику',
  'domainUsage.sort.requests': 'По запросам',
  'domainUsage.requests': 'Запросов: {{count}}',
  'domainUsage.total': 'Доменов: {{domains}} · {{bytes}} · запросов: {{requests}}',
  'domainUsage.other': 'Другие домены',
  'domainUsage.empty': 'За этот период трафика не было.',
  'domainUsage.loadFailed': 'Не удалось загрузить популярные домены',
  'domainUsage.off':
    'Статистика по доменам выключена: новые данные не записываются. Включить её можно в личном кабинете.',
  'domainUsage.setting.title': 'Статистика по доменам',
  'domainUsage.setting.help':
    'Записывает домены, к которым подключаются ваши прокси (только имя хоста, никогда не содержимое), трафик и запросы по часам; хранится {{days}} дн.',
  'domainUsage.setting.label': 'Собирать статистику по доменам',
  'domainUsage.setting.offTitle': 'Выключить статистику по доменам?',
  'domainUsage.setting.offText': 'С этого момента новые данные не записываются.',
  'domainUsage.setting.deleteExisting': 'Также удалить уже сохранённые данные',
  'domainUsage.setting.confirm': 'Выключить',
  'domainUsage.setting.saved': 'Сохранено',
};
