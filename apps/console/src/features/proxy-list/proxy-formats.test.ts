import { describe, expect, it } from 'vitest';
import { proxyRow } from '../../shared/testing/factories';
import { copyLines, toAtForm, toColonForm, toCurlCommand, toProxyUrl } from './proxy-formats';

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
