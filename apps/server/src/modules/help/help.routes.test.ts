import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOL_PLATFORMS } from '@ptc/contracts';
import { eq, gatewayHostPreferences } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEFAULT_HELP_CONTENT } from './help-defaults';

const HOSTS = 'gw.example.test,hk.gw.example.test,eu.gw.example.test';

const writeJson = (value: unknown) => {
  const path = join(mkdtempSync(join(tmpdir(), 'ptc-help-')), 'help.json');
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

describe('connection help: the content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_PUBLIC_HOSTS: HOSTS, GATEWAY_PORT: '8123' });
  });
  afterAll(() => t.close());

  it('answers the default tools per platform, in platform order, with every language filled', async () => {
    const answer = await call(t.app, 'GET', '/proxy/tools');
    expect(answer).toMatchObject({ status: 200, code: 0 });
    const list = answer.data.list as { platform: string; notes: Record<string, string> }[];
    expect(list.map((tool) => tool.platform)).toEqual([...TOOL_PLATFORMS]);
    expect(list[0]).toMatchObject({
      name: DEFAULT_HELP_CONTENT.tools[0]?.name,
      version: DEFAULT_HELP_CONTENT.tools[0]?.version,
      size: DEFAULT_HELP_CONTENT.tools[0]?.size,
      url: DEFAULT_HELP_CONTENT.tools[0]?.url,
      released_at: DEFAULT_HELP_CONTENT.tools[0]?.released_at,
    });
    for (const tool of list) expect(Object.keys(tool.notes).sort()).toEqual(['en-US', 'ru-RU', 'zh-CN']);
  });

  it('answers the mobile apps and the partners with their promo codes', async () => {
    const apps = await call(t.app, 'GET', '/proxy/mobile_apps');
    expect(apps.code).toBe(0);
    expect(
      apps.data.list.map((app: { platform: string; kind: string }) => `${app.platform}/${app.kind}`),
    ).toEqual(DEFAULT_HELP_CONTENT.mobile_apps.map((app) => `${app.platform}/${app.kind}`));
    const partners = await call(t.app, 'GET', '/proxy/fingerprint_browsers');
    expect(partners.data.list[0]).toMatchObject({
      id: 'adspower',
      name: 'AdsPower',
      logo_url: null,
      promo_code: DEFAULT_HELP_CONTENT.fingerprint_browsers[0]?.promo_code,
      url: 'https://www.adspower.com/',
    });
    expect(partners.data.list[0].description['zh-CN']).toBe(
      DEFAULT_HELP_CONTENT.fingerprint_browsers[0]?.description['zh-CN'],
    );
  });
});

describe('connection help: the preferred gateway host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_PUBLIC_HOSTS: HOSTS, GATEWAY_PORT: '8123' });
  });
  afterAll(() => t.close());

  const getHost = (token?: string) => call(t.app, 'GET', '/proxy/proxy/host', token ? { token } : {});

  it('answers the default until the customer chooses, then their choice, and leaves others alone', async () => {
    const alice = await signedInCustomer(t.database);
    const bob = await signedInCustomer(t.database);
    const hosts = HOSTS.split(',');
    expect(await getHost(alice.token)).toMatchObject({
      code: 0,
      data: { host: 'gw.example.test', default_host: 'gw.example.test', chosen: false, hosts, port: 8123 },
    });

    const put = await call(t.app, 'PUT', '/proxy/proxy/host', {
      token: alice.token,
      body: { host: 'HK.gw.example.test' },
    });
    expect(put).toMatchObject({ code: 0, data: { host: 'hk.gw.example.test', chosen: true } });
    expect((await getHost(alice.token)).data).toMatchObject({ host: 'hk.gw.example.test', chosen: true });
    expect((await getHost(bob.token)).data).toMatchObject({ host: 'gw.example.test', chosen: false });

    // A form body works too (SPEC §7 calls take forms), and a second choice replaces the first.
    const form = await call(t.app, 'PUT', '/proxy/proxy/host', {
      token: alice.token,
      form: { host: 'eu.gw.example.test' },
    });
    expect(form).toMatchObject({ code: 0, data: { host: 'eu.gw.example.test' } });
    const rows = await t.database.db
      .select()
      .from(gatewayHostPreferences)
      .where(eq(gatewayHostPreferences.userId, alice.user.id));
    expect(rows.map((row) => row.host)).toEqual(['eu.gw.example.test']);
  });

  it("puts the chosen host in the customer's proxy addresses, and only theirs", async () => {
    const alice = await signedInCustomer(t.database);
    const bob = await signedInCustomer(t.database);
    const aliceProxy = await createProxy(t.database.db, alice.user.id);
    await createProxy(t.database.db, bob.user.id);
    const addressesOf = async (token: string) =>
      (await call(t.app, 'GET', '/proxy/tokens/dynamic/traffic', { token })).data.data.map(
        (row: { address: string; port: number }) => `${row.address}:${row.port}`,
      );
    expect(await addressesOf(alice.token)).toEqual(['gw.example.test:8123']);
    await call(t.app, 'PUT', '/proxy/proxy/host', {
      token: alice.token,
      body: { host: 'eu.gw.example.test' },
    });
    expect(await addressesOf(alice.token)).toEqual(['eu.gw.example.test:8123']);
    expect(await addressesOf(bob.token)).toEqual(['gw.example.test:8123']);
    const qr = await call(t.app, 'GET', `/proxy/token/qr_code?token_id=${aliceProxy.publicId}`, {
      token: alice.token,
    });
    expect(qr.data.url).toContain('@eu.gw.example.test:8123');
  });

  it('refuses a host the operator does not list, and bounded or malformed input, with 1001/1002', async () => {
    const { token } = await signedInCustomer(t.database);
    const refused = await call(t.app, 'PUT', '/proxy/proxy/host', {
      token,
      body: { host: 'evil.example.com' },
    });
    expect(refused).toMatchObject({ status: 400, code: 1002, data: { field: 'host' } });
    expect(refused.msg).toContain('gw.example.test');
    for (const body of [{ host: 'a'.repeat(254) }, { host: 'gw.example.test\u0000' }, { host: 42 }]) {
      expect(await call(t.app, 'PUT', '/proxy/proxy/host', { token, body })).toMatchObject({
        status: 400,
        code: 1002,
      });
    }
    expect(await call(t.app, 'PUT', '/proxy/proxy/host', { token, body: {} })).toMatchObject({
      status: 400,
      code: 1001,
    });
    expect((await getHost(token)).data).toMatchObject({ host: 'gw.example.test', chosen: false });
  });

  it('needs a session', async () => {
    expect(await getHost()).toMatchObject({ code: 2004 });
    expect(
      await call(t.app, 'PUT', '/proxy/proxy/host', { body: { host: 'gw.example.test' } }),
    ).toMatchObject({
      code: 2004,
    });
  });

  it('falls back to the default when the operator stops listing the chosen host', async () => {
    const { token, user } = await signedInCustomer(t.database);
    await t.database.db
      .insert(gatewayHostPreferences)
      .values({ userId: user.id, host: 'old.gw.example.test' });
    expect((await getHost(token)).data).toMatchObject({ host: 'gw.example.test', chosen: false });
  });
});

describe('connection help: the operator file', () => {
  it('replaces the lists it gives and keeps the defaults of the others', async () => {
    const path = writeJson({
      tools: [
        {
          platform: 'linux',
          name: 'Operator Tool',
          version: '9.9.9',
          size: 1234,
          url: 'https://dl.operator.test/tool.AppImage',
          released_at: '2026-11-01',
        },
        {
          platform: 'windows',
          name: 'Operator Tool for Windows',
          version: '9.9.8',
          size: 5678,
          url: 'https://dl.operator.test/tool.exe',
          released_at: '2026-11-02',
          notes: { 'en-US': 'Only English', 'ru-RU': 'По-русски' },
        },
      ],
      fingerprint_browsers: [
        {
          id: 'own',
          name: 'Own Browser',
          logo_url: 'https://cdn.operator.test/logo.png',
          description: { 'en-US': 'Ours' },
          url: 'https://own.operator.test/',
        },
      ],
    });
    const t = await createTestApp({ HELP_CONTENT_FILE: path });
    try {
      const tools = await call(t.app, 'GET', '/proxy/tools');
      expect(tools.data.list).toEqual([
        expect.objectContaining({
          platform: 'windows',
          name: 'Operator Tool for Windows',
          notes: { 'en-US': 'Only English', 'zh-CN': 'Only English', 'ru-RU': 'По-русски' },
        }),
        expect.objectContaining({ platform: 'linux', version: '9.9.9', size: 1234, notes: null }),
      ]);
      const partners = await call(t.app, 'GET', '/proxy/fingerprint_browsers');
      expect(partners.data.list).toEqual([
        {
          id: 'own',
          name: 'Own Browser',
          logo_url: 'https://cdn.operator.test/logo.png',
          description: { 'en-US': 'Ours', 'zh-CN': 'Ours', 'ru-RU': 'Ours' },
          promo_code: null,
          promo: null,
          url: 'https://own.operator.test/',
        },
      ]);
      // Not given: the defaults.
      const apps = await call(t.app, 'GET', '/proxy/mobile_apps');
      expect(apps.data.list).toHaveLength(DEFAULT_HELP_CONTENT.mobile_apps.length);
      // One host when GATEWAY_PUBLIC_HOSTS is not set: GATEWAY_PUBLIC_HOST.
      const { token } = await signedInCustomer(t.database);
      expect((await call(t.app, 'GET', '/proxy/proxy/host', { token })).data).toMatchObject({
        host: 'localhost',
        hosts: ['localhost'],
      });
    } finally {
      await t.close();
    }
  });

  it('refuses to start on an invalid, unreadable or non-JSON file, naming the problem', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.join('\n');
        throw error;
      }
      return '';
    };
    expect(
      problemsOf({
        HELP_CONTENT_FILE: writeJson({
          tools: [
            { platform: 'beos', name: 'x', version: '1', size: 1, url: 'ftp://x', released_at: 'soon' },
          ],
        }),
      }),
    ).toMatch(/HELP_CONTENT_FILE: .*tools\.0\.platform/);
    expect(problemsOf({ HELP_CONTENT_FILE: writeJson({ partners: [] }) })).toMatch(/HELP_CONTENT_FILE/);
    expect(problemsOf({ HELP_CONTENT_FILE: writeJson('{ not json') })).toMatch(/is not JSON/);
    expect(problemsOf({ HELP_CONTENT_FILE: '/nonexistent/help.json' })).toMatch(/cannot read/);
    expect(
      problemsOf({
        HELP_CONTENT_FILE: writeJson({
          fingerprint_browsers: [
            { id: 'a', name: 'A', description: { 'en-US': 'a' }, url: 'https://a.test/' },
            { id: 'a', name: 'B', description: { 'en-US': 'b' }, url: 'https://b.test/' },
          ],
        }),
      }),
    ).toMatch(/repeated id a/);
    expect(problemsOf({ GATEWAY_PUBLIC_HOSTS: 'a.test,http://b.test' })).toMatch(/GATEWAY_PUBLIC_HOSTS/);
    expect(problemsOf({ GATEWAY_PUBLIC_HOSTS: 'a.test,a.test' })).toMatch(/must not repeat/);
    expect(problemsOf({ GATEWAY_PUBLIC_HOST: 'b.test', GATEWAY_PUBLIC_HOSTS: 'a.test,b.test' })).toMatch(
      /must start with GATEWAY_PUBLIC_HOST/,
    );
    expect(loadConfig({ NODE_ENV: 'test', GATEWAY_PUBLIC_HOSTS: 'a.test, b.test' }).gateway).toMatchObject({
      publicHost: 'a.test',
      publicHosts: ['a.test', 'b.test'],
    });
  });
});
