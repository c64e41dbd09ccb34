import type { common as reference } from '../en-US/common';

/** Тексты оболочки: название продукта, макеты, общие страницы. */
export const common: Record<keyof typeof reference, string> = {
  'app.name': 'PTC Proxy Console',
  'common.warning': 'Внимание',
  'common.loading': 'Загрузка…',
  'common.error': 'Ошибка',
  'common.cancel': 'Отмена',
  'common.save': 'Сохранить',
  'common.retry': 'Повторить',
  'comingSoon.description': 'Эта страница скоро появится.',
  'notFound.description': 'К сожалению, запрошенная страница не существует.',
  'notFound.backHome': 'На главную',
  'routeError.title': 'Что-то пошло не так, обновите страницу',
  'routeError.reload': 'Обновить',
  'layout.language': 'Язык',
  'layout.openMenu': 'Открыть меню',
  'layout.collapseMenu': 'Свернуть меню',
  'layout.expandMenu': 'Развернуть меню',
  'layout.breadcrumb': 'Навигационная цепочка',
  'layout.footer': '© {{year}} PTC Proxy Console',
  'layout.signedOut': 'Вы вышли из системы.',
  'layout.balance': 'Баланс',
  'layout.balance.label': 'Баланс {{balance}} PTC, пополнить',
  'layout.demo': 'Демо',
  'layout.demo.hint': 'Демо-режим: платежи в песочнице, без реальных денег',
};
