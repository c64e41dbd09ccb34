import { describe, expect, it } from 'vitest';
import {
  consoleMatchPattern,
  extensionRequestSchema,
  isFullHttpUrl,
  parseExitSeen,
  quickAccessRequestSchema,
} from './extension';

describe('quick-access URLs (SPEC §5: a full URL with scheme)', () => {
  it('takes http(s) URLs with a host and refuses the rest', () => {
    for (const url of [
      'https://example.com',
      'http://example.com/a?b=c#d',
      'https://xn--e1afmkfd.xn--p1ai/',
      'http://[::1]:8080/x',
      'https://пример.рф/',
    ]) {
      expect(isFullHttpUrl(url), url).toBe(true);
    }
    for (const url of [
      'example.com',
      '//example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'http:/x',
      'https://a b',
      'https://a\u0000b',
      'https://a\u007f',
      'data:text/html,x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(isFullHttpUrl(url), url).toBe(false);
    }
  });

  it('trims, bounds the URL at 2048 and the remark at 200, and requires the proxy', () => {
    expect(quickAccessRequestSchema.parse({ url: ' https://a.example ', proxy_id: 'p1' })).toEqual({
      url: 'https://a.example',
      proxy_id: 'p1',
    });
    expect(
      quickAccessRequestSchema.safeParse({ url: `https://a.example/${'x'.repeat(2048)}`, proxy_id: 'p1' })
        .success,
    ).toBe(false);
    expect(
      quickAccessRequestSchema.safeParse({
        url: 'https://a.example',
        remark: 'r'.repeat(201),
        proxy_id: 'p1',
      }).success,
    ).toBe(false);
    expect(quickAccessRequestSchema.safeParse({ url: 'https://a.example' }).success).toBe(false);
  });
});

describe('the console origin as a match pattern', () => {
  it('drops the port and the path, keeps the scheme and host', () => {
    expect(consoleMatchPattern('https://console.example.com:8443/app/')).toBe(
      'https://console.example.com/*',
    );
    expect(consoleMatchPattern('http://127.0.0.1:8080')).toBe('http://127.0.0.1/*');
    expect(consoleMatchPattern('ftp://x')).toBeNull();
    expect(consoleMatchPattern('not a url')).toBeNull();
  });
});

describe('the IP-echo answer', () => {
  it('reads a bare address or the usual JSON fields, and nothing else', () => {
    expect(parseExitSeen(' 203.0.113.7\n')).toEqual({ ip: '203.0.113.7', country: null });
    expect(parseExitSeen('{"ip":"203.0.113.7","country":"de"}')).toEqual({
      ip: '203.0.113.7',
      country: 'DE',
    });
    expect(parseExitSeen('{"query":"2001:db8::1","countryCode":"US"}')).toEqual({
      ip: '2001:db8::1',
      country: 'US',
    });
    expect(parseExitSeen('{"ip":"not-an-ip","country":"Germany"}')).toEqual({ ip: null, country: null });
    expect(parseExitSeen('<html>captive portal</html>')).toEqual({ ip: null, country: null });
    expect(parseExitSeen('null')).toEqual({ ip: null, country: null });
  });
});

describe('console → extension messages', () => {
  it('accepts the six requests and refuses unknown or malformed ones', () => {
    for (const message of [
      { type: 'ping' },
      { type: 'pair', token: 'ptcx_abc', api_base: 'https://console.example.com' },
      { type: 'unpair' },
      { type: 'use_proxy', proxy_id: 'p_1' },
      { type: 'off' },
      { type: 'open_quick_access', id: 'qa_1' },
    ]) {
      expect(extensionRequestSchema.safeParse(message).success, message.type).toBe(true);
    }
    for (const message of [
      { type: 'eval', code: 'x' },
      { type: 'use_proxy' },
      { type: 'pair', token: '' },
      null,
      'ping',
    ]) {
      expect(extensionRequestSchema.safeParse(message).success).toBe(false);
    }
  });
});
