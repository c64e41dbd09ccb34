import type { Locale } from '@ptc/contracts';

type Notice = { subject: string; text: string };

/** What the notice of a failed automatic renewal says about the proxy. */
export interface RenewalNoticeFacts {
  /** The proxy's username and its address, as the console lists them. */
  proxy: string;
  /** The renewal price in PTC. */
  price: string;
  /** When it expires, ISO 8601 UTC. */
  expiresAt: string;
}

const autoRenewFailed: Record<Locale, (facts: RenewalNoticeFacts) => Notice> = {
  'en-US': ({ proxy, price, expiresAt }) => ({
    subject: 'Your static proxy could not be renewed',
    text: `Automatic renewal of your static proxy ${proxy} (${price} PTC) failed: your PTC balance is too low. The proxy expires at ${expiresAt} (UTC) and its IP is released 24 hours later. Top up and renew it in the console to keep the IP. Automatic renewal is now off for this proxy.`,
  }),
  'zh-CN': ({ proxy, price, expiresAt }) => ({
    subject: '您的静态代理未能自动续费',
    text: `静态代理 ${proxy} 自动续费（${price} PTC）失败：PTC 余额不足。该代理将于 ${expiresAt}（UTC）到期，到期 24 小时后其 IP 将被释放。请充值并在控制台手动续费以保留该 IP。此代理的自动续费已关闭。`,
  }),
  'ru-RU': ({ proxy, price, expiresAt }) => ({
    subject: 'Не удалось продлить статический прокси',
    text: `Автопродление статического прокси ${proxy} (${price} PTC) не удалось: на балансе недостаточно PTC. Прокси истекает ${expiresAt} (UTC), а через 24 часа после этого его IP освобождается. Пополните баланс и продлите прокси в консоли, чтобы сохранить IP. Автопродление для этого прокси отключено.`,
  }),
};

/** The notice sent once when a static proxy's automatic renewal finds too little balance. */
export const autoRenewFailedMessage = (lang: string, facts: RenewalNoticeFacts) =>
  (autoRenewFailed[lang as Locale] ?? autoRenewFailed['en-US'])(facts);
