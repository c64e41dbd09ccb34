import { outboxMessages } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { devRoutes } from './dev.routes';

const DEV_ROUTES = [
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/dev/mailbox' },
] as const;

/** Which dev routes the app has, once it is ready (routes are added as plugins load). */
const devRoutesOf = async (t: TestApp) => {
  await t.app.ready();
  return DEV_ROUTES.filter((route) => t.app.hasRoute(route)).map((route) => route.url);
};

describe('dev outbox and mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await t.database.db.insert(outboxMessages).values([
      {
        channel: 'email',
        recipient: 'Alice@Example.test',
        subject: 'Welcome',
        text: 'Code 111111',
        createdAt: at(1),
      },
      { channel: 'sms', recipient: '+14155550123', subject: null, text: 'Code 222222', createdAt: at(2) },
      {
        channel: 'email',
        recipient: 'alice@example.test',
        subject: '<script>alert("subject")</script>',
        text: 'Reset: https://console.example.test/reset?token=a&b=1. <img src=x onerror=alert(1)>',
        html: '<p>ignored</p>',
        createdAt: at(3),
      },
      {
        channel: 'email',
        recipient: 'bob@example.test',
        subject: 'Hi "Bob"',
        text: 'Code 333333',
        createdAt: at(4),
      },
    ]);
  });
  afterAll(() => t.close());

  const outbox = (query = '') => t.app.inject({ method: 'GET', url: `/dev/outbox${query}` });

  it('are registered by the app outside production', async () => {
    expect(await devRoutesOf(t)).toEqual(['/dev/outbox', '/dev/mailbox']);
  });

  it('lists outbox messages newest first in the envelope', async () => {
    const response = await outbox();

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 0, msg: 'success' });
    expect(body.data.map((message: { text: string }) => message.text)).toEqual([
      'Code 333333',
      'Reset: https://console.example.test/reset?token=a&b=1. <img src=x onerror=alert(1)>',
      'Code 222222',
      'Code 111111',
    ]);
    expect(body.data[2]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      channel: 'sms',
      recipient: '+14155550123',
      subject: null,
      text: 'Code 222222',
      created_at: '2026-01-01T12:02:00.000Z',
    });
  });

  it('filters by recipient regardless of case and honours the limit', async () => {
    const filtered = (await outbox('?recipient=ALICE@example.TEST')).json().data;
    expect(filtered.map((message: { subject: string }) => message.subject)).toEqual([
      '<script>alert("subject")</script>',
      'Welcome',
    ]);

    const limited = (await outbox('?limit=1')).json().data;
    expect(limited).toHaveLength(1);
    expect(limited[0].recipient).toBe('bob@example.test');
  });

  it('refuses a limit outside 1–200', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten']) {
      const response = await outbox(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(1002);
    }
  });

  it('renders the mailbox page with every value escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?recipient=%22%3E%3Cb%3E' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(response.body).toContain('No messages.');

    const page = (await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('Hi &quot;Bob&quot;');
    expect(page).toContain(
      '<a href="https://console.example.test/reset?token=a&amp;b=1" rel="noreferrer">https://console.example.test/reset?token=a&amp;b=1</a>.',
    );
    expect(page.indexOf('Code 333333')).toBeLessThan(page.indexOf('Code 111111'));
  });
});

describe('dev tools seen from another machine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insert(outboxMessages)
      .values({ channel: 'email', recipient: 'victim@example.test', subject: 'Reset', text: 'Code 424242' });
  });
  afterAll(() => t.close());

  const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('answers 404 to a remote client for the outbox and the mailbox', async () => {
    for (const url of ['/dev/outbox', '/dev/mailbox']) {
      const response = await from('203.0.113.9', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
      expect(response.body).not.toContain('424242');
    }
  });

  it('is not fooled by a forged X-Forwarded-For, X-Real-IP or Forwarded naming loopback', async () => {
    const forged: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '::1' },
      { forwarded: 'for=127.0.0.1' },
    ];
    for (const headers of forged) {
      const response = await from('203.0.113.9', '/dev/outbox', headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('424242');
    }
  });

  it('refuses a remote client forwarded by a reverse proxy on this machine', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      { forwarded: 'for="[2001:db8::1]:4711"' },
    ];
    for (const headers of proxied) {
      expect((await from('127.0.0.1', '/dev/outbox', headers)).statusCode).toBe(404);
    }
  });

  it('still answers clients on this machine, over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await from(address, '/dev/outbox?recipient=victim@example.test');
      expect(response.statusCode).toBe(200);
      expect(response.json().data[0].text).toBe('Code 424242');
    }
    expect((await from('127.0.0.1', '/dev/outbox', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('dev tools behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('refuses a remote client whose forwarded chain names loopback first', async () => {
    for (const [remoteAddress, forwardedFor] of [
      ['203.0.113.9', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1, 203.0.113.9'],
      ['127.0.0.1', '203.0.113.9'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('dev tools in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', ALLOW_SANDBOX_ADAPTERS: 'true' });
  });
  afterAll(() => t.close());

  it('are not registered by the app', async () => {
    expect(await devRoutesOf(t)).toEqual([]);
  });

  it('answers 404 for the outbox and the mailbox', async () => {
    for (const url of ['/dev/outbox', '/dev/mailbox']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
  });
});

describe('the dev routes plugin registered by mistake in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', ALLOW_SANDBOX_ADAPTERS: 'true' });
    await t.app.register(devRoutes);
  });
  afterAll(() => t.close());

  it('adds no route', async () => {
    expect(await devRoutesOf(t)).toEqual([]);
  });
});
