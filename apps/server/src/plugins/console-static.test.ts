import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the built console', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ptc-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><title>PTC</title></head><body></body></html>',
    );
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        routes: {
          '/dashboard/overview': ['/assets/layout-1.js', '/assets/layout-1.css', '/assets/overview-1.js'],
          '/remote-service/remote/:id': ['/assets/remote-1.js'],
          '/odd': ['"><script>alert(1)</script>', 'https://elsewhere.example/x.js', '/assets/ok-1.js', 7],
        },
        locales: { 'en-US': ['/assets/en-1.js'], 'ru-RU': ['/assets/ru-1.js', '/assets/common-1.js'] },
      }),
    );
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    mkdirSync(join(dir, 'prerendered'));
    for (const locale of ['en-US', 'zh-CN', 'ru-RU'])
      for (const layout of ['mobile', 'desktop'])
        writeFileSync(
          join(dir, 'prerendered', `login.${locale}.${layout}.html`),
          `<title>login ${locale} ${layout}</title>`,
        );
    const ruMobile = '<title>login ru-RU mobile</title>';
    writeFileSync(join(dir, 'prerendered', 'login.ru-RU.mobile.html.gz'), gzipSync(ruMobile));
    writeFileSync(join(dir, 'prerendered', 'login.ru-RU.mobile.html.br'), brotliCompressSync(ruMobile));
    t = await createTestApp({ CONSOLE_DIR: dir });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('answers every page navigation with index.html (SPA fallback)', async () => {
    for (const url of [
      '/',
      '/login/x',
      '/loginx',
      '/register',
      '/dashboard/overview',
      '/reset-password/abc',
      '/no/such/page?x=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>PTC</title>');
    }
  });

  it("lists the scripts and stylesheets of a page's layout, page and language in its HTML (route-preloads.json)", async () => {
    const page = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
        ([, rel, href]) => `${rel} ${href}`,
      );
    const overview = await page('/dashboard/overview?x=1', { cookie: 'ptc_locale=ru-RU' });
    expect(overview.headers.vary).toContain('Accept-Language');
    expect(preloaded(overview.body)).toEqual([
      'modulepreload /assets/layout-1.js',
      'preload /assets/layout-1.css',
      'modulepreload /assets/overview-1.js',
      'modulepreload /assets/ru-1.js',
      'modulepreload /assets/common-1.js',
    ]);
    expect(overview.body).toMatch(
      /<link rel="preload" as="style" fetchpriority="low" href="\/assets\/layout-1.css"><link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/overview-1.js">/,
    );
    expect(overview.body.indexOf('overview-1.js')).toBeLessThan(overview.body.indexOf('</head>'));
    expect(preloaded((await page('/dashboard/overview/')).body)).toContain('modulepreload /assets/en-1.js');
    expect(preloaded((await page('/remote-service/remote/42')).body)).toEqual([
      'modulepreload /assets/remote-1.js',
      'modulepreload /assets/en-1.js',
    ]);
    // Only the build's own asset files, whatever the list holds.
    const odd = await page('/odd');
    expect(preloaded(odd.body)).toEqual(['modulepreload /assets/ok-1.js', 'modulepreload /assets/en-1.js']);
    expect(odd.body).not.toContain('alert');
    for (const url of ['/register', '/remote-service/remote', '/remote-service/remote/1/2', '/dashboard'])
      expect(preloaded((await page(url)).body), url).toEqual([]);
  });

  const login = (headers: Record<string, string>, url = '/login') =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const PHONE = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/136.0.0.0 Mobile Safari/537.36';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/136.0.0.0 Safari/537.36';

  it('answers /login with the sign-in page prerendered in the language of the console cookie, else Accept-Language', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'a=1; ptc_locale=ru-RU; b=2', 'accept-language': 'zh-CN' }, 'ru-RU'],
      [{ cookie: 'ptc_locale=xx-XX', 'accept-language': 'zh-CN,en;q=0.8' }, 'zh-CN'],
      [{ 'accept-language': 'de-DE, ru;q=0.9, en;q=0.8' }, 'ru-RU'],
      [{ 'accept-language': 'en;q=0.5, zh-Hans-CN;q=0.9' }, 'zh-CN'],
      [{ 'accept-language': 'de-DE, fr' }, 'en-US'],
      [{}, 'en-US'],
    ];
    for (const [headers, locale] of cases) {
      const response = await login({ 'user-agent': DESKTOP, ...headers });
      expect(response.statusCode).toBe(200);
      expect(response.body, JSON.stringify(headers)).toBe(`<title>login ${locale} desktop</title>`);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.headers.vary).toContain('Accept-Language');
    }
    expect((await login({ 'accept-language': 'ru' }, '/login?redirect=%2Fproxy')).body).toContain(
      'login ru-RU',
    );
  });

  it('answers /login with the phone layout for a phone (client hint, else user agent)', async () => {
    expect((await login({ 'user-agent': PHONE })).body).toContain('en-US mobile');
    expect((await login({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).body).toContain('en-US mobile');
    expect((await login({ 'user-agent': PHONE, 'sec-ch-ua-mobile': '?0' })).body).toContain('en-US desktop');
    expect((await login({ 'user-agent': DESKTOP })).body).toContain('en-US desktop');
  });

  it('sends the prerendered page compressed at build time to browsers that accept it', async () => {
    const headers = { 'user-agent': PHONE, cookie: 'ptc_locale=ru-RU' };
    const gzip = await login({ ...headers, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<title>login ru-RU mobile</title>');
    const br = await login({ ...headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('<title>login ru-RU mobile</title>');
    const refused = await login({ ...headers, 'accept-encoding': 'br;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe('<title>login ru-RU mobile</title>');
    // No compressed copy: the page as it is.
    const plain = await login({ 'user-agent': PHONE, 'accept-encoding': 'gzip, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('<title>login en-US mobile</title>');
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
