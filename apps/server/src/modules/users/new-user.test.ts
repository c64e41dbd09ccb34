import { parsePtc } from '@ptc/contracts';
import { eq, users } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifySandbox, paidEvent } from '../../test/wallet';
import { moveMoney } from '../wallet/ledger.service';
import { maySurveyOpenBySelf, SURVEY_WAIT_AFTER_NEW_USER_MS } from './new-user';

const HOUR = 60 * 60 * 1_000;

describe('the survey window after a customer stops being new', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const endedAgo = (ms: number) => ({ isNewUser: false, newUserEndedAt: new Date(now.getTime() - ms) });

  it('never opens by itself for a new customer', () => {
    expect(maySurveyOpenBySelf({ isNewUser: true, newUserEndedAt: null }, now)).toBe(false);
  });

  it('waits a day after the customer stopped being new, then opens', () => {
    expect(SURVEY_WAIT_AFTER_NEW_USER_MS).toBe(24 * HOUR);
    expect(maySurveyOpenBySelf(endedAgo(0), now)).toBe(false);
    expect(maySurveyOpenBySelf(endedAgo(24 * HOUR - 1), now)).toBe(false);
    expect(maySurveyOpenBySelf(endedAgo(24 * HOUR), now)).toBe(true);
  });

  it('does not wait for customers who stopped being new before the rule (no recorded end)', () => {
    expect(maySurveyOpenBySelf({ isNewUser: false, newUserEndedAt: null }, now)).toBe(true);
  });
});

describe('is_new_user turning off (issue #20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const info = async (token: string) => (await call(t.app, 'GET', '/user/info', { token })).data;
  const endOf = async (id: bigint) =>
    (await db().select({ at: users.newUserEndedAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
  /** Moves the customer's end of being new `hours` into the past. */
  const age = (id: bigint, hours: number) =>
    db()
      .update(users)
      .set({ newUserEndedAt: new Date(Date.now() - hours * HOUR) })
      .where(eq(users.id, id));

  it('turns off when the guide is finished or dismissed; the survey window waits a day', async () => {
    const customer = await signedInCustomer(t.database);
    expect(await info(customer.token)).toMatchObject({
      is_new_user: true,
      show_questionnaire_windows: false,
    });

    const done = await call(t.app, 'POST', '/user/guide/done', { token: customer.token });
    expect(done).toMatchObject({ code: 0, data: { is_new_user: false } });
    const ended = await endOf(customer.user.id);
    expect(ended).not.toBeNull();
    expect(done.data.new_user_ended_at).toBe(ended?.toISOString());
    expect(await info(customer.token)).toMatchObject({
      is_new_user: false,
      show_questionnaire_windows: false,
    });
    expect((await call(t.app, 'GET', '/questionnaire/show', { token: customer.token })).data.show).toBe(
      false,
    );

    // Again (the guide opened from the help menu and closed): nothing changes.
    const again = await call(t.app, 'POST', '/user/guide/done', { token: customer.token });
    expect(again.data).toEqual(done.data);

    // A day later the survey window opens by itself.
    await age(customer.user.id, 24);
    expect(await info(customer.token)).toMatchObject({
      is_new_user: false,
      show_questionnaire_windows: true,
    });
  });

  it('turns off with the first credited top-up, not with a bonus, and keeps an earlier end', async () => {
    const customer = await signedInCustomer(t.database);
    await moveMoney(db(), {
      userId: customer.user.id,
      amount: 5_000_000n,
      kind: 'bonus',
      idempotencyKey: `test-bonus:${customer.user.uid}`,
    });
    expect((await info(customer.token)).is_new_user).toBe(true);

    const order = await call(t.app, 'POST', '/proxy/charges/stripe', {
      token: customer.token,
      form: { amount: '10' },
    });
    expect(order.code, order.msg).toBe(0);
    const paid = await notifySandbox(t.app, paidEvent(order.data, parsePtc(order.data.pay_amount)));
    expect(paid.statusCode).toBe(200);
    expect(await info(customer.token)).toMatchObject({
      is_new_user: false,
      show_questionnaire_windows: false,
    });
    const ended = await endOf(customer.user.id);
    expect(ended).not.toBeNull();

    // Another top-up later does not move the end; the survey window opens a day after it.
    await age(customer.user.id, 30);
    const aged = await endOf(customer.user.id);
    await moveMoney(db(), {
      userId: customer.user.id,
      amount: 1_000_000n,
      kind: 'topup',
      idempotencyKey: `test-topup:${customer.user.uid}`,
    });
    expect(await endOf(customer.user.id)).toEqual(aged);
    expect((await info(customer.token)).show_questionnaire_windows).toBe(true);
  });

  it('keeps the end the guide recorded when the first top-up comes after it', async () => {
    const customer = await signedInCustomer(t.database);
    expect((await call(t.app, 'POST', '/user/guide/done', { token: customer.token })).code).toBe(0);
    await age(customer.user.id, 2);
    const guided = await endOf(customer.user.id);
    await moveMoney(db(), {
      userId: customer.user.id,
      amount: 10_000_000n,
      kind: 'topup',
      idempotencyKey: `test-topup:${customer.user.uid}`,
    });
    expect(await endOf(customer.user.id)).toEqual(guided);
  });

  it('needs a session, and refuses a tourist (610) like every write of theirs', async () => {
    expect((await call(t.app, 'POST', '/user/guide/done')).status).toBe(401);
    const tourist = await signedInCustomer(t.database, { isTourist: true, email: null, phone: null });
    expect((await call(t.app, 'POST', '/user/guide/done', { token: tourist.token })).code).toBe(610);
    expect((await info(tourist.token)).is_new_user).toBe(true);
  });
});
