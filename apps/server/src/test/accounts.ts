import { type Database, desc, outboxMessages, sql, verificationCodes } from '@ptc/db';
import type { App } from '../app';

/** The digits every captcha answers in account tests (`CAPTCHA_FIXED`). */
export const CAPTCHA = '4321';

/** Configuration of an app whose captchas answer {@link CAPTCHA}. */
export const ACCOUNT_TEST_ENV = { CAPTCHA_FIXED: CAPTCHA };

let clients = 0;

/**
 * A client address no other call of this test process used (10.0.0.0/8): simulated people sign
 * up and in from their own addresses, so the per-address abuse limits keep their defaults.
 */
export const freshClientIp = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

/** Fetches a captcha image and answers the header that ties its answer to the next call. */
export const captchaHeaders = async (app: App, ip = freshClientIp()): Promise<Record<string, string>> => {
  const response = await app.inject({ method: 'GET', url: '/api/proxy/static/image', remoteAddress: ip });
  return { 'captcha-id': String(response.headers['captcha-id']) };
};

/** The newest 6-digit code sent to `recipient` (email or phone), read from the outbox. */
export const lastCode = async (db: Database, recipient: string): Promise<string> => {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(sql`lower(${outboxMessages.recipient}) = ${recipient.toLowerCase()}`)
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
};

/** Sends a call and answers the parsed envelope with the HTTP status. */
export const call = async (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    body?: Record<string, unknown>;
    form?: Record<string, string>;
    token?: string;
    headers?: Record<string, string>;
    /** The client's address (`request.ip`); 127.0.0.1 unless given. */
    ip?: string;
  } = {},
) => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers,
    payload,
    remoteAddress: options.ip,
  });
  // A successful download (CSV, …) is no envelope: it answers code 0 and the text as data.
  if (response.statusCode === 200 && !String(response.headers['content-type'] ?? '').includes('json')) {
    return { status: response.statusCode, code: 0, msg: '', data: response.body as unknown as any };
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever payload the call answers.
  const envelope = response.json() as { code: number; msg: string; data: any };
  return { status: response.statusCode, ...envelope };
};

/** Registers an email account through the real calls, from an address of its own, and answers its uid. */
export const registerByEmail = async (
  app: App,
  db: Database,
  input: { email: string; password?: string; username?: string; ref?: string },
) => {
  const ip = freshClientIp();
  const sent = await call(app, 'POST', '/user/register/email/code', { form: { email: input.email }, ip });
  if (sent.code !== 0) throw new Error(`code not sent: ${sent.code} ${sent.msg}`);
  const password = input.password ?? 'correct horse battery';
  const registered = await call(app, 'POST', '/user/register', {
    ip,
    headers: await captchaHeaders(app, ip),
    body: {
      email: input.email,
      email_code: await lastCode(db, input.email),
      password,
      confirm_password: password,
      captcha: CAPTCHA,
      region: 'overseas',
      agree: true,
      ...(input.username ? { username: input.username } : {}),
      ...(input.ref ? { ref: input.ref } : {}),
    },
  });
  if (registered.code !== 0) throw new Error(`not registered: ${registered.code} ${registered.msg}`);
  return registered.data.uid as string;
};

/** Signs in with email and password (from a fresh client address unless given) and answers the envelope. */
export const loginByEmail = async (app: App, email: string, password: string, ip = freshClientIp()) =>
  call(app, 'POST', '/user/login', {
    ip,
    headers: await captchaHeaders(app, ip),
    body: { email, password, captcha: CAPTCHA },
  });

/** Moves every sent code two minutes into the past, so the 60-second resend limit lets the next one through. */
export const ageSentCodes = async (db: Database) => {
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` });
};
