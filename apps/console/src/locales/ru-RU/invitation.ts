/** Texts of the invitation page (`features/invitation`, issue #20), loaded with it. */
export const invitation = {
  'invitation.intro':
    'Приглашайте других: когда человек, зарегистрировавшийся по вашему коду или ссылке, впервые пополнит баланс, вы получите награду.',
  'invitation.loadFailed': 'Не удалось загрузить партнёрскую программу',
  'invitation.locked.title': 'Партнёрская программа откроется после пополнений на {{total}} PTC в сумме',
  'invitation.locked.remaining': 'Пополните баланс ещё на {{amount}} PTC, чтобы открыть её.',
  'invitation.locked.progress': 'Пополнено: {{amount}} из {{total}} PTC',
  'invitation.locked.note': 'Бонусы и награды не учитываются, только оплаченные пополнения.',
  'invitation.locked.topUp': 'Пополнить',
  'invitation.rule':
    'Вы получите {{reward}} PTC, когда приглашённый вами клиент впервые пополнит баланс на {{min}} PTC или больше. Одна награда за каждого приглашённого.',
  'invitation.link': 'Ссылка-приглашение',
  'invitation.shareLink': 'Ссылка, чтобы поделиться',
  'invitation.code': 'Реферальный код',
  'invitation.stats.invited': 'Приглашено',
  'invitation.stats.toppedUp': 'Пополнили',
  'invitation.stats.earned': 'Получено наград (PTC)',
  'invitation.invitees': 'Приглашённые клиенты',
  'invitation.invitees.empty': 'По вашему коду ещё никто не зарегистрировался',
  'invitation.invitee.registered': 'Зарегистрирован {{date}}',
  'invitation.invitee.status.registered': 'Зарегистрирован',
  'invitation.invitee.status.topped_up': 'Пополнил баланс',
  'invitation.invitee.reward': 'Награда +{{amount}} PTC',
  'invitation.invitee.noReward': 'Без награды',
  'invitation.partner.title': 'Страница партнёра программы приглашений',
};
