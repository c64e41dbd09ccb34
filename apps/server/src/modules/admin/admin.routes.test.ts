import { auditLog, eq, operators, sql } from '@ptc/db';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { operatorSession, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bootstrapOwner, createOperator } from './operators/operators.service';

const ALL = ['owner', 'finance', 'support'] as const;
const MONEY = ['owner', 'finance'] as const;
const CARE = ['owner', 'support'] as const;
const OWNER = ['owner'] as const;

/**
 * Every operator call, with a body it would accept, and the roles it is open to. A test below
 * checks this against the OpenAPI document, so a new operator route cannot be left out. Sign-out
 * comes last: it ends the session the others use.
 */
const OPERATOR_CALLS: readonly {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  roles: readonly string[];
}[] = [
  { method: 'GET', path: '/admin/me', roles: ALL },
  { method: 'GET', path: '/admin/audit', roles: OWNER },
  { method: 'GET', path: '/admin/prices', roles: ALL },
  { method: 'PUT', path: '/admin/prices/dynamic_ip', body: { price: '0.15' }, roles: MONEY },
  { method: 'PUT', path: '/admin/users/nobody-uid/plan', body: { plan: 'personal' }, roles: MONEY },
  { method: 'POST', path: '/admin/orders/T000000000000/confirm', body: { amount: '10' }, roles: MONEY },
  { method: 'GET', path: '/admin/orders', roles: ALL },
  { method: 'GET', path: '/admin/orders/T000000000000', roles: ALL },
  { method: 'GET', path: '/admin/charges?customer=nobody-uid', roles: ALL },
  { method: 'POST', path: '/admin/refunds', body: { entry_id: '999999', reason: 'a reason' }, roles: MONEY },
  { method: 'GET', path: '/admin/reports/daily', roles: MONEY },
  { method: 'GET', path: '/admin/reports/daily.csv', roles: MONEY },
  { method: 'GET', path: '/admin/customers?q=nobody', roles: ALL },
  { method: 'GET', path: '/admin/customers/nobody-uid', roles: ALL },
  {
    method: 'POST',
    path: '/admin/customers/nobody-uid/balance',
    body: { amount: '1', reason: 'a reason', request_id: 'matrix-0001' },
    roles: MONEY,
  },
  {
    method: 'POST',
    path: '/admin/customers/nobody-uid/lock',
    body: { locked: true, reason: 'a reason' },
    roles: CARE,
  },
  { method: 'POST', path: '/admin/customers/nobody-uid/sessions/revoke', roles: CARE },
  {
    method: 'POST',
    path: '/admin/customers/nobody-uid/two_factor/reset',
    body: { reason: 'a reason' },
    roles: CARE,
  },
  { method: 'GET', path: '/admin/catalogue/plans', roles: ALL },
  { method: 'POST', path: '/admin/catalogue/plans', body: { gb: 0 }, roles: MONEY },
  { method: 'PATCH', path: '/admin/catalogue/plans/999999', body: { on_sale: false }, roles: MONEY },
  { method: 'GET', path: '/admin/catalogue/top-up', roles: ALL },
  { method: 'PUT', path: '/admin/catalogue/top-up', body: { packages: [] }, roles: MONEY },
  { method: 'GET', path: '/admin/catalogue/fees', roles: ALL },
  {
    method: 'PUT',
    path: '/admin/catalogue/fees',
    body: { card: { basis_points: 99_999, fixed: '0' } },
    roles: MONEY,
  },
  { method: 'GET', path: '/admin/vm/configurations', roles: ALL },
  { method: 'PATCH', path: '/admin/vm/configurations/999999', body: { active: false }, roles: MONEY },
  { method: 'GET', path: '/admin/supply', roles: ALL },
  { method: 'GET', path: '/admin/exits', roles: ALL },
  { method: 'GET', path: '/admin/exits/999999', roles: ALL },
  { method: 'GET', path: '/admin/exits/999999/checks', roles: ALL },
  { method: 'POST', path: '/admin/exits/999999/check', roles: CARE },
  {
    method: 'POST',
    path: '/admin/exits',
    body: { kind: 'direct', type: 'residential', areas: [{ country: 'XX' }] },
    roles: OWNER,
  },
  { method: 'PATCH', path: '/admin/exits/999999', body: { line: 2 }, roles: OWNER },
  { method: 'POST', path: '/admin/exits/999999/enabled', body: { enabled: false }, roles: OWNER },
  { method: 'POST', path: '/admin/exits/999999/retire', roles: OWNER },
  { method: 'POST', path: '/admin/supply/demo', body: { enabled: true }, roles: OWNER },
  { method: 'POST', path: '/admin/inventory/import', body: { csv: 'ip', dry_run: true }, roles: OWNER },
  { method: 'GET', path: '/admin/announcements', roles: ALL },
  // No text: refused (1001) rather than publishing a bulletin.
  { method: 'POST', path: '/admin/announcements', body: {}, roles: CARE },
  { method: 'PUT', path: '/admin/announcements/999999', body: { title_en: 't', body_en: 'b' }, roles: CARE },
  { method: 'POST', path: '/admin/announcements/999999/unpublish', roles: CARE },
  { method: 'DELETE', path: '/admin/announcements/999999', roles: CARE },
  { method: 'GET', path: '/admin/survey', roles: ALL },
  // No texts: refused (1001) rather than adding a question; unknown questions 404; no ids 1002.
  { method: 'POST', path: '/admin/survey/questions', body: {}, roles: CARE },
  { method: 'PUT', path: '/admin/survey/questions/999999', body: {}, roles: CARE },
  { method: 'POST', path: '/admin/survey/questions/999999/retire', roles: CARE },
  { method: 'POST', path: '/admin/survey/questions/999999/restore', roles: CARE },
  { method: 'PUT', path: '/admin/survey/order', body: { ids: [] }, roles: CARE },
  { method: 'GET', path: '/admin/operators', roles: OWNER },
  // No email: the owner's call is refused (1001) rather than adding an operator.
  { method: 'POST', path: '/admin/operators', body: { role: 'support' }, roles: OWNER },
  { method: 'PATCH', path: '/admin/operators/999999', body: { disabled: true }, roles: OWNER },
  { method: 'POST', path: '/admin/operators/999999/totp/reset', roles: OWNER },
  { method: 'POST', path: '/admin/operators/999999/password/reset', roles: OWNER },
  { method: 'POST', path: '/admin/session/logout', roles: ALL },
];
const ROLES = ['owner', 'finance', 'support'] as const;

describe('operators: their own accounts, TOTP, roles and an audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const session = (headers: Record<string, string>) => ({ headers });

  it('lists every operator call of the OpenAPI document in the matrix (a new route cannot be forgotten)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && !/^\/api\/admin\/session(\/totp)?$/.test(path))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(
            (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '{}')}`,
          ),
      );
    const listed = new Set(
      OPERATOR_CALLS.map(
        ({ method, path }) =>
          `${method} ${path.split('?')[0]?.replace(/\/(nobody-uid|T000000000000|999999|dynamic_ip)(?=\/|$)/g, '/{}')}`,
      ),
    );
    expect(documented.filter((operation) => !listed.has(operation))).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(30);
  });

  it('answers a customer session on every operator call as it answers no session at all (2004)', async () => {
    const customer = await signedInCustomer(t.database);
    for (const { method, path, body } of OPERATOR_CALLS) {
      const without = await call(t.app, method, path, { body });
      const withCustomer = await call(t.app, method, path, { body, token: customer.token });
      const inOperatorHeader = await call(t.app, method, path, {
        body,
        headers: { 'x-operator-session': customer.token },
      });
      for (const answer of [without, withCustomer, inOperatorHeader]) {
        expect(answer, `${method} ${path}`).toMatchObject({ status: 401, code: 2004 });
      }
    }
  });

  it('opens each call to its roles only (403 for the others), before reading the body', async () => {
    for (const role of ROLES) {
      const { headers } = await operatorSession(t.database, role);
      for (const { method, path, body, roles } of OPERATOR_CALLS) {
        const answer = await call(t.app, method, path, { ...session(headers), body });
        if ((roles as readonly string[]).includes(role)) {
          expect(answer.status, `${role} ${method} ${path}`).not.toBe(403);
          expect(answer.code, `${role} ${method} ${path}`).not.toBe(2004);
        } else {
          expect(answer, `${role} ${method} ${path}`).toMatchObject({ status: 403, code: 403 });
        }
      }
    }
  });

  it('signs in with the password, enrols TOTP on the first sign-in, then needs a fresh code (or a recovery code) each time', async () => {
    await createOperator(db(), {
      email: 'owner@example.test',
      role: 'owner',
      password: 'a long owner password',
    });
    const signIn = (password: string) =>
      call(t.app, 'POST', '/admin/session', { body: { email: 'owner@example.test', password } });
    const totp = (token: string, body: Record<string, string>) =>
      call(t.app, 'POST', '/admin/session/totp', { body, headers: { 'x-operator-session': token } });

    expect(await signIn('wrong password!')).toMatchObject({ status: 401, code: 2003 });
    const first = await signIn('a long owner password');
    expect(first.data).toMatchObject({ stage: 'enrol', enrolment: { secret: expect.any(String) } });
    expect(first.data.enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const secret: string = first.data.enrolment.secret;
    // The pending token opens nothing but the TOTP step.
    expect(
      (await call(t.app, 'GET', '/admin/me', { headers: { 'x-operator-session': first.data.token } })).code,
    ).toBe(2004);
    expect((await totp(first.data.token, { code: '000000' })).code).toBe(2004);
    const enrolled = await totp(first.data.token, { code: await generate({ secret }) });
    expect(enrolled.code).toBe(0);
    expect(enrolled.data.recovery_codes).toHaveLength(10);
    const me = await call(t.app, 'GET', '/admin/me', {
      headers: { 'x-operator-session': enrolled.data.token },
    });
    expect(me.data).toEqual({ email: 'owner@example.test', name: 'owner@example.test', role: 'owner' });
    // The secret is stored sealed, never in clear.
    const [stored] = await db().select().from(operators).where(eq(operators.email, 'owner@example.test'));
    expect(stored?.totpSecretSealed).toBeTruthy();
    expect(stored?.totpSecretSealed).not.toContain(secret);

    // Next sign-in: the code used at enrolment is spent; a recovery code works once.
    const second = await signIn('a long owner password');
    expect(second.data).toEqual({ stage: 'totp', token: expect.any(String) });
    expect((await totp(second.data.token, { code: await generate({ secret }) })).code).toBe(2004);
    const [recovery] = enrolled.data.recovery_codes as string[];
    expect((await totp(second.data.token, { recovery_code: recovery ?? '' })).code).toBe(0);
    const third = await signIn('a long owner password');
    expect((await totp(third.data.token, { recovery_code: recovery ?? '' })).code).toBe(2004);

    // Signed out, the session opens nothing.
    await call(t.app, 'POST', '/admin/session/logout', {
      headers: { 'x-operator-session': enrolled.data.token },
    });
    expect(
      (await call(t.app, 'GET', '/admin/me', { headers: { 'x-operator-session': enrolled.data.token } }))
        .code,
    ).toBe(2004);
  });

  it('creates the first owner from the environment only when there is no operator', async () => {
    const other = await createTestApp();
    try {
      const bootstrap = { email: 'first@example.test', password: 'a long first password' };
      expect(await bootstrapOwner(other.database.db, bootstrap)).toBe(true);
      expect(await bootstrapOwner(other.database.db, { ...bootstrap, email: 'second@example.test' })).toBe(
        false,
      );
      const rows = await other.database.db.select().from(operators);
      expect(rows.map((row) => [row.email, row.role])).toEqual([['first@example.test', 'owner']]);
    } finally {
      await other.close();
    }
  });

  it('records every action with who, what, before and after, from where; the owner searches it; nobody edits it', async () => {
    const finance = await operatorSession(t.database, 'finance');
    const customer = await signedInCustomer(t.database);
    const setPrice = await call(t.app, 'PUT', '/admin/prices/static_ip_residential_30', {
      ...session(finance.headers),
      body: { price: '8.49' },
    });
    expect(setPrice.code).toBe(0);
    const setPlan = await call(t.app, 'PUT', `/admin/users/${customer.user.uid}/plan`, {
      ...session(finance.headers),
      body: { plan: 'enterprise', discount_percent: 15 },
    });
    expect(setPlan.code).toBe(0);
    // A refused action changed nothing and is not recorded.
    await call(t.app, 'PUT', '/admin/prices/nope', { ...session(finance.headers), body: { price: '1' } });

    const owner = await operatorSession(t.database, 'owner');
    const trail = await call(
      t.app,
      'GET',
      `/admin/audit?actor=${encodeURIComponent(finance.operator.email)}`,
      {
        ...session(owner.headers),
      },
    );
    expect(trail.data.records).toMatchObject([
      {
        actor: finance.operator.email,
        action: 'user.plan.set',
        target_type: 'user',
        target_id: customer.user.uid,
        before: { plan: 'personal', discount_basis_points: 0 },
        after: { plan: 'enterprise', discount_basis_points: 1500 },
        client_ip: '127.0.0.1',
      },
      {
        action: 'price.set',
        target_id: 'static_ip_residential_30',
        before: { price: '7.99' },
        after: { price: '8.49' },
      },
    ]);
    const byTarget = await call(
      t.app,
      'GET',
      `/admin/audit?target_type=user&target_id=${customer.user.uid}`,
      {
        ...session(owner.headers),
      },
    );
    expect(byTarget.data.records).toHaveLength(1);
    await expect(db().update(auditLog).set({ actor: 'someone else' })).rejects.toThrow();
    await expect(db().delete(auditLog).where(sql`true`)).rejects.toThrow();
  });
});
