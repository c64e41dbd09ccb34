import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { findInlineScripts } from './security-headers';

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** The directives of a Content-Security-Policy header, by name. */
const parseCsp = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ptc-console-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PTC</title>');
    t = await createTestApp({ CONSOLE_DIR: dir, PUBLIC_URL: 'https://console.example.test' });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = HTML) => t.app.inject({ method: 'GET', url, headers: { accept } });

  it('sends the common headers on the console, an API route and the API reference', async () => {
    for (const response of await Promise.all([
      get('/dashboard/overview'),
      get('/api/user/info', 'application/json'),
      get('/api-docs/'),
      get('/no/such/api', 'application/json'),
    ])) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
      expect(response.headers['permissions-policy']).toContain('payment=()');
      expect(parseCsp(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('allows the console scripts from its own origin only, and inline styles for antd', async () => {
    const response = await get('/dashboard/overview');
    expect(response.body).toContain('<title>PTC</title>');
    const csp = parseCsp(response.headers['content-security-policy']);
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'", 'https://console.example.test'],
      'frame-ancestors': ["'none'"],
    });
  });

  it('allows the API reference its own inline scripts by hash, and nothing else inline', async () => {
    const response = await get('/api-docs/');
    const scripts = findInlineScripts(response.body);
    // Jitless zod for Scalar's bundle, then Scalar's start-up call.
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toContain('jitless: true');
    expect(scripts[1]).toContain('createApiReference');
    // The bundle comes from our origin, not a CDN.
    expect(response.body).toContain('src="js/scalar.js"');
    const hashes = scripts.map(
      (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    );
    const csp = parseCsp(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", ...hashes]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('keeps inline scripts out of every other policy', async () => {
    for (const url of ['/api-docs/openapi.json', '/api-docs/js/scalar.js', '/login']) {
      const csp = parseCsp((await get(url)).headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const response = await get('/api/user/info', 'application/json');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('never sends HSTS when PUBLIC_URL is http', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:8080' });
    try {
      for (const url of ['/api/user/info', '/api-docs/', '/health']) {
        const response = await plain.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    } finally {
      await plain.close();
    }
  });
});
