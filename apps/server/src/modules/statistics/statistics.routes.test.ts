import { clientEvents, eq } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('POST /api/api/statistics/log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const log = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/api/statistics/log', payload: payload as object, headers });

  const stored = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(clientEvents)
      .where(eq(clientEvents.id, BigInt(id)));
    return row;
  };

  it('stores an anonymous event with the request language and time zone', async () => {
    const response = await log(
      { event: 'page_view', page: '/login' },
      { lang: 'zh-CN', tz: 'Asia/Shanghai' },
    );
    expect(response.json().code).toBe(0);
    expect(await stored(response.json().data.id)).toMatchObject({
      userId: null,
      event: 'page_view',
      page: '/login',
      lang: 'zh-CN',
      tz: 'Asia/Shanghai',
    });
  });

  it('attributes the event to the signed-in user', async () => {
    const user = await createUser(t.database.db);
    const token = await createSession(t.database.db, user.id);
    const response = await log(
      { event: 'generate_click', data: { family: 'static-ip' } },
      { authorization: token },
    );
    expect(await stored(response.json().data.id)).toMatchObject({
      userId: user.id,
      detail: { family: 'static-ip' },
    });
  });

  it('keeps the event of a stale token without a user', async () => {
    const response = await log({ event: 'page_view' }, { authorization: 'expired-token' });
    expect(response.json().code).toBe(0);
    expect((await stored(response.json().data.id))?.userId).toBeNull();
  });

  it('refuses malformed events and stores nothing', async () => {
    const before = await t.database.db.$count(clientEvents);
    expect((await log({})).json().code).toBe(1001);
    expect((await log({ event: 'bad name!' })).json().code).toBe(1002);
    expect((await log({ event: 'x', data: { blob: 'y'.repeat(5_000) } })).json().code).toBe(1002);
    expect((await log({ event: 'x', data: 'text' })).json().code).toBe(1002);
    expect(await t.database.db.$count(clientEvents)).toBe(before);
  });
});
