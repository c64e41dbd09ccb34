import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the built console', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ptc-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PTC</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ CONSOLE_DIR: dir });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('answers every page navigation with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/dashboard/overview', '/reset-password/abc', '/no/such/page?x=1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>PTC</title>');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await get('/assets/app-1234.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await get('/favicon.svg', '*/*')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed asset to browsers that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers a missing asset with a 404 envelope, not the page', async () => {
    const response = await get('/assets/missing.js', '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    for (const url of ['/api/unknown', '/api', '/health/x']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
  });
});
