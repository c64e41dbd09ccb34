import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assertOperator } from './operator-token';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

/** Every operator call, with a body it would accept. */
const OPERATOR_CALLS = [
  { method: 'PUT', path: '/admin/prices/dynamic_ip', body: { price: '0.15' } },
  { method: 'PUT', path: '/admin/users/nobody-uid/plan', body: { plan: 'personal' } },
  { method: 'POST', path: '/admin/orders/T000000000000/confirm', body: { amount: '10' } },
] as const;

describe('operator calls: one module, one token check', () => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    [t, closed] = await Promise.all([createTestApp({ ADMIN_TOKEN }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), closed?.close()]);
  });

  it('refuses every operator call without the token, with a wrong one or one of another length (2004), before reading the body', async () => {
    for (const { method, path } of OPERATOR_CALLS) {
      for (const token of [null, 'wrong-token-wrong-token-wrong-to', 'short', `${ADMIN_TOKEN}x`]) {
        const answer = await call(t.app, method, path, {
          headers: token === null ? {} : { 'x-admin-token': token },
          // Not even valid: the token is checked first.
          body: { nonsense: true },
        });
        expect(answer, `${method} ${path} with ${token}`).toMatchObject({ status: 401, code: 2004 });
      }
    }
  });

  it('lets the token through to each call (which then answers for itself)', async () => {
    const answers = await Promise.all(
      OPERATOR_CALLS.map(({ method, path, body }) =>
        call(t.app, method, path, { headers: { 'x-admin-token': ADMIN_TOKEN }, body }),
      ),
    );
    // The price is set; no such user (2001); no such order (404).
    expect(answers.map((answer) => answer.code)).toEqual([0, 2001, 404]);
  });

  it('has no operator calls at all without ADMIN_TOKEN (404)', async () => {
    for (const { method, path, body } of OPERATOR_CALLS) {
      const answer = await call(closed.app, method, path, { headers: { 'x-admin-token': '' }, body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404 });
    }
  });

  it('compares in constant time whatever the lengths (both sides hashed)', () => {
    const config = { adminToken: ADMIN_TOKEN };
    expect(() => assertOperator(config, ADMIN_TOKEN)).not.toThrow();
    for (const given of [
      '',
      'a',
      ADMIN_TOKEN.slice(0, -1),
      `${ADMIN_TOKEN}${ADMIN_TOKEN}`,
      [ADMIN_TOKEN],
      undefined,
    ]) {
      expect(() => assertOperator(config, given)).toThrow(expect.objectContaining({ code: 2004 }));
    }
  });
});
