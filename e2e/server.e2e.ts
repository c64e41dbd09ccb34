import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSignedInUser } from './support/seed';
import { type RunningServer, spawnServer, startServer, tempDataDir, waitForExit } from './support/server';

describe('the built product on the embedded database', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    ({ token } = await seedSignedInUser(dataDir));
    server = await startServer({ dataDir });
  });
  afterAll(() => server?.stop());

  it('answers /health with code 0', async () => {
    const body = await (await fetch(`${server.url}/health`)).json();
    expect(body).toMatchObject({ code: 0, data: { status: 'ok', database: 'pglite' } });
  });

  it('warns once at start-up which demo conveniences are live', () => {
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('Demo conveniences are live'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('/dev/outbox');
    expect(warnings[0]).toContain('sandbox payments');
  });

  it('serves the console for / and deep links', async () => {
    for (const path of ['/', '/dashboard/overview', '/no/such/page']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root"');
    }
  });

  it('renders the API reference at /api-docs', async () => {
    const page = await fetch(`${server.url}/api-docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script');
    const script = await fetch(`${server.url}/api-docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(
      Number(script.headers.get('content-length') ?? (await script.arrayBuffer()).byteLength),
    ).toBeGreaterThan(100_000);
  });

  it('answers a malformed body with 1001/1002, never a 500', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/api/statistics/log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await (await post('{"event":')).json()).code).toBe(1002);
    expect((await (await post('{}')).json()).code).toBe(1001);
  });

  it('keeps data across a restart', async () => {
    const info = async () =>
      (await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } })).json();
    expect((await info()).data.user_name).toBe('e2e_user');
    expect(await server.stop()).toBe(0);
    expect(existsSync(join(server.dataDir, 'ptc.lock'))).toBe(false);
    server = await startServer({ dataDir: server.dataDir });
    expect((await info()).data.user_name).toBe('e2e_user');
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = spawnServer({ PORT: '1', DATA_DIR: server.dataDir });
    const { code, output } = await waitForExit(second.child, second.output);
    expect(code).toBe(1);
    expect(output).toContain('is already in use by another process');
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});

describe('start-up configuration', () => {
  it('refuses the automation helpers in production', async () => {
    const run = spawnServer({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_ADAPTERS: 'true',
      CAPTCHA_FIXED: '1234',
      DATA_DIR: tempDataDir(),
    });
    const { code, output } = await waitForExit(run.child, run.output);
    expect(code).toBe(1);
    expect(output).toContain('CAPTCHA_FIXED: is refused when NODE_ENV=production');
  });

  it('serves no dev outbox in production', async () => {
    const server = await startServer({ env: { NODE_ENV: 'production', ALLOW_SANDBOX_ADAPTERS: 'true' } });
    try {
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('explains an invalid configuration and exits', async () => {
    const run = spawnServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', DATA_DIR: tempDataDir() });
    const { code, output } = await waitForExit(run.child, run.output);
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT: must be a whole number (got "eighty")');
    expect(output).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(output).not.toMatch(/at .+\.js:\d+/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the built product on PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `ptc_e2e_${process.pid}_${Date.now()}`;
  // Computed lazily: a skipped describe still runs its body when tests are collected.
  const databaseUrl = () => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => admin(`create database "${name}"`));
  afterAll(() => admin(`drop database if exists "${name}" with (force)`));

  it('migrates an empty database and serves several processes at once', async () => {
    const servers = await Promise.all([
      startServer({ env: { DATABASE_URL: databaseUrl() } }),
      startServer({ env: { DATABASE_URL: databaseUrl() } }),
    ]);
    try {
      for (const server of servers) {
        const body = await (await fetch(`${server.url}/health`)).json();
        expect(body).toMatchObject({ code: 0, data: { database: 'postgres' } });
      }
      const logged = await fetch(`${servers[0]?.url}/api/api/statistics/log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'scaled_mode' }),
      });
      expect((await logged.json()).code).toBe(0);
    } finally {
      expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    }
  });
});
