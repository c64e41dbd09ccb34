import type { Locale } from '@ptc/contracts';

/** Texts of the wallet's notices, in the language saved with the setting that sends them. */
const alarm: Record<Locale, (balance: string, threshold: string) => { subject: string; text: string }> = {
  'en-US': (balance, threshold) => ({
    subject: 'Your PTC balance is low',
    text: `Your PTC balance is ${balance}, below your alarm of ${threshold}. Top up to keep your proxies running.`,
  }),
  'zh-CN': (balance, threshold) => ({
    subject: '您的 PTC 余额不足',
    text: `您的 PTC 余额为 ${balance}，已低于您设置的提醒值 ${threshold}。请及时充值，以免代理中断。`,
  }),
  'ru-RU': (balance, threshold) => ({
    subject: 'Баланс PTC на исходе',
    text: `Ваш баланс PTC — ${balance}, ниже порога оповещения ${threshold}. Пополните баланс, чтобы прокси продолжали работать.`,
  }),
};

/** The balance alarm message. */
export const balanceAlarmMessage = (lang: string, balance: string, threshold: string) =>
  (alarm[lang as Locale] ?? alarm['en-US'])(balance, threshold);

const failure: Record<Locale, (amount: string, reason: string) => { subject: string; text: string }> = {
  'en-US': (amount, reason) => ({
    subject: 'Auto top-up failed',
    text: `We could not charge your saved card ${amount} PTC for auto top-up: ${reason}. Please check the card in the console.`,
  }),
  'zh-CN': (amount, reason) => ({
    subject: '自动充值失败',
    text: `自动充值 ${amount} PTC 时，您保存的银行卡扣款失败：${reason}。请在控制台检查您的银行卡。`,
  }),
  'ru-RU': (amount, reason) => ({
    subject: 'Автопополнение не удалось',
    text: `Не удалось списать ${amount} PTC с сохранённой карты для автопополнения: ${reason}. Проверьте карту в консоли.`,
  }),
};

/** The notice of a failed automatic charge. */
export const autoTopUpFailureMessage = (lang: string, amount: string, reason: string) =>
  (failure[lang as Locale] ?? failure['en-US'])(amount, reason);
