import { describe, expect, it } from 'vitest';
import { Field, fieldOf, isToken } from './head-fields';
import { parseAbsoluteUri, parseAuthority } from './http-messages';
import { InvalidMessage } from './message-parts';
import { parseRequestHead } from './request-head';

const head = (...lines: string[]) => lines.join('\r\n');

describe('head fields', () => {
  it('classifies the fields a proxy handles itself in any case, and only those', () => {
    const of = (name: string) => fieldOf(name, 0, name.length);
    expect(of('Host')).toBe(Field.Host);
    expect(of('PROXY-AUTHORIZATION')).toBe(Field.ProxyAuthorization);
    expect(of('content-length')).toBe(Field.ContentLength);
    expect(of('Transfer-Encoding')).toBe(Field.TransferEncoding);
    expect(of('tE')).toBe(Field.Te);
    for (const other of ['Hosts', 'Hos', 'X-Host', 'Content-Lengths', 'Accept', 'Keep_Alive', 'Te1']) {
      expect(of(other)).toBe(Field.Other);
    }
  });

  it('reads tokens by the RFC 9110 character set', () => {
    expect(isToken("a!#$%&'*+-.^_`|~Z9", 0, 18)).toBe(true);
    for (const bad of ['', 'a b', 'a:b', 'a\tb', 'é', 'a\u0000', '[x]'])
      expect(isToken(bad, 0, bad.length)).toBe(false);
  });
});

describe('request heads', () => {
  const target = 'GET http://127.0.0.1:8080/x HTTP/1.1';

  it('forwards end-to-end fields as written, normalising only those with other spacing', () => {
    const parsed = parseRequestHead(
      head(
        target,
        'Host: 127.0.0.1:8080',
        'User-Agent: curl/8',
        'Accept:*/*',
        'X-Tab:\tv\t',
        'Accept-Language: en',
        'Proxy-Authorization: Basic YTpi',
        'X-Empty: ',
        'X-Last: 1',
      ),
    );
    expect(parsed.lines).toBe(
      'User-Agent: curl/8\r\nAccept: */*\r\nX-Tab: v\r\nAccept-Language: en\r\nX-Empty: \r\nX-Last: 1\r\n',
    );
    expect(parsed.authorization).toBe('Basic YTpi');
  });

  it('drops the fields a Connection header names, whatever their case', () => {
    const parsed = parseRequestHead(
      head(target, 'Host: a', 'Connection: X-Secret, keep-alive', 'x-secret: 1', 'X-Kept: 2'),
    );
    expect(parsed.lines).toBe('X-Kept: 2\r\n');
  });

  it.each([
    ['a space before the colon', 'X-A : 1'],
    ['an empty name', ': 1'],
    ['a control character in a value', 'X-A: a\u0001b'],
    ['a non-token name', 'X[A]: 1'],
    ['a Content-Length of 16 digits', 'Content-Length: 1234567890123456'],
  ])('refuses %s', (_name, line) => {
    expect(() => parseRequestHead(head(target, 'Host: a', line))).toThrow(InvalidMessage);
  });
});

describe('request targets', () => {
  it('reads absolute http URIs in any case of the scheme, without user info or fragment', () => {
    expect(parseAbsoluteUri('HTTP://u:p@example.com:8080/a?b#c')).toEqual({
      host: 'example.com',
      port: 8080,
      hostHeader: 'example.com:8080',
      path: '/a?b',
    });
    expect(parseAbsoluteUri('http://example.com?q')).toMatchObject({ port: 80, path: '/?q' });
    expect(parseAbsoluteUri('http://[::1]:81')).toMatchObject({ host: '::1', port: 81, path: '/' });
  });

  it('refuses https, other schemes, bad ports and brackets outside an IPv6 literal', () => {
    expect(() => parseAbsoluteUri('https://a/')).toThrow(/CONNECT/);
    expect(() => parseAbsoluteUri('ftp://a/')).toThrow(/absolute http/);
    for (const bad of ['a:0', 'a:65536', 'a:123456', 'a:', ':80', 'a[b]:1', 'a:1:2', '[zz]:1']) {
      expect(() => parseAuthority(bad, 80)).toThrow();
    }
    expect(() => parseAuthority('a')).toThrow(/port missing/);
  });
});
