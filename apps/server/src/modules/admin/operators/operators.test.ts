import { count, eq, operators } from '@ptc/db';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshClientIp } from '../../../test/accounts';
import { operatorSession } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { changeOperator, presentOperator } from './operators.service';

let emails = 0;
const newEmail = (label: string) => {
  emails += 1;
  return `${label}-${emails}-${Date.now()}@example.test`;
};

describe('the owner manages operators', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof operatorSession>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await operatorSession(t.database, 'owner');
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const as = (headers: Record<string, string>) => ({ headers });

  /** The owner adds an operator through the API; answers its id, email and one-time password. */
  const addOperator = async (role: 'owner' | 'finance' | 'support', name?: string) => {
    const email = newEmail(role);
    const added = await call(t.app, 'POST', '/admin/operators', {
      ...as(owner.headers),
      body: { email, role, ...(name ? { name } : {}) },
    });
    expect(added.code, added.msg).toBe(0);
    return { id: added.data.operator.id as string, email, password: added.data.password as string };
  };

  /** Sign-in step 1 from an address of its own (the per-address limit stays out of the way). */
  const signIn = (email: string, password: string) =>
    call(t.app, 'POST', '/admin/session', { body: { email, password }, ip: freshClientIp() });
  const secondStep = (token: string, body: Record<string, string>) =>
    call(t.app, 'POST', '/admin/session/totp', {
      body,
      headers: { 'x-operator-session': token },
      ip: freshClientIp(),
    });
  /** A first sign-in: password, then the enrolment; answers the session headers and recovery codes. */
  const signInAndEnrol = async (email: string, password: string) => {
    const first = await signIn(email, password);
    expect(first.data?.stage, first.msg).toBe('enrol');
    const enrolled = await secondStep(first.data.token, {
      code: await generate({ secret: first.data.enrolment.secret }),
    });
    expect(enrolled.code, enrolled.msg).toBe(0);
    return {
      headers: { 'x-operator-session': enrolled.data.token as string },
      recoveryCodes: enrolled.data.recovery_codes as string[],
    };
  };
  const me = (headers: Record<string, string>) => call(t.app, 'GET', '/admin/me', as(headers));
  const patch = (id: string, body: Record<string, unknown>, headers = owner.headers) =>
    call(t.app, 'PATCH', `/admin/operators/${id}`, { ...as(headers), body });
  const listed = async (id: string) =>
    (
      (await call(t.app, 'GET', '/admin/operators', as(owner.headers))).data.records as {
        id: string;
      }[]
    ).find((record) => record.id === id);
  const stored = async (id: string) =>
    (
      await db()
        .select()
        .from(operators)
        .where(eq(operators.id, BigInt(id)))
    )[0];

  it('adds an operator with a random password shown once; it signs in, enrols TOTP and is listed as enrolled', async () => {
    const email = newEmail('support');
    const added = await call(t.app, 'POST', '/admin/operators', {
      ...as(owner.headers),
      body: { email, name: '  Support Sam ', role: 'support' },
    });
    expect(added.data.operator).toMatchObject({
      email,
      name: 'Support Sam',
      role: 'support',
      disabled: false,
      totp_enrolled: false,
      last_sign_in_at: null,
    });
    const password: string = added.data.password;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await stored(added.data.operator.id))?.passwordHash).not.toContain(password);

    const session = await signInAndEnrol(email, password);
    expect((await me(session.headers)).data).toEqual({ email, name: 'Support Sam', role: 'support' });
    expect(await listed(added.data.operator.id)).toMatchObject({
      email,
      totp_enrolled: true,
      last_sign_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('lists every operator with role, state and TOTP, and no password hash, secret or recovery code', async () => {
    const { id } = await addOperator('finance');
    const list = await call(t.app, 'GET', '/admin/operators', as(owner.headers));
    expect(list.code).toBe(0);
    const ids = list.data.records.map((record: { id: string }) => record.id);
    expect(ids).toContain(owner.operator.id.toString());
    expect(ids).toContain(id);
    expect(Object.keys(list.data.records[0]).sort()).toEqual(
      [
        'created_at',
        'disabled',
        'disabled_at',
        'email',
        'id',
        'last_sign_in_at',
        'name',
        'role',
        'totp_enrolled',
      ].sort(),
    );
    // The factory's owner has a signed-in session and an enrolled TOTP.
    expect(
      list.data.records.find((record: { id: string }) => record.id === owner.operator.id.toString()),
    ).toMatchObject({ role: 'owner', totp_enrolled: true, last_sign_in_at: expect.any(String) });
    expect(JSON.stringify(list.data)).not.toMatch(/hash|sealed|recovery|enrolled-elsewhere|not-a-hash/i);
  });

  it('refuses a second operator with the same email in any letter case (2002), creating nothing', async () => {
    const { email } = await addOperator('finance');
    const before = (await db().select({ n: count() }).from(operators))[0]?.n;
    const again = await call(t.app, 'POST', '/admin/operators', {
      ...as(owner.headers),
      body: { email: email.toUpperCase(), role: 'owner' },
    });
    expect(again).toMatchObject({ status: 409, code: 2002 });
    expect(again.msg).toContain('exists already');
    expect((await db().select({ n: count() }).from(operators))[0]?.n).toBe(before);
  });

  it('refuses what the database cannot store (1002) or a missing field (1001), changing nothing', async () => {
    const { id } = await addOperator('support', 'Kept Name');
    const before = (await db().select({ n: count() }).from(operators))[0]?.n;
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/admin/operators', { ...as(owner.headers), body });
    expect(await add({ email: newEmail('nul'), name: 'a\u0000b', role: 'support' })).toMatchObject({
      status: 400,
      code: 1002,
      msg: 'Argument type error: name: control characters are not allowed',
    });
    expect((await add({ email: `bell\u0007${newEmail('x')}`, role: 'support' })).code).toBe(1002);
    expect((await add({ email: newEmail('long'), name: 'n'.repeat(101), role: 'support' })).code).toBe(1002);
    expect((await add({ email: `${'e'.repeat(250)}@example.test`, role: 'support' })).code).toBe(1002);
    expect((await add({ email: 'not an email', role: 'support' })).code).toBe(1002);
    expect((await add({ email: newEmail('role'), role: 'admin' })).code).toBe(1002);
    expect(await add({ role: 'support' })).toMatchObject({ status: 400, code: 1001 });
    expect((await db().select({ n: count() }).from(operators))[0]?.n).toBe(before);

    expect((await patch(id, { name: 'x\u0000' })).code).toBe(1002);
    expect((await patch(id, { name: '' })).code).toBe(1001);
    expect((await patch(id, { name: 'n'.repeat(101) })).code).toBe(1002);
    expect((await patch(id, { role: 'admin' })).code).toBe(1002);
    expect((await patch(id, {})).code).toBe(1002);
    expect((await patch('not-an-id', { name: 'Someone' })).code).toBe(404);
    expect((await patch('999999999', { name: 'Someone' })).code).toBe(404);
    expect((await stored(id))?.name).toBe('Kept Name');
  });

  it('opens every operators call to the owner only: finance and support get 403 and change nothing', async () => {
    const target = await addOperator('support', 'Untouched');
    const calls = [
      { method: 'GET', path: '/admin/operators' },
      { method: 'POST', path: '/admin/operators', body: { email: newEmail('sneaky'), role: 'owner' } },
      { method: 'PATCH', path: `/admin/operators/${target.id}`, body: { role: 'owner', disabled: true } },
      { method: 'POST', path: `/admin/operators/${target.id}/totp/reset` },
      { method: 'POST', path: `/admin/operators/${target.id}/password/reset` },
    ] as const;
    const before = await db().select().from(operators);
    for (const role of ['finance', 'support'] as const) {
      const { headers } = await operatorSession(t.database, role);
      for (const { method, path, ...rest } of calls) {
        const answer = await call(t.app, method, path, {
          headers,
          ...('body' in rest ? { body: rest.body } : {}),
        });
        expect(answer, `${role} ${method} ${path}`).toMatchObject({ status: 403, code: 403 });
      }
    }
    const after = await db().select().from(operators);
    // Only the two sessions' own operators were added, by the factory.
    expect(after.length).toBe(before.length + 2);
    expect(await stored(target.id)).toEqual(before.find((row) => row.id.toString() === target.id));
  });

  it('disables an operator: its live session answers 2004 at once, its sign-in is refused, and enabling it does not bring that session back', async () => {
    const { id, email, password } = await addOperator('finance');
    const session = await signInAndEnrol(email, password);
    expect((await me(session.headers)).code).toBe(0);

    const disabled = await patch(id, { disabled: true });
    expect(disabled.data).toMatchObject({ id, disabled: true, disabled_at: expect.any(String) });
    expect(await me(session.headers)).toMatchObject({ status: 401, code: 2004 });
    expect(await signIn(email, password)).toMatchObject({ status: 401, code: 2003 });

    const enabled = await patch(id, { disabled: false });
    expect(enabled.data).toMatchObject({ disabled: false, disabled_at: null });
    expect((await me(session.headers)).code).toBe(2004);
    expect((await signIn(email, password)).data).toMatchObject({ stage: 'totp' });
  });

  it('changes a role and a name; the operator acts with the new role at once', async () => {
    const { id, email, password } = await addOperator('support');
    const session = await signInAndEnrol(email, password);
    expect((await call(t.app, 'GET', '/admin/reports/daily', as(session.headers))).status).toBe(403);

    const changed = await patch(id, { role: 'finance', name: 'Fiona' });
    expect(changed.data).toMatchObject({ id, role: 'finance', name: 'Fiona', disabled: false });
    expect((await me(session.headers)).data).toEqual({ email, name: 'Fiona', role: 'finance' });
    expect((await call(t.app, 'GET', '/admin/reports/daily', as(session.headers))).code).toBe(0);
  });

  it('never lets the owner disable, demote or reset themselves (2201), changing nothing', async () => {
    const ownId = owner.operator.id.toString();
    const before = await stored(ownId);
    for (const body of [{ disabled: true }, { role: 'finance' }, { role: 'support', name: 'Me' }]) {
      expect(await patch(ownId, body), JSON.stringify(body)).toMatchObject({ status: 409, code: 2201 });
    }
    for (const reset of ['totp', 'password']) {
      const answer = await call(t.app, 'POST', `/admin/operators/${ownId}/${reset}/reset`, as(owner.headers));
      expect(answer, reset).toMatchObject({ status: 409, code: 2201 });
    }
    expect(await stored(ownId)).toEqual(before);
    expect((await me(owner.headers)).data.role).toBe('owner');
    // A name is theirs to change.
    expect((await patch(ownId, { name: 'The Owner' })).data).toMatchObject({
      name: 'The Owner',
      role: 'owner',
    });
  });

  it('never leaves the installation without an enabled owner (2202), even when two owners demote each other at once', async () => {
    const other = await createTestApp();
    try {
      const first = await operatorSession(other.database, 'owner');
      const second = await operatorSession(other.database, 'owner');
      const enabledOwners = async () =>
        (await other.database.db.select().from(operators)).filter(
          (row) => row.role === 'owner' && row.disabledAt === null,
        ).length;

      // Two owners demote each other at once: one wins, the other is refused (403 or 2202).
      const answers = await Promise.all([
        call(other.app, 'PATCH', `/admin/operators/${second.operator.id}`, {
          headers: first.headers,
          body: { role: 'support' },
        }),
        call(other.app, 'PATCH', `/admin/operators/${first.operator.id}`, {
          headers: second.headers,
          body: { role: 'support' },
        }),
      ]);
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      expect(answers.find((answer) => answer.code !== 0)?.code).toBeOneOf([403, 2202]);
      expect(await enabledOwners()).toBe(1);

      // An owner whose call got past the role check just before losing the role cannot disable or
      // demote the one owner left.
      const [survivor, demoted] = answers[0]?.code === 0 ? [first, second] : [second, first];
      const act = { operator: presentOperator(demoted.operator), clientIp: '127.0.0.1' };
      for (const changes of [{ disabled: true }, { role: 'finance' as const }]) {
        await expect(
          changeOperator(other.database.db, survivor.operator.id, changes, act),
        ).rejects.toMatchObject({
          code: 2202,
          message: 'The installation must keep at least one enabled owner',
        });
      }
      expect(await enabledOwners()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('resets TOTP: sessions end, secret and recovery codes are forgotten, and the next sign-in enrols again', async () => {
    const { id, email, password } = await addOperator('support');
    const session = await signInAndEnrol(email, password);
    const pending = await signIn(email, password);
    expect(pending.data.stage).toBe('totp');

    const reset = await call(t.app, 'POST', `/admin/operators/${id}/totp/reset`, as(owner.headers));
    expect(reset.data).toMatchObject({ operator: { id, totp_enrolled: false }, sessions_ended: 2 });
    expect((await me(session.headers)).code).toBe(2004);
    // The sign-in begun before the reset cannot finish with an old recovery code.
    expect(
      (await secondStep(pending.data.token, { recovery_code: session.recoveryCodes[0] ?? '' })).code,
    ).toBe(2004);
    expect(await stored(id)).toMatchObject({
      totpSecretSealed: null,
      totpEnrolledAt: null,
      recoveryCodeHashes: [],
    });

    const again = await signInAndEnrol(email, password);
    expect((await me(again.headers)).code).toBe(0);
    expect((await listed(id)) as unknown).toMatchObject({ totp_enrolled: true });
  });

  it('resets a password: the new one (shown once) signs in, the old one no longer does, sessions end', async () => {
    const { id, email, password } = await addOperator('finance');
    const session = await signInAndEnrol(email, password);

    const reset = await call(t.app, 'POST', `/admin/operators/${id}/password/reset`, as(owner.headers));
    expect(reset.data).toMatchObject({ operator: { id }, sessions_ended: 1 });
    const newPassword: string = reset.data.password;
    expect(newPassword).not.toBe(password);
    expect((await me(session.headers)).code).toBe(2004);
    expect((await signIn(email, password)).code).toBe(2003);
    const first = await signIn(email, newPassword);
    expect(first.data.stage).toBe('totp');
    const signedIn = await secondStep(first.data.token, { recovery_code: session.recoveryCodes[0] ?? '' });
    expect(signedIn.code).toBe(0);
  });

  it('records every change with who, what, before and after, from where; never a password, secret or hash', async () => {
    const { id, email, password } = await addOperator('support', 'Audited');
    await signInAndEnrol(email, password);
    expect((await patch(id, { role: 'finance', name: 'Audited Again' })).code).toBe(0);
    expect((await patch(id, { disabled: true })).code).toBe(0);
    expect((await patch(id, { disabled: false })).code).toBe(0);
    expect((await call(t.app, 'POST', `/admin/operators/${id}/totp/reset`, as(owner.headers))).code).toBe(0);
    const reset = await call(t.app, 'POST', `/admin/operators/${id}/password/reset`, as(owner.headers));
    // A refused change is not recorded.
    expect((await patch(id, { role: 'admin' })).code).toBe(1002);

    const trail = await call(
      t.app,
      'GET',
      `/admin/audit?target_type=operator&target_id=${encodeURIComponent(email)}`,
      as(owner.headers),
    );
    const records = [...trail.data.records].reverse();
    expect(records.map((record: { action: string }) => record.action)).toEqual([
      'operator.create',
      'operator.update',
      'operator.update',
      'operator.update',
      'operator.totp.reset',
      'operator.password.reset',
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        actor: owner.operator.email,
        target_type: 'operator',
        client_ip: '127.0.0.1',
      });
    }
    expect(
      records.map((record: { before: unknown; after: unknown }) => [record.before, record.after]),
    ).toEqual([
      [null, { email, name: 'Audited', role: 'support', disabled: false }],
      [
        { email, name: 'Audited', role: 'support', disabled: false },
        { email, name: 'Audited Again', role: 'finance', disabled: false },
      ],
      [
        { email, name: 'Audited Again', role: 'finance', disabled: false },
        { email, name: 'Audited Again', role: 'finance', disabled: true, sessions_ended: 1 },
      ],
      [
        { email, name: 'Audited Again', role: 'finance', disabled: true },
        { email, name: 'Audited Again', role: 'finance', disabled: false },
      ],
      [{ totp_enrolled: true }, { totp_enrolled: false, sessions_ended: 0 }],
      [null, { sessions_ended: 0 }],
    ]);
    const row = await stored(id);
    const text = JSON.stringify(trail.data);
    for (const secret of [password, reset.data.password, row?.passwordHash ?? 'no hash']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/hash|sealed|secret|recovery/i);
  });
});
