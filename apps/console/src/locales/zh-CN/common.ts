import type { common as reference } from '../en-US/common';

/** 外壳文案：产品名、布局、公共页面。 */
export const common: Record<keyof typeof reference, string> = {
  'app.name': 'PTC 代理控制台',
  'common.warning': '警告',
  'common.loading': '加载中…',
  'common.error': '错误',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.retry': '重试',
  'comingSoon.description': '该页面即将上线。',
  'notFound.description': '抱歉，您访问的页面不存在。',
  'notFound.backHome': '返回首页',
  'routeError.title': '出错了，请刷新页面',
  'routeError.reload': '刷新',
  'layout.language': '语言',
  'layout.openMenu': '打开菜单',
  'layout.collapseMenu': '收起菜单',
  'layout.expandMenu': '展开菜单',
  'layout.breadcrumb': '面包屑',
  'layout.footer': '© {{year}} PTC 代理控制台',
  'layout.signedOut': '您已退出登录。',
  'layout.balance': '余额',
  'layout.balance.label': '余额 {{balance}} PTC，去充值',
  'layout.demo': '演示',
  'layout.demo.hint': '演示模式：沙箱支付，不涉及真实资金',
};
