import type { user as reference } from '../en-US/user';

/** Тексты сеанса: предупреждения, меню пользователя, диалоги. */
export const user: Record<keyof typeof reference, string> = {
  'user.noLogin': 'Вы не вошли в систему, пожалуйста, сначала войдите',
  'user.menu': 'Меню аккаунта',
  'user.center': 'Личный кабинет',
  'user.newUserGuide': 'Гид для новичков',
  'user.guest': 'Гость',
  'user.logout': 'Выйти',
  'user.logout.confirmTitle': 'Выйти из аккаунта?',
  'user.logout.confirmContent': 'Чтобы снова пользоваться консолью, нужно будет войти заново.',
  'user.login': 'Войти',
  'user.register': 'Зарегистрироваться',
  'user.bindContact.title': 'Привяжите телефон или почту',
  'user.bindContact.goToUserCenter': 'Перейти в личный кабинет',
};
