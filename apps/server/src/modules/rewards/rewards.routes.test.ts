import { randomUUID } from 'node:crypto';
import { and, dailySignIns, eq, ledgerEntries, rewardGrants, users } from '@ptc/db';
import { createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEST_ENV,
  ageSentCodes,
  CAPTCHA,
  call,
  captchaHeaders,
  freshClientIp,
  lastCode,
  loginByEmail,
} from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grantSurveyPhoneReward, signInDaily, utcDay } from './rewards.service';

const ANSWERS = [
  { question_id: 'use_case', option_ids: ['scraping', 'ads'] },
  { question_id: 'source', option_ids: ['search'] },
];

const rewardEntries = (t: TestApp, userId: bigint) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'reward')));

let phones = 0;
const freshPhone = () => {
  phones += 1;
  return `+1415555${String(1000 + phones).slice(-4)}`;
};

/** Binds a fresh phone through the real calls (texted code, then `POST /user/bind_phone`). */
const bindPhone = async (t: TestApp, token: string, ip: string, phone = freshPhone()) => {
  const sent = await call(t.app, 'POST', '/user/sms/phone', { token, ip, form: { phone, purpose: 'bind' } });
  if (sent.code !== 0) return sent;
  return call(t.app, 'POST', '/user/bind_phone', {
    token,
    ip,
    form: { phone, code: await lastCode(t.database.db, phone) },
  });
};

/** Registers an email account through the real calls from `ip` (as `registerByEmail`, one address). */
const registerFrom = async (t: TestApp, ip: string, email: string) => {
  const sent = await call(t.app, 'POST', '/user/register/email/code', { form: { email }, ip });
  expect(sent.code).toBe(0);
  const password = 'correct horse battery';
  const registered = await call(t.app, 'POST', '/user/register', {
    ip,
    headers: await captchaHeaders(t.app, ip),
    body: {
      email,
      email_code: await lastCode(t.database.db, email),
      password,
      confirm_password: password,
      captcha: CAPTCHA,
      region: 'overseas',
      agree: true,
    },
  });
  expect(registered.code).toBe(0);
};

describe('rewards: daily sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in once per UTC day: 0.01 PTC through the ledger, then 6002 with the SPEC message', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const ip = freshClientIp();
    const before = await call(t.app, 'GET', '/user/sign_in/daily', { token, ip });
    expect(before.data).toMatchObject({ signed_today: false, reward: '0.010000', streak: 0, days: [] });
    const first = await call(t.app, 'POST', '/user/sign_in/daily', { token, ip });
    expect(first).toMatchObject({
      code: 0,
      data: { signed_today: true, credited: '0.010000', limited: false },
    });
    expect(first.data.days).toEqual([utcDay(new Date())]);
    expect(first.data.streak).toBe(1);
    const second = await call(t.app, 'POST', '/user/sign_in/daily', { token, ip });
    expect(second).toMatchObject({ status: 429, code: 6002, msg: 'Sign-in only once per 24 hours' });
    const entries = await rewardEntries(t, user.id);
    expect(entries.map((entry) => [entry.amount, entry.referenceType])).toEqual([[10_000n, 'daily_sign_in']]);
    expect((await call(t.app, 'GET', '/user/info', { token })).data.balance).toBe('0.010000');
  });

  it('credits one reward for 10 concurrent sign-ins (the primary key decides)', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const ip = freshClientIp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'POST', '/user/sign_in/daily', { token, ip })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 6002)).toHaveLength(9);
    expect(await rewardEntries(t, user.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.balance).toBe(10_000n);
  });

  it('counts the streak of consecutive days and shows the last 30 days', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const day = (offset: number) => utcDay(new Date(Date.now() + offset * 86_400_000));
    await t.database.db
      .insert(dailySignIns)
      .values([-1, -2, -4, -40].map((offset) => ({ userId: user.id, day: day(offset) })));
    const status = await call(t.app, 'GET', '/user/sign_in/daily', { token });
    expect(status.data).toMatchObject({ signed_today: false, streak: 2, days: [day(-4), day(-2), day(-1)] });
    const signed = await call(t.app, 'POST', '/user/sign_in/daily', { token, ip: freshClientIp() });
    expect(signed.data.streak).toBe(3);
  });

  it('records the sign-in without money when the reward is 0, and refuses tourists (610)', async () => {
    const user = await createUser(t.database.db);
    const result = await signInDaily(
      t.database.db,
      { dailySignIn: 0n, accountsPerAddress: 3 },
      user,
      freshClientIp(),
    );
    expect(result).toMatchObject({ signed_today: true, credited: '0.000000', reward: '0.000000' });
    expect(await rewardEntries(t, user.id)).toHaveLength(0);
    const tourist = await signedInCustomer(t.database, { isTourist: true, email: null });
    expect((await call(t.app, 'POST', '/user/sign_in/daily', { token: tourist.token })).code).toBe(610);
  });
});

describe('rewards: survey and bind phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the questions in the request language', async () => {
    const { token } = await signedInCustomer(t.database);
    for (const [lang, title] of [
      ['en-US', 'What do you use proxies for?'],
      ['zh-CN', '您使用代理做什么？'],
      ['ru-RU', 'Для чего вы используете прокси?'],
    ]) {
      const answer = await call(t.app, 'GET', '/questionnaires', {
        token,
        headers: { lang: lang as string },
      });
      expect(answer.data.list[0].title).toBe(title);
      expect(answer.data.reward).toBe('1.000000');
    }
  });

  it('validates answers: 1001 for a required question, 1002 naming the field for NUL, too long, unknown', async () => {
    const { token } = await signedInCustomer(t.database);
    const post = (answers: unknown) => call(t.app, 'POST', '/questionnaires', { token, body: { answers } });
    const missing = await post([ANSWERS[0]]);
    expect(missing).toMatchObject({ code: 1001, data: { field: 'answers.source' } });
    const nul = await post([...ANSWERS, { question_id: 'remark', text: 'a\u0000b' }]);
    expect(nul.code).toBe(1002);
    expect(nul.data.fields).toEqual([{ field: 'answers.2.text', reason: 'type' }]);
    const long = await post([...ANSWERS, { question_id: 'remark', text: 'x'.repeat(501) }]);
    expect(long.code).toBe(1002);
    expect(long.data.fields[0].field).toBe('answers.2.text');
    const unknown = await post([ANSWERS[0], { question_id: 'source', option_ids: ['tv'] }]);
    expect(unknown).toMatchObject({ code: 1002, data: { field: 'answers.1.option_ids.0' } });
    const two = await post([ANSWERS[0], { question_id: 'source', option_ids: ['search', 'friend'] }]);
    expect(two).toMatchObject({ code: 1002, data: { field: 'answers.1.option_ids' } });
    const many = await post(Array.from({ length: 21 }, () => ANSWERS[0]));
    expect(many.code).toBe(1002);
    expect((await post(ANSWERS)).code).toBe(0);
    expect(await post(ANSWERS)).toMatchObject({ code: 1002, data: { field: 'answers' } });
  });

  it('credits exactly one 1 PTC entry for the survey and a bound phone, whatever is bound later', async () => {
    // Not a new customer: the survey window opens by itself only for those (users/new-user.ts).
    const { user, token } = await signedInCustomer(t.database, { isNewUser: false });
    const ip = freshClientIp();
    const info = async () => (await call(t.app, 'GET', '/user/info', { token })).data;
    expect(await info()).toMatchObject({
      question_switch: true,
      show_questionnaire_windows: true,
      to_band_phone: false,
      has_gift: true,
    });
    // Closing the window keeps it closed; the survey stays open from the overview.
    const closed = await call(t.app, 'POST', '/questionnaire/show', { token, body: { show: false } });
    expect(closed.data).toMatchObject({ show: false, answered: false, has_gift: true });
    const answered = await call(t.app, 'POST', '/questionnaires', { token, ip, body: { answers: ANSWERS } });
    expect(answered.data).toMatchObject({ answered: true, to_band_phone: true, rewarded: false });
    expect(await info()).toMatchObject({ show_questionnaire_windows: false, to_band_phone: true });
    expect((await bindPhone(t, token, ip)).code).toBe(0);
    expect(await info()).toMatchObject({ balance: '1.000000', to_band_phone: false, has_gift: false });
    // Another phone bound later, and the same grant asked for again: nothing more.
    await ageSentCodes(t.database.db);
    expect((await bindPhone(t, token, ip)).code).toBe(0);
    expect(await grantSurveyPhoneReward(t.database.db, t.app.config.rewards, user.id, ip)).toBe(false);
    const entries = await rewardEntries(t, user.id);
    expect(entries.map((entry) => [entry.amount, entry.referenceType])).toEqual([
      [1_000_000n, 'survey_phone'],
    ]);
    const [grant] = await t.database.db.select().from(rewardGrants).where(eq(rewardGrants.userId, user.id));
    expect(grant?.ledgerEntryId).toBe(entries[0]?.id);
  });

  it('grants a phone once across accounts, and answering after binding earns it too', async () => {
    const first = await signedInCustomer(t.database);
    const phone = freshPhone();
    const ip = freshClientIp();
    expect((await bindPhone(t, first.token, ip, phone)).code).toBe(0);
    const answered = await call(t.app, 'POST', '/questionnaires', {
      token: first.token,
      ip,
      body: { answers: ANSWERS },
    });
    expect(answered.data).toMatchObject({ rewarded: true, has_gift: false });
    // The phone leaves the first account and comes to a second one that answered the survey.
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, first.user.id));
    await ageSentCodes(t.database.db);
    const second = await signedInCustomer(t.database);
    await call(t.app, 'POST', '/questionnaires', { token: second.token, ip, body: { answers: ANSWERS } });
    expect((await bindPhone(t, second.token, ip, phone)).code).toBe(0);
    expect(await rewardEntries(t, second.user.id)).toHaveLength(0);
    expect((await call(t.app, 'GET', '/user/info', { token: second.token })).data.balance).toBe('0.000000');
  });
});

describe('rewards: farming from one client address', () => {
  let t: TestApp;
  // The sign-up limits (10 registrations and 10 codes per address per hour, 30 captchas a minute) are lifted here to show
  // that the rewards hold on their own; the codes' own cap (30 per address per day) still applies.
  beforeAll(async () => {
    t = await createTestApp({
      ...ACCOUNT_TEST_ENV,
      ABUSE_LIMITS: 'REGISTRATIONS_PER_IP=100/3600,CODES_PER_IP=100/3600,CAPTCHA_PER_IP=100/60',
    });
  });
  afterAll(() => t.close());

  it('signs up 20 accounts from one address: 3 earn the sign-in reward, 3 the survey reward', async () => {
    const ip = freshClientIp();
    const tokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const email = `farm-${index}-${randomUUID().slice(0, 6)}@example.test`;
      await registerFrom(t, ip, email);
      const login = await loginByEmail(t.app, email, 'correct horse battery', ip);
      expect(login.code).toBe(0);
      tokens.push(login.data.token as string);
    }
    const signIns = [];
    for (const token of tokens) signIns.push(await call(t.app, 'POST', '/user/sign_in/daily', { token, ip }));
    expect(signIns.map((answer) => answer.code)).toEqual(Array(20).fill(0));
    expect(signIns.filter((answer) => answer.data.credited === '0.010000')).toHaveLength(3);
    expect(signIns.filter((answer) => answer.data.limited)).toHaveLength(17);
    // Survey and a phone of their own for 8 of them (20 sign-up codes + 8 = 28 of the 30 a day).
    const rewarded = [];
    for (const token of tokens.slice(0, 8)) {
      await call(t.app, 'POST', '/questionnaires', { token, ip, body: { answers: ANSWERS } });
      expect((await bindPhone(t, token, ip)).code).toBe(0);
      rewarded.push((await call(t.app, 'GET', '/questionnaire/show', { token })).data.rewarded);
    }
    expect(rewarded.filter(Boolean)).toHaveLength(3);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'reward'));
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(3n * 10_000n + 3n * 1_000_000n);
    // The same accounts from another address: that address's own allowance, no more.
    const elsewhere = freshClientIp();
    const later = await call(t.app, 'POST', '/user/sign_in/daily', {
      token: tokens[19] as string,
      ip: elsewhere,
    });
    expect(later.code).toBe(6002);
  });
});
