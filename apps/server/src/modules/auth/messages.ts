import type { Locale } from '@ptc/contracts';

/**
 * Texts of the emails and SMS the server sends, in the customer's language (the `lang`
 * header of the request that caused them). Everything else user-facing lives in the console.
 */
type Template<A> = (args: A) => { subject: string; text: string };

const minutes = (ms: number) => Math.round(ms / 60_000);

const codeTexts: Record<Locale, Template<{ code: string; ttlMs: number; purpose: string }>> = {
  'en-US': ({ code, ttlMs, purpose }) => ({
    subject: `Your PTC verification code: ${code}`,
    text: `Your verification code for ${purpose} is ${code}. It is valid for ${minutes(ttlMs)} minutes. If you did not ask for it, ignore this message.`,
  }),
  'zh-CN': ({ code, ttlMs, purpose }) => ({
    subject: `您的 PTC 验证码：${code}`,
    text: `您用于${purpose}的验证码是 ${code}，${minutes(ttlMs)} 分钟内有效。如非本人操作，请忽略本消息。`,
  }),
  'ru-RU': ({ code, ttlMs, purpose }) => ({
    subject: `Ваш код подтверждения PTC: ${code}`,
    text: `Ваш код подтверждения для действия «${purpose}»: ${code}. Он действует ${minutes(ttlMs)} мин. Если вы его не запрашивали, просто проигнорируйте это сообщение.`,
  }),
};

const purposes: Record<Locale, Record<'register' | 'login' | 'bind', string>> = {
  'en-US': { register: 'registration', login: 'signing in', bind: 'binding your contact' },
  'zh-CN': { register: '注册', login: '登录', bind: '绑定联系方式' },
  'ru-RU': { register: 'регистрация', login: 'вход', bind: 'привязка контакта' },
};

/** The message carrying a verification code. */
export const codeMessage = (
  lang: Locale,
  purpose: 'register' | 'login' | 'bind',
  code: string,
  ttlMs: number,
) => codeTexts[lang]({ code, ttlMs, purpose: purposes[lang][purpose] });

const resetTexts: Record<Locale, Template<{ code: string; link: string }>> = {
  'en-US': ({ code, link }) => ({
    subject: 'Reset your PTC password',
    text: `Someone asked to reset the password of your PTC account.\n\nYour code: ${code}\nOr open this link: ${link}\n\nBoth are valid for 24 hours and can be used once. If it was not you, ignore this email; your password stays as it is.`,
  }),
  'zh-CN': ({ code, link }) => ({
    subject: '重置您的 PTC 密码',
    text: `有人申请重置您的 PTC 账户密码。\n\n验证码：${code}\n或打开链接：${link}\n\n两者均在 24 小时内有效且只能使用一次。如非本人操作，请忽略本邮件，您的密码不会改变。`,
  }),
  'ru-RU': ({ code, link }) => ({
    subject: 'Сброс пароля PTC',
    text: `Поступил запрос на сброс пароля вашей учётной записи PTC.\n\nКод: ${code}\nИли откройте ссылку: ${link}\n\nКод и ссылка действуют 24 часа и используются один раз. Если это были не вы, проигнорируйте письмо — пароль не изменится.`,
  }),
};

/** The password-reset email: a code and a link. */
export const resetMessage = (lang: Locale, code: string, link: string) => resetTexts[lang]({ code, link });
