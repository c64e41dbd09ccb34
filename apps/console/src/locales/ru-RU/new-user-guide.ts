/** Тексты гида для новых пользователей (features/new-user-guide): три вопроса и шесть рекомендаций. */
export const newUserGuide = {
  'guide.title': 'Подбор прокси',
  'guide.intro':
    'Ответьте на три вопроса, и мы предложим один из шести типов прокси. На следующей странице всё можно изменить.',
  'guide.progress': 'Вопрос {{n}} из {{total}}',
  'guide.step.use': 'Задача',
  'guide.step.keep': 'Адрес',
  'guide.step.volume': 'Трафик',
  'guide.step.result': 'Итог',

  'guide.use.question': 'Для чего вам прокси?',
  'guide.use.accounts': 'Соцсети и рекламные аккаунты',
  'guide.use.accounts.hint': 'Несколько аккаунтов, каждый как обычный домашний пользователь',
  'guide.use.ecommerce': 'Интернет-торговля и кроссовки',
  'guide.use.ecommerce.hint': 'Магазины, маркетплейсы, лимитированные релизы',
  'guide.use.scraping': 'Парсинг и сбор данных',
  'guide.use.scraping.hint': 'Цены, поисковая выдача и открытые страницы в больших объёмах',
  'guide.use.seo': 'SEO и проверка рекламы',
  'guide.use.seo.hint': 'Выдача и реклама глазами людей из других мест',
  'guide.use.other': 'Другое',
  'guide.use.other.hint': 'Сёрфинг, стриминг, игры, тестирование',

  'guide.keep.question': 'Как долго один IP-адрес должен оставаться прежним?',
  'guide.keep.rotate': 'Новый адрес на каждый запрос или раз в несколько минут',
  'guide.keep.rotate.hint': 'Много адресов, каждый ненадолго',
  'guide.keep.day': 'Один адрес на задачу, до суток',
  'guide.keep.day.hint': 'Сессия, оформление заказа, рабочий день',
  'guide.keep.long': 'Один адрес на дни или недели',
  'guide.keep.long.hint': 'Аккаунт должен всегда входить из одного места',

  'guide.volume.question': 'Сколько данных пройдёт через каждый адрес?',
  'guide.volume.light': 'Немного',
  'guide.volume.light.hint': 'Страницы, входы, публикации: несколько ГБ в месяц',
  'guide.volume.heavy': 'Много',
  'guide.volume.heavy.hint': 'Загрузки, видео, много страниц каждый день',

  'guide.result.title': 'Мы рекомендуем',
  'guide.result.answers': 'Ваши ответы',
  'guide.result.change': 'Другой тип можно выбрать в меню в любое время.',
  'guide.product.static-ip-residential': 'Статические резидентные прокси, оплата за IP',
  'guide.product.static-ip-residential.text':
    'Домашний адрес закрепляется за вами на 1 или 30 дней, трафик не учитывается.',
  'guide.product.static-ip-datacenter': 'Статические прокси дата-центра, оплата за IP',
  'guide.product.static-ip-datacenter.text':
    'Быстрый адрес дата-центра закрепляется за вами на 1 или 30 дней, трафик не учитывается.',
  'guide.product.static-traffic-residential': 'Статические резидентные прокси, оплата за трафик',
  'guide.product.static-traffic-residential.text':
    'Домашний адрес не меняется, оплачивается только прошедший через него трафик.',
  'guide.product.static-traffic-datacenter': 'Статические прокси дата-центра, оплата за трафик',
  'guide.product.static-traffic-datacenter.text':
    'Быстрый адрес дата-центра не меняется, оплачивается только прошедший через него трафик.',
  'guide.product.dynamic-ip': 'Ротационные прокси, оплата за IP',
  'guide.product.dynamic-ip.text':
    'Резидентные адреса по стране, штату или городу; каждый ваш на 24 часа, трафик не учитывается.',
  'guide.product.dynamic-traffic': 'Ротационные прокси, оплата за трафик',
  'guide.product.dynamic-traffic.text':
    'Сменяющиеся резидентные адреса любой страны, штата или города; оплата за использованные гигабайты.',

  'guide.back': 'Назад',
  'guide.next': 'Далее',
  'guide.restart': 'Начать заново',
  'guide.open': 'Открыть генератор',
  'guide.pickAnswer': 'Выберите ответ, чтобы продолжить.',
};
