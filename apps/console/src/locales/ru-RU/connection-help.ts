/** Texts of the connection-help pages (`features/connection-help`), loaded with them. */
export const connectionHelp = {
  'connectionHelp.loadFailed': 'Не удалось загрузить список',
  'connectionHelp.empty': 'Здесь пока ничего нет',
  'connectionHelp.version': 'Версия {{version}}',
  'connectionHelp.released': 'Выпущено {{date}}',
  'connectionHelp.download': 'Скачать',
  'connectionHelp.copy': 'Копировать',
  'connectionHelp.copied': 'Скопировано',
  'connectionHelp.tool.intro':
    'Установите инструмент подключения, чтобы направить трафик любого приложения на компьютере или телефоне через ваш прокси.',
  'connectionHelp.host.title': 'Хост шлюза',
  'connectionHelp.host.intro':
    'Выберите хост шлюза, к которому подключаются ваши прокси; обычно быстрее всего ближайший к вам.',
  'connectionHelp.host.current': 'Ваши прокси подключаются к',
  'connectionHelp.host.default': 'По умолчанию',
  'connectionHelp.host.save': 'Сохранить',
  'connectionHelp.host.saved': 'Хост шлюза сохранён',
  'connectionHelp.host.loadFailed': 'Не удалось загрузить хосты шлюза',
  'connectionHelp.host.single': 'Этот сервис предлагает один хост шлюза.',
  'connectionHelp.mobile.intro':
    'Пользуйтесь прокси на телефоне. Приложение для iOS доступно в App Store за пределами материкового Китая.',
  'connectionHelp.mobile.store': 'Открыть в магазине',
  'connectionHelp.mobile.apk': 'Скачать APK',
  'connectionHelp.mobile.scan': 'Отсканируйте телефоном',
  'connectionHelp.fingerprint.intro':
    'Антидетект-браузеры разделяют аккаунты: у каждого профиля свой прокси. По этим промокодам партнёры дают скидку.',
  'connectionHelp.fingerprint.promoCode': 'Промокод:',
  'connectionHelp.fingerprint.visit': 'Перейти на {{name}}',
};
