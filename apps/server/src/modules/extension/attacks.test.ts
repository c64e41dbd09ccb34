import { eq, users } from '@ptc/db';
import { createProxy, createSession } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The extension's credential attacked from outside (issue #18). */
describe('extension pairing under attack', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const paired = async () => {
    const signed = await signedInCustomer(t.database);
    const proxy = await createProxy(t.database.db, signed.user.id);
    const pairing = await call(t.app, 'POST', '/proxy/extension/pairings', { token: signed.token, body: {} });
    if (pairing.code !== 0) throw new Error(`pairing refused: ${pairing.code}`);
    return {
      ...signed,
      proxy,
      pairingId: pairing.data.id as string,
      pairingToken: pairing.data.token as string,
    };
  };
  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });
  const codeOf = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    code: (response.json() as { code: number }).code,
  });
  const REFUSED = { status: 401, code: 2004 };

  it('a pairing token opens no session route, nor the public API; it cannot make pairings of its own', async () => {
    const a = await paired();
    for (const authorization of [`Extension ${a.pairingToken}`, `Bearer ${a.pairingToken}`, a.pairingToken]) {
      expect(codeOf(await get('/user/info', authorization)), authorization.slice(0, 12)).toEqual(REFUSED);
      expect(codeOf(await get('/proxy/quick_access', authorization)), authorization.slice(0, 12)).toEqual(
        REFUSED,
      );
      expect(
        codeOf(await get('/proxy/extension/pairings', authorization)),
        authorization.slice(0, 12),
      ).toEqual(REFUSED);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/proxy/extension/pairings',
        headers: { authorization, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(codeOf(made)).toEqual(REFUSED);
    }
    const publicApi = await t.app.inject({
      method: 'GET',
      url: '/api/v2/account',
      headers: { 'x-api-key': a.pairingToken },
    });
    expect(publicApi.statusCode).toBe(401);
    const bearerApi = await t.app.inject({
      method: 'GET',
      url: '/api/v2/account',
      headers: { authorization: `Bearer ${a.pairingToken}` },
    });
    expect(bearerApi.statusCode).toBe(401);
    // It still works where it belongs.
    expect(codeOf(await get('/extension/session', `Extension ${a.pairingToken}`))).toEqual({
      status: 200,
      code: 0,
    });
  });

  it('a session token (raw, Bearer or dressed as a pairing) opens no extension route', async () => {
    const a = await paired();
    for (const url of [
      '/extension/session',
      `/extension/proxies/${a.proxy.publicId}`,
      '/extension/quick_access',
      '/extension/check_url',
    ]) {
      for (const authorization of [
        a.token,
        `Bearer ${a.token}`,
        `Extension ${a.token}`,
        `Extension ptcx_${a.token}`,
        undefined,
        '',
        'Extension',
        'Extension ',
        `Extension ${a.pairingToken} extra`,
        `Extension ${a.pairingToken}x`,
        `Extension ${a.pairingToken.slice(0, -1)}`,
        `Extension ptcx_${'A'.repeat(5000)}`,
        `Basic ${Buffer.from(`x:${a.pairingToken}`).toString('base64')}`,
      ]) {
        expect(codeOf(await get(url, authorization)), `${url} ${String(authorization).slice(0, 20)}`).toEqual(
          REFUSED,
        );
      }
    }
    // Control characters in the header never reach the database as a 500.
    expect(codeOf(await get('/extension/session', 'Extension ptcx_\u0001abc\u007f'))).toEqual(REFUSED);
  });

  it("another customer's proxy is not found through the extension, exactly like a missing one", async () => {
    const a = await paired();
    const b = await paired();
    const theirs = await get(`/extension/proxies/${b.proxy.publicId}`, `Extension ${a.pairingToken}`);
    const missing = await get('/extension/proxies/p_missing0000', `Extension ${a.pairingToken}`);
    expect(codeOf(theirs)).toEqual({ status: 404, code: 4005 });
    expect(theirs.body).toBe(missing.body);
    expect(theirs.body).not.toContain(b.proxy.password);
    for (const id of [
      '%00',
      'x'.repeat(10_000),
      '%ED%A0%80',
      encodeURIComponent("' OR 1=1 --"),
      '..%2Fsession',
    ]) {
      const response = await fetch(`${base}/api/extension/proxies/${id}`, {
        headers: { authorization: `Extension ${a.pairingToken}` },
      });
      expect(response.status, id.slice(0, 20)).toBeLessThan(500);
    }
  });

  it("revoking another customer's pairing is not found and leaves it working", async () => {
    const a = await paired();
    const b = await paired();
    const theirs = await call(t.app, 'DELETE', `/proxy/extension/pairings/${b.pairingId}`, {
      token: a.token,
    });
    const missing = await call(t.app, 'DELETE', '/proxy/extension/pairings/pair_missing000000000', {
      token: a.token,
    });
    expect({ status: theirs.status, code: theirs.code, msg: theirs.msg }).toEqual({
      status: missing.status,
      code: missing.code,
      msg: missing.msg,
    });
    expect(theirs.status).toBe(404);
    expect(codeOf(await get('/extension/session', `Extension ${b.pairingToken}`))).toEqual({
      status: 200,
      code: 0,
    });
    expect((await call(t.app, 'GET', '/proxy/extension/pairings', { token: a.token })).data.list).toEqual([
      expect.objectContaining({ id: a.pairingId }),
    ]);
  });

  it('a revoked pairing, a logged-out session, a locked or deleted account: every extension call is refused', async () => {
    const revoked = await paired();
    await call(t.app, 'DELETE', `/proxy/extension/pairings/${revoked.pairingId}`, { token: revoked.token });
    const loggedOut = await paired();
    expect((await call(t.app, 'POST', '/user/logout', { token: loggedOut.token })).code).toBe(0);
    const locked = await paired();
    await t.database.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.user.id));
    const deleted = await paired();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    for (const who of [revoked, loggedOut, locked, deleted]) {
      for (const url of [
        '/extension/session',
        `/extension/proxies/${who.proxy.publicId}`,
        '/extension/quick_access',
        '/extension/check_url',
      ]) {
        expect(codeOf(await get(url, `Extension ${who.pairingToken}`)), url).toEqual(REFUSED);
      }
    }
    // A new console session of the logged-out customer does not bring the old pairing back.
    await createSession(t.database.db, loggedOut.user.id);
    expect(codeOf(await get('/extension/session', `Extension ${loggedOut.pairingToken}`))).toEqual(REFUSED);
  });
});
