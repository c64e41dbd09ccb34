import type { Locale } from '@ptc/contracts';

type Notice = { subject: string; text: string };

/** What a renewal notice says about the PC. */
export interface VmNoticeFacts {
  /** The PC's id and configuration, e.g. "pc-1a2b… (Standard)". */
  pc: string;
  /** The price of the renewal in PTC. */
  price: string;
  /** Days bought (renewed) or that would have been bought. */
  days: number;
  /** The expiry, ISO 8601 UTC without seconds. */
  expiresAt: string;
}

const renewed: Record<Locale, (facts: VmNoticeFacts) => Notice> = {
  'en-US': ({ pc, price, days, expiresAt }) => ({
    subject: 'Your remote PC was renewed',
    text: `Your remote PC ${pc} was renewed automatically for ${days} day(s) (${price} PTC). It now expires at ${expiresAt} (UTC). You can turn automatic renewal off in the console.`,
  }),
  'zh-CN': ({ pc, price, days, expiresAt }) => ({
    subject: '您的云电脑已自动续费',
    text: `您的云电脑 ${pc} 已自动续费 ${days} 天（${price} PTC），新的到期时间为 ${expiresAt}（UTC）。您可以在控制台关闭自动续费。`,
  }),
  'ru-RU': ({ pc, price, days, expiresAt }) => ({
    subject: 'Удалённый ПК продлён',
    text: `Ваш удалённый ПК ${pc} продлён автоматически на ${days} дн. (${price} PTC). Теперь он истекает ${expiresAt} (UTC). Автопродление можно отключить в консоли.`,
  }),
};

const failed: Record<Locale, (facts: VmNoticeFacts) => Notice> = {
  'en-US': ({ pc, price, days, expiresAt }) => ({
    subject: 'Your remote PC could not be renewed',
    text: `Automatic renewal of your remote PC ${pc} for ${days} day(s) (${price} PTC) failed: your PTC balance is too low. The PC stops at ${expiresAt} (UTC) and is deleted with its data 24 hours later. Top up and renew it in the console to keep it. Automatic renewal is now off for this PC.`,
  }),
  'zh-CN': ({ pc, price, days, expiresAt }) => ({
    subject: '您的云电脑未能自动续费',
    text: `云电脑 ${pc} 自动续费 ${days} 天（${price} PTC）失败：PTC 余额不足。该云电脑将于 ${expiresAt}（UTC）停止，24 小时后连同数据一起删除。请充值并在控制台手动续费以保留它。此云电脑的自动续费已关闭。`,
  }),
  'ru-RU': ({ pc, price, days, expiresAt }) => ({
    subject: 'Не удалось продлить удалённый ПК',
    text: `Автопродление удалённого ПК ${pc} на ${days} дн. (${price} PTC) не удалось: на балансе недостаточно PTC. ПК остановится ${expiresAt} (UTC) и через 24 часа будет удалён вместе с данными. Пополните баланс и продлите его в консоли, чтобы сохранить. Автопродление для этого ПК отключено.`,
  }),
};

const pick = (table: Record<Locale, (facts: VmNoticeFacts) => Notice>, lang: string) =>
  table[lang as Locale] ?? table['en-US'];

/** The notice sent when the auto-renew job renewed a PC. */
export const vmRenewedMessage = (lang: string, facts: VmNoticeFacts) => pick(renewed, lang)(facts);

/** The notice sent once when the auto-renew job found too little balance (auto renew is then off). */
export const vmRenewFailedMessage = (lang: string, facts: VmNoticeFacts) => pick(failed, lang)(facts);
