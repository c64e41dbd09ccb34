import type { Locale } from '@ptc/contracts';

/** Texts of the low-traffic alert, in the language saved with the alarm. */
const lowTraffic: Record<Locale, (left: string, threshold: number) => { subject: string; text: string }> = {
  'en-US': (left, threshold) => ({
    subject: 'Your traffic package is running low',
    text: `You have ${left} GB of bought traffic left, below your alert of ${threshold} GB. Buy a traffic package to keep paying the package price.`,
  }),
  'zh-CN': (left, threshold) => ({
    subject: '您的流量包余量不足',
    text: `您购买的流量剩余 ${left} GB，已低于您设置的提醒值 ${threshold} GB。请及时购买流量包，继续享受流量包价格。`,
  }),
  'ru-RU': (left, threshold) => ({
    subject: 'Пакет трафика заканчивается',
    text: `У вас осталось ${left} ГБ купленного трафика — ниже порога оповещения ${threshold} ГБ. Купите пакет трафика, чтобы и дальше платить по цене пакета.`,
  }),
};

/** The low-traffic alert. */
export const lowTrafficMessage = (lang: string, left: string, threshold: number) =>
  (lowTraffic[lang as Locale] ?? lowTraffic['en-US'])(left, threshold);
