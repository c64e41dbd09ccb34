/** Session texts: guard warnings, user menu, session dialogs. */
export const user = {
  'user.noLogin': 'You are not logged in, please log in first',
  'user.menu': 'Account menu',
  'user.center': 'User center',
  'user.newUserGuide': 'New-user guide',
  'user.guest': 'Guest',
  'user.logout': 'Log out',
  'user.logout.confirmTitle': 'Log out?',
  'user.logout.confirmContent': 'You will need to log in again to use the console.',
  'user.login': 'Log in',
  'user.register': 'Register',
  'user.bindContact.title': 'Bind a phone or email',
  'user.bindContact.goToUserCenter': 'Go to user center',
};
