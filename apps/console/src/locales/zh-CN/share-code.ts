/** Texts of the share-code page `/authentication/:auth` (`features/share-code`, issue #20), loaded with it. */
export const shareCode = {
  'shareCode.title': '邀请',
  'shareCode.invitedBy': '{{inviter}} 邀请您加入',
  'shareCode.code': '邀请码：{{code}}',
  'shareCode.registerHint': '使用此邀请注册账户：邀请码已为您填好。',
  'shareCode.register': '注册',
  'shareCode.haveAccount': '已有账户？',
  'shareCode.login': '登录',
  'shareCode.signedIn.bindHint':
    '您已登录。如需接受此邀请，请打开个人中心，选择"绑定邀请码"并填写邀请码 {{code}}。',
  'shareCode.signedIn.openUserCenter': '打开个人中心',
  'shareCode.signedIn.alreadyBound': '您的账户已绑定邀请人，无法再添加此邀请。',
  'shareCode.signedIn.boundToThis': '此邀请已绑定到您的账户。',
  'shareCode.signedIn.own': '这是您自己的邀请码：分享此链接即可邀请他人。',
  'shareCode.toConsole': '进入控制台',
  'shareCode.invalid.description': '邀请链接可能有误或已失效。您仍然可以注册账户或登录。',
  'shareCode.loadFailed': '无法验证此邀请',
};
