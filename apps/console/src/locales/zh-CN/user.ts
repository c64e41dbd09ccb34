import type { user as reference } from '../en-US/user';

/** 会话文案：路由守卫提示、用户菜单、会话对话框。 */
export const user: Record<keyof typeof reference, string> = {
  'user.noLogin': '您还未登录，请先登录',
  'user.menu': '账户菜单',
  'user.center': '用户中心',
  'user.newUserGuide': '新手引导',
  'user.guest': '游客',
  'user.logout': '退出登录',
  'user.logout.confirmTitle': '确定退出登录吗？',
  'user.logout.confirmContent': '退出后需要重新登录才能使用控制台。',
  'user.login': '登录',
  'user.register': '注册',
  'user.bindContact.title': '绑定手机号或邮箱',
  'user.bindContact.goToUserCenter': '前往用户中心',
};
