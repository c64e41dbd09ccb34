import { describe, expect, it } from 'vitest';
import { proxyRow } from '../../shared/testing/factories';
import {
  copyLines,
  SNIPPET_KINDS,
  SNIPPET_TARGET,
  toAtForm,
  toColonForm,
  toCurlCommand,
  toProxyUrl,
  toSnippet,
} from './proxy-formats';

const proxy = proxyRow(7, {
  address: 'proxy.example.com',
  port: 8000,
  username: 'u8f2k1',
  password: 'Secr3t',
});

describe('proxy copy formats', () => {
  it('writes address:port:user:pass', () => {
    expect(toColonForm(proxy)).toBe('proxy.example.com:8000:u8f2k1:Secr3t');
  });

  it('writes user:pass@address:port', () => {
    expect(toAtForm(proxy)).toBe('u8f2k1:Secr3t@proxy.example.com:8000');
  });

  it('gives the proxy URL the scheme of its protocol', () => {
    expect(toProxyUrl(proxy)).toBe('http://u8f2k1:Secr3t@proxy.example.com:8000');
    expect(toProxyUrl({ ...proxy, protocol: 'socks5' })).toBe(
      'socks5://u8f2k1:Secr3t@proxy.example.com:8000',
    );
  });

  it('builds a curl command for HTTP and SOCKS5 proxies', () => {
    expect(toCurlCommand(proxy)).toBe(
      'curl -x http://proxy.example.com:8000 --proxy-user u8f2k1:Secr3t https://example.com',
    );
    expect(toCurlCommand({ ...proxy, protocol: 'socks5' })).toBe(
      'curl --socks5-hostname proxy.example.com:8000 --proxy-user u8f2k1:Secr3t https://example.com',
    );
  });

  it('lists session, IP, address, port, username, password and both forms in that order', () => {
    expect(copyLines(proxy)).toEqual([
      { key: 'session', value: 's7' },
      { key: 'ip', value: '203.0.113.7' },
      { key: 'address', value: 'proxy.example.com' },
      { key: 'port', value: '8000' },
      { key: 'username', value: 'u8f2k1' },
      { key: 'password', value: 'Secr3t' },
      { key: 'colonForm', value: 'proxy.example.com:8000:u8f2k1:Secr3t' },
      { key: 'atForm', value: 'u8f2k1:Secr3t@proxy.example.com:8000' },
    ]);
  });

  it('leaves out what a proxy does not have yet', () => {
    const lines = copyLines({ ...proxy, session: null, ip: null });
    expect(lines.find((line) => line.key === 'session')?.value).toBeNull();
    expect(lines.find((line) => line.key === 'ip')?.value).toBeNull();
  });
});

describe('connection snippets', () => {
  const http = {
    address: 'gw.example.test',
    port: 8000,
    username: 'abc123',
    password: 'Secret9',
    protocol: 'http' as const,
  };
  const socks = { ...http, protocol: 'socks5' as const };

  it('puts the credentials of the proxy into every snippet', () => {
    for (const kind of SNIPPET_KINDS) {
      const code = toSnippet(kind, http) ?? '';
      expect(code, kind).toContain('abc123');
      expect(code, kind).toContain('Secret9');
      expect(code, kind).toContain(SNIPPET_TARGET);
    }
  });

  it('lets SOCKS5 proxies resolve names (socks5h) and gives browsers no SOCKS5 snippet', () => {
    expect(toSnippet('python', socks)).toContain('"socks5h://abc123:Secret9@gw.example.test:8000"');
    expect(toSnippet('node', socks)).toContain(
      'new SocksProxyAgent("socks5h://abc123:Secret9@gw.example.test:8000")',
    );
    expect(toSnippet('curl', socks)).toContain('--socks5-hostname gw.example.test:8000');
    expect(toSnippet('playwright', socks)).toBeNull();
    expect(toSnippet('puppeteer', socks)).toBeNull();
  });
});
