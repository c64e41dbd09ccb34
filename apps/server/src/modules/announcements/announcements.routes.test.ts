import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '@ptc/contracts';
import { announcementStates, announcements, auditLog, eq } from '@ptc/db';
import { createSession } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { operatorSession, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const TEXTS = {
  title_en: 'Maintenance tonight',
  body_en: 'Gateways restart at 02:00 UTC.\nExpect a short break.',
  title_zh: '今晚维护',
  body_zh: '网关将于 UTC 02:00 重启。',
  title_ru: 'Техработы сегодня ночью',
  body_ru: 'Шлюзы перезапустятся в 02:00 UTC.',
};

describe('bulletins', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const sessions = await Promise.all([
      operatorSession(t.database, 'owner'),
      operatorSession(t.database, 'finance'),
      operatorSession(t.database, 'support'),
    ]);
    owner = sessions[0].headers;
    finance = sessions[1].headers;
    support = sessions[2].headers;
  });
  afterAll(() => t?.close());

  const admin = (
    method: Method,
    path: string,
    headers: Record<string, string>,
    body?: Record<string, unknown>,
  ) => call(t.app, method, path, { headers, body });
  const publish = async (body: Record<string, unknown>, headers = support) => {
    const answer = await admin('POST', '/admin/announcements', headers, body);
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, code: 0 });
    return answer.data as { id: string; status: string };
  };
  const listFor = async (token: string, lang?: string) => {
    const answer = await call(t.app, 'GET', '/proxy/announcements', {
      token,
      headers: lang ? { lang } : {},
    });
    expect(answer).toMatchObject({ status: 200, code: 0 });
    return answer.data as {
      list: { id: string; title: string; body: string; lang: string; read: boolean; closed: boolean }[];
      unread: number;
    };
  };
  const find = async (token: string, id: string, lang?: string) =>
    (await listFor(token, lang)).list.find((item) => item.id === id);

  it("shows a published bulletin in the customer's language, falling back to English then any", async () => {
    const full = await publish(TEXTS);
    const customer = await signedInCustomer(t.database);
    expect(await find(customer.token, full.id, 'ru-RU')).toMatchObject({
      title: TEXTS.title_ru,
      body: TEXTS.body_ru,
      lang: 'ru-RU',
      read: false,
      closed: false,
    });
    expect(await find(customer.token, full.id, 'zh-CN')).toMatchObject({
      title: TEXTS.title_zh,
      lang: 'zh-CN',
    });
    expect(await find(customer.token, full.id)).toMatchObject({ title: TEXTS.title_en, lang: 'en-US' });

    const englishOnly = await publish({ title_en: 'English only', body_en: 'Body' });
    expect(await find(customer.token, englishOnly.id, 'ru-RU')).toMatchObject({
      title: 'English only',
      lang: 'en-US',
    });
    const russianOnly = await publish({
      title_ru: 'Только русский',
      body_ru: 'Текст',
      title_en: '',
      body_en: '',
    });
    expect(await find(customer.token, russianOnly.id, 'zh-CN')).toMatchObject({
      title: 'Только русский',
      lang: 'ru-RU',
    });
    const [stored] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.publicId, russianOnly.id));
    expect(stored).toMatchObject({ titleEn: null, bodyEn: null, titleRu: 'Только русский' });
  });

  it('keeps read and closed per customer: closing on one device hides it on every device, not for others', async () => {
    const bulletin = await publish({ title_en: 'Per customer', body_en: 'State' });
    const alice = await signedInCustomer(t.database);
    const bob = await signedInCustomer(t.database);
    const before = await listFor(alice.token);
    expect(before.list.find((item) => item.id === bulletin.id)).toMatchObject({ read: false, closed: false });

    const read = await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/read`, { token: alice.token });
    expect(read).toMatchObject({ code: 0, data: { id: bulletin.id, read: true, closed: false } });
    expect((await listFor(alice.token)).unread).toBe(before.unread - 1);

    const closed = await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/close`, {
      token: alice.token,
    });
    expect(closed).toMatchObject({ code: 0, data: { id: bulletin.id, read: true, closed: true } });
    // Again: nothing changes (the first close time is kept).
    const [first] = await t.database.db
      .select()
      .from(announcementStates)
      .where(eq(announcementStates.userId, alice.user.id));
    await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/close`, { token: alice.token });
    await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/read`, { token: alice.token });
    const [again] = await t.database.db
      .select()
      .from(announcementStates)
      .where(eq(announcementStates.userId, alice.user.id));
    expect(again?.closedAt).toEqual(first?.closedAt);

    // Another session of Alice (another device) sees it closed; Bob does not.
    const otherDevice = await createSession(t.database.db, alice.user.id);
    expect(await find(otherDevice, bulletin.id)).toMatchObject({ closed: true, read: true });
    expect(await find(bob.token, bulletin.id)).toMatchObject({ closed: false, read: false });
  });

  it('refuses unknown, ended and future bulletins, and calls without a customer session', async () => {
    const customer = await signedInCustomer(t.database);
    expect(
      await call(t.app, 'PUT', '/proxy/announcements/bl_nope/close', { token: customer.token }),
    ).toMatchObject({
      status: 404,
      code: 404,
    });
    const future = await publish({
      title_en: 'Later',
      body_en: 'Soon',
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe('scheduled');
    expect(await find(customer.token, future.id)).toBeUndefined();
    expect(
      await call(t.app, 'PUT', `/proxy/announcements/${future.id}/read`, { token: customer.token }),
    ).toMatchObject({ status: 404 });

    const ended = await publish({
      title_en: 'Past',
      body_en: 'Over',
      starts_at: new Date(Date.now() - 7_200_000).toISOString(),
      ends_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(ended.status).toBe('ended');
    expect(await find(customer.token, ended.id)).toBeUndefined();

    expect(await call(t.app, 'GET', '/proxy/announcements')).toMatchObject({ status: 401, code: 2004 });
    expect(await call(t.app, 'PUT', `/proxy/announcements/${ended.id}/close`)).toMatchObject({ code: 2004 });
    // An operator session is not a customer session.
    expect(
      await call(t.app, 'GET', '/proxy/announcements', { token: owner['x-operator-session'] }),
    ).toMatchObject({ code: 2004 });
  });

  it('lets a tourist read and close bulletins', async () => {
    const bulletin = await publish({ title_en: 'For guests too', body_en: 'Hello' });
    const tourist = await signedInCustomer(t.database, { email: null, isTourist: true });
    expect(
      await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/close`, { token: tourist.token }),
    ).toMatchObject({ code: 0, data: { closed: true } });
  });

  it('refuses what the table cannot hold, naming the field (1001 missing, 1002 wrong)', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title_en: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX + 1), body_en: 'b' }, 1002, 'title_en'],
      [{ title_en: 't', body_en: 'b'.repeat(ANNOUNCEMENT_BODY_MAX + 1) }, 1002, 'body_en'],
      [{ title_zh: 'a\u0000b', body_zh: 'b' }, 1002, 'title_zh'],
      [{ title_ru: 't', body_ru: 'nul\u0000' }, 1002, 'body_ru'],
      [{ title_en: 'tab\there', body_en: 'b' }, 1002, 'title_en'],
      [{}, 1001, 'title_en'],
      [{ title_en: '   ', body_en: '' }, 1002, 'title_en'],
      [{ title_ru: 'only a title' }, 1001, 'body_ru'],
      [{ body_zh: 'only a body' }, 1001, 'title_zh'],
      [{ title_en: 't', body_en: 'b', starts_at: 'tomorrow' }, 1002, 'starts_at'],
      [
        {
          title_en: 't',
          body_en: 'b',
          starts_at: '2030-01-02T00:00:00Z',
          ends_at: '2030-01-01T00:00:00Z',
        },
        1002,
        'ends_at',
      ],
      [{ title_en: 't', body_en: 'b', ends_at: '2000-01-01T00:00:00Z' }, 1002, 'ends_at'],
      [{ title_en: 42, body_en: 'b' }, 1002, 'title_en'],
    ];
    const count = async () => (await t.database.db.select().from(announcements)).length;
    const stored = await count();
    for (const [body, code, field] of cases) {
      const answer = await admin('POST', '/admin/announcements', owner, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, code });
      expect(
        answer.data.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await count()).toBe(stored);
    // Line breaks are fine in a body; the longest title and body pass.
    await publish({
      title_en: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX),
      body_en: `a\r\nb\t${'c'.repeat(ANNOUNCEMENT_BODY_MAX - 5)}`,
    });

    const bulletin = await publish({ title_en: 't', body_en: 'b' });
    const edit = await admin('PUT', `/admin/announcements/${bulletin.id}`, owner, {
      title_en: 't',
      body_en: 'b',
      title_ru: 'z'.repeat(ANNOUNCEMENT_TITLE_MAX + 1),
      body_ru: 'b',
    });
    expect(edit).toMatchObject({ status: 400, code: 1002, data: { fields: [{ field: 'title_ru' }] } });
  });

  it('lets owner and support write, every operator read, customers nobody; each change is audited', async () => {
    const customer = await signedInCustomer(t.database);
    const target = await publish({ title_en: 'Roles', body_en: 'Check' }, owner);
    const calls: { method: Method; path: string; roles: string[]; body?: Record<string, unknown> }[] = [
      { method: 'GET', path: '/admin/announcements', roles: ['owner', 'finance', 'support'] },
      { method: 'POST', path: '/admin/announcements', roles: ['owner', 'support'], body: TEXTS },
      {
        method: 'PUT',
        path: `/admin/announcements/${target.id}`,
        roles: ['owner', 'support'],
        body: { title_en: 'Roles', body_en: 'Checked' },
      },
      { method: 'POST', path: '/admin/announcements/bl_missing/unpublish', roles: ['owner', 'support'] },
      { method: 'DELETE', path: '/admin/announcements/bl_missing', roles: ['owner', 'support'] },
    ];
    const byRole = { owner, finance, support };
    for (const { method, path, roles, body } of calls) {
      for (const answer of [
        await call(t.app, method, path, { body }),
        await call(t.app, method, path, { body, token: customer.token }),
        await admin(method, path, { 'x-operator-session': customer.token }, body),
      ]) {
        expect(answer, `${method} ${path}`).toMatchObject({ status: 401, code: 2004 });
      }
      for (const [role, headers] of Object.entries(byRole)) {
        const answer = await admin(method, path, headers, body);
        if (roles.includes(role)) expect(answer.status, `${role} ${method} ${path}`).not.toBe(403);
        else expect(answer, `${role} ${method} ${path}`).toMatchObject({ status: 403, code: 403 });
      }
    }
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, target.id))
      .orderBy(auditLog.id);
    expect(audits.map((row) => row.action)).toEqual([
      'announcement.create',
      'announcement.edit',
      'announcement.edit',
    ]);
    expect(audits[1]).toMatchObject({
      targetType: 'announcement',
      before: { body_en: 'Check' },
      after: { body_en: 'Checked' },
    });
  });

  it('edits, unpublishes and deletes: customers see the change at once; counts show who read and closed', async () => {
    const bulletin = await publish({ title_en: 'Draft', body_en: 'One' });
    const customer = await signedInCustomer(t.database);
    await call(t.app, 'PUT', `/proxy/announcements/${bulletin.id}/close`, { token: customer.token });

    const edited = await admin('PUT', `/admin/announcements/${bulletin.id}`, support, {
      title_en: 'Final',
      body_en: 'Two',
      title_zh: '最终',
      body_zh: '二',
    });
    expect(edited).toMatchObject({
      code: 0,
      data: { id: bulletin.id, title_en: 'Final', title_zh: '最终', title_ru: null, status: 'active' },
    });
    expect(await find(customer.token, bulletin.id, 'zh-CN')).toMatchObject({ title: '最终', closed: true });

    const listed = await admin('GET', '/admin/announcements', finance);
    expect(listed.data.list.find((item: { id: string }) => item.id === bulletin.id)).toMatchObject({
      read_count: 1,
      closed_count: 1,
      status: 'active',
      created_by: expect.stringContaining('operator-support'),
    });

    const unpublished = await admin('POST', `/admin/announcements/${bulletin.id}/unpublish`, owner);
    expect(unpublished).toMatchObject({ code: 0, data: { status: 'ended' } });
    expect(unpublished.data.updated_by).toContain('operator-owner');
    expect(await find(customer.token, bulletin.id)).toBeUndefined();

    // A scheduled one ends too (its start moves to now).
    const later = await publish({
      title_en: 'Later',
      body_en: 'x',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await admin('POST', `/admin/announcements/${later.id}/unpublish`, owner)).toMatchObject({
      code: 0,
      data: { status: 'ended' },
    });

    expect(await admin('DELETE', `/admin/announcements/${bulletin.id}`, owner)).toMatchObject({
      code: 0,
      data: { done: true },
    });
    expect(
      await t.database.db
        .select()
        .from(announcementStates)
        .where(eq(announcementStates.userId, customer.user.id)),
    ).toEqual([]);
    expect(await admin('DELETE', `/admin/announcements/${bulletin.id}`, owner)).toMatchObject({
      status: 404,
    });
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, bulletin.id))
        .orderBy(auditLog.id)
    ).map((row) => row.action);
    expect(actions).toEqual([
      'announcement.create',
      'announcement.edit',
      'announcement.unpublish',
      'announcement.delete',
    ]);
  });
});
