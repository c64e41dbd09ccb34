/** Texts of the share-code page `/authentication/:auth` (`features/share-code`, issue #20), loaded with it. */
export const shareCode = {
  'shareCode.title': 'Приглашение',
  'shareCode.invitedBy': 'Вас пригласил(а) {{inviter}}',
  'shareCode.code': 'Код приглашения: {{code}}',
  'shareCode.registerHint': 'Создайте аккаунт по этому приглашению: код уже подставлен.',
  'shareCode.register': 'Зарегистрироваться',
  'shareCode.haveAccount': 'Уже есть аккаунт?',
  'shareCode.login': 'Войти',
  'shareCode.signedIn.bindHint':
    'Вы уже вошли. Чтобы принять приглашение, откройте личный кабинет и выберите «Привязать реферальный код» с кодом {{code}}.',
  'shareCode.signedIn.openUserCenter': 'Открыть личный кабинет',
  'shareCode.signedIn.alreadyBound':
    'К вашему аккаунту уже привязан пригласивший, поэтому это приглашение добавить нельзя.',
  'shareCode.signedIn.boundToThis': 'Это приглашение уже привязано к вашему аккаунту.',
  'shareCode.signedIn.own':
    'Это ваш собственный код приглашения: поделитесь этой ссылкой, чтобы пригласить других.',
  'shareCode.toConsole': 'Перейти в консоль',
  'shareCode.invalid.description':
    'Ссылка-приглашение, возможно, набрана с ошибкой или больше не действует. Вы всё равно можете создать аккаунт или войти.',
  'shareCode.loadFailed': 'Не удалось проверить приглашение',
};
