import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_EXTENSION_BYPASS, EXTENSION_PAIRING_MAX } from '@ptc/contracts';
import { eq, extensionPairings, sessions, sql } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fakeExtensionDist } from './extension.test-helpers';
import { extensionIdOfKey } from './extension-package';

/** Chrome's id of a key, computed apart from the server's code: sha256 of the DER, 32 hex digits as a-p. */
const chromeId = (key: string) =>
  createHash('sha256')
    .update(Buffer.from(key, 'base64'))
    .digest('hex')
    .slice(0, 32)
    .replace(/[0-9a-f]/g, (digit) => 'abcdefghijklmnop'.charAt(Number.parseInt(digit, 16)));

describe('browser extension: download and facts', () => {
  let t: TestApp;
  let dist: ReturnType<typeof fakeExtensionDist>;
  beforeAll(async () => {
    dist = fakeExtensionDist();
    t = await createTestApp({
      EXTENSION_DIR: dist.dir,
      PUBLIC_URL: 'https://console.example.test:8443/',
      EXTENSION_STORE_CHROME: 'https://chromewebstore.google.com/detail/ptc',
      EXTENSION_STORE_360: 'https://ext.se.360.cn/webstore/detail/ptc',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  it('answers the zip with its manifest rewritten for the console origin, and the same facts from /info', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/proxy/browser/plugin' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ptc-proxy-extension-1.2.3.zip"',
    );
    const zip = response.rawPayload;
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files).sort()).toEqual(['assets/popup.html', 'background.js', 'manifest.json']);
    expect(new TextDecoder().decode(files['background.js'])).toBe('console.log("background");\n');
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    // Match patterns carry no port: the console's host on any port.
    expect(manifest.externally_connectable).toEqual({ matches: ['https://console.example.test/*'] });
    expect(manifest.host_permissions).toEqual(['<all_urls>', 'https://console.example.test/*']);
    expect(manifest.key).toBe(dist.key);
    expect(manifest.version).toBe('1.2.3');

    const info = await call(t.app, 'GET', '/proxy/extension/info');
    expect(info).toMatchObject({
      status: 200,
      code: 0,
      data: {
        version: '1.2.3',
        extension_id: chromeId(dist.key),
        file_name: 'ptc-proxy-extension-1.2.3.zip',
        size: zip.byteLength,
        sha256: createHash('sha256').update(zip).digest('hex'),
        stores: {
          chrome: 'https://chromewebstore.google.com/detail/ptc',
          '360': 'https://ext.se.360.cn/webstore/detail/ptc',
        },
      },
    });
    expect(info.data.stores).not.toHaveProperty('edge');
    expect(info.data.extension_id).toMatch(/^[a-p]{32}$/);
    // Built once per process: the same bytes again.
    const again = await t.app.inject({ method: 'GET', url: '/api/proxy/browser/plugin' });
    expect(Buffer.compare(again.rawPayload, zip)).toBe(0);
  });

  it("computes Chrome's id from the manifest key and refuses what is not a public key", () => {
    // apps/extension's key, and the id Chromium 156 gave the unpacked extension (commit f2ab504).
    const repoKey =
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA11BVbOsd7vqprxr9MZpE1vJ6bjcrocjNIPKQ6pOxaeWGghkvsPwY60RGZb+V4vwckQnUbvbxF2Q/jHpOlICHpZazG7/qN4q2P7YLQlOyQq2JPeFekTs4gY3bCpErb4UI5CXSBIycsXY/q2gM3Lc0MXowiKsyg6PII0nyiRMI4GZwHGzU6AlRseEW/nJYTLZr2JPTaqWpXu+89fXbvAzY55Pwlt3JUf9cUSPEOfLHp5xs6UNsBmZRACnhl/N9q6fVkg7rFnzg4SLwnPYbCmaT4+V+pW7U9WttLNTjn08c4gQuZ5RuCfdINCJrpUTEmw0Tvvapeh4qu4ohOuw/DSC6IwIDAQAB';
    expect(extensionIdOfKey(repoKey)).toBe('dogonalhnegaepepainegfbeippbmcak');
    expect(extensionIdOfKey(dist.key)).toBe(chromeId(dist.key));
    expect(() => extensionIdOfKey('')).toThrow();
    expect(() => extensionIdOfKey(Buffer.from('not a key').toString('base64'))).toThrow();
  });
});

describe('browser extension: operator settings', () => {
  it('takes an empty EXTENSION_BYPASS as no bypass at all, and a list as given', () => {
    const bypassOf = (value?: string) =>
      loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { EXTENSION_BYPASS: value }) }).extension
        .bypass;
    expect(bypassOf()).toEqual([...DEFAULT_EXTENSION_BYPASS]);
    expect(bypassOf('')).toEqual([]);
    expect(bypassOf(' <local>, *.corp.example ,,10.0.0.0/8 ')).toEqual([
      '<local>',
      '*.corp.example',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'test', EXTENSION_BYPASS: 'a b' })).toThrow(/EXTENSION_BYPASS/);
    expect(() => loadConfig({ NODE_ENV: 'test', EXTENSION_STORE_EDGE: 'javascript:alert(1)' })).toThrow(
      /EXTENSION_STORE_EDGE/,
    );
  });
});

describe('browser extension: not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EXTENSION_DIR: join('/nonexistent', 'ptc-extension-dist') });
  });
  afterAll(() => t.close());

  it('answers a clear 404 (never a 500) for the zip and the info', async () => {
    for (const url of ['/proxy/browser/plugin', '/proxy/extension/info']) {
      const answer = await call(t.app, 'GET', url);
      expect(answer).toMatchObject({ status: 404, code: 404, data: null });
      expect(answer.msg).toMatch(/browser extension is not available/i);
    }
  });
});

describe('browser extension: pairing and the extension calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      IP_CHECK_URL: 'http://ip-check.example.test/json',
    });
  });
  afterAll(() => t.close());

  const pair = (token: string, body?: Record<string, unknown>) =>
    call(t.app, 'POST', '/proxy/extension/pairings', { token, body });
  const asExtension = (pairingToken: string, url: string) =>
    call(t.app, 'GET', url, { headers: { authorization: `Extension ${pairingToken}` } });

  it('pairs with a token answered once and stored as its SHA-256; the extension sees its session', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = await pair(token, { label: 'Chrome at work' });
    expect(created).toMatchObject({ status: 200, code: 0 });
    const secret: string = created.data.token;
    expect(secret).toMatch(/^ptcx_[A-Za-z0-9_-]{43}$/);
    expect(created.data.id).toMatch(/^pair_/);

    const [row] = await t.database.db
      .select()
      .from(extensionPairings)
      .where(eq(extensionPairings.userId, user.id));
    expect(Buffer.from(row?.tokenHash ?? []).toString('hex')).toBe(
      createHash('sha256').update(secret).digest('hex'),
    );
    const stored = JSON.stringify(
      (await t.database.db.execute(
        sql`select * from extension_pairings where user_id = ${user.id}`,
      )) as unknown,
      (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
    expect(stored).not.toContain(secret.slice(5));

    const listed = await call(t.app, 'GET', '/proxy/extension/pairings', { token });
    expect(listed.data).toEqual({
      list: [
        {
          id: created.data.id,
          label: 'Chrome at work',
          created_at: created.data.created_at,
          last_used_at: null,
        },
      ],
    });

    expect(await asExtension(secret, '/extension/session')).toMatchObject({
      status: 200,
      code: 0,
      data: {
        user: { username: user.username },
        pairing_id: created.data.id,
        console_url: 'https://console.example.test',
        bypass: [...DEFAULT_EXTENSION_BYPASS],
      },
    });
    const used = await call(t.app, 'GET', '/proxy/extension/pairings', { token });
    expect(used.data.list[0].last_used_at).not.toBeNull();
    expect(await asExtension(secret, '/extension/check_url')).toMatchObject({
      code: 0,
      data: { url: 'http://ip-check.example.test/json' },
    });
  });

  it("answers one of the customer's proxies with the gateway address, and the quick-access entries", async () => {
    const { user, token } = await signedInCustomer(t.database);
    const proxy = await createProxy(t.database.db, user.id, { country: 'DE', switch: 6 });
    const paired = await pair(token);
    const secret = paired.data.token as string;
    expect(await asExtension(secret, `/extension/proxies/${proxy.publicId}`)).toMatchObject({
      code: 0,
      data: {
        id: proxy.publicId,
        scheme: 'http',
        host: t.app.config.gateway.publicHost,
        port: t.app.config.gateway.port,
        username: proxy.username,
        password: proxy.password,
        status: 1,
        enabled: false,
        expired: false,
        location: 'DE',
      },
    });
    await call(t.app, 'POST', '/proxy/quick_access', {
      token,
      body: { url: 'https://example.com/', remark: 'home', proxy_id: proxy.publicId },
    });
    expect(await asExtension(secret, '/extension/quick_access')).toMatchObject({
      code: 0,
      data: { list: [{ url: 'https://example.com/', remark: 'home', proxy_id: proxy.publicId }] },
    });
  });

  it('ends a pairing when it is revoked, when its console session logs out, and keeps at most 10', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const first = (await pair(token)).data;
    expect((await asExtension(first.token, '/extension/session')).code).toBe(0);
    expect(await call(t.app, 'DELETE', `/proxy/extension/pairings/${first.id}`, { token })).toMatchObject({
      code: 0,
      data: { done: true },
    });
    expect(await asExtension(first.token, '/extension/session')).toMatchObject({ status: 401, code: 2004 });
    expect(await call(t.app, 'DELETE', `/proxy/extension/pairings/${first.id}`, { token })).toMatchObject({
      status: 404,
      code: 404,
    });

    const made = [];
    for (let i = 0; i < EXTENSION_PAIRING_MAX + 2; i += 1)
      made.push((await pair(token, { label: `p${i}` })).data);
    const listed = await call(t.app, 'GET', '/proxy/extension/pairings', { token });
    expect(listed.data.list.map((p: { label: string }) => p.label)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((_, i) => `p${EXTENSION_PAIRING_MAX + 1 - i}`),
    );
    expect((await asExtension(made[0].token, '/extension/session')).code).toBe(2004);
    expect((await asExtension(made[2].token, '/extension/session')).code).toBe(0);

    // Another session of the same customer keeps its own pairing after this one logs out.
    const { createSession } = await import('@ptc/db/testing');
    const otherToken = await createSession(t.database.db, user.id);
    const other = (await pair(otherToken)).data;
    expect(await call(t.app, 'POST', '/user/logout', { token })).toMatchObject({ code: 0 });
    for (const pairing of made.slice(2)) {
      expect((await asExtension(pairing.token, '/extension/session')).code).toBe(2004);
    }
    expect((await asExtension(other.token, '/extension/session')).code).toBe(0);
    // An expired session ends its pairings too.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await asExtension(other.token, '/extension/session')).code).toBe(2004);
  });
});
