/** Where to top up from a phone or tablet (recharging is for computers, SPEC §2): overview and charge page. */
export const topUpDevice = {
  'charge.device.title': 'Пополните баланс с компьютера',
  'charge.device.detail':
    'На телефонах и планшетах пополнение недоступно. Откройте консоль на компьютере по адресу {{address}} и пополните баланс там — баланс, прокси и история те же.',
  'charge.device.copy': 'Скопировать адрес',
  'charge.device.copied': 'Адрес скопирован',
};
