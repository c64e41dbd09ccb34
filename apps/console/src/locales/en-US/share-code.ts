/** Texts of the share-code page `/authentication/:auth` (`features/share-code`, issue #20), loaded with it. */
export const shareCode = {
  'shareCode.title': 'Invitation',
  'shareCode.invitedBy': 'You were invited by {{inviter}}',
  'shareCode.code': 'Invitation code: {{code}}',
  'shareCode.registerHint': 'Create your account with this invitation: the code is filled in for you.',
  'shareCode.register': 'Register',
  'shareCode.haveAccount': 'Already have an account?',
  'shareCode.login': 'Log in',
  'shareCode.signedIn.bindHint':
    'You are signed in. To accept this invitation, open the user center and choose "Bind referral code" with the code {{code}}.',
  'shareCode.signedIn.openUserCenter': 'Open the user center',
  'shareCode.signedIn.alreadyBound':
    'A referrer is already bound to your account, so this invitation cannot be added.',
  'shareCode.signedIn.boundToThis': 'This invitation is already bound to your account.',
  'shareCode.signedIn.own': 'This is your own invitation code: share this link to invite other people.',
  'shareCode.toConsole': 'Go to the console',
  'shareCode.invalid.description':
    'The invitation link may be mistyped or no longer valid. You can still create an account or log in.',
  'shareCode.loadFailed': 'The invitation could not be checked',
};
