import type { ProxyRow } from '@ptc/contracts';
import { parseUsername } from '@ptc/gateway';
import { describe, expect, it } from 'vitest';
import { formatLine, proxyLines, randomSessionId, usernameWith } from './proxy-lines';

const row = {
  address: 'gw.example.test',
  port: 8000,
  password: 'p4ss',
  protocol: 'http',
  username: 'u8f2k1',
} as Pick<ProxyRow, 'address' | 'port' | 'password' | 'protocol' | 'username'> as ProxyRow;

describe('proxy lines of the text download', () => {
  it('writes host:port:user:pass, user:pass@host:port and the proxy URL', () => {
    expect(formatLine(row, 'u8f2k1', 'host:port:user:pass')).toBe('gw.example.test:8000:u8f2k1:p4ss');
    expect(formatLine(row, 'u8f2k1', 'user:pass@host:port')).toBe('u8f2k1:p4ss@gw.example.test:8000');
    expect(formatLine(row, 'u8f2k1', 'url')).toBe('http://u8f2k1:p4ss@gw.example.test:8000');
    expect(formatLine({ ...row, protocol: 'socks5' }, 'u8f2k1', 'url')).toBe(
      'socks5://u8f2k1:p4ss@gw.example.test:8000',
    );
  });

  it('adds username parameters that the gateway parses back', () => {
    const username = usernameWith(
      'u8f2k1',
      { country: 'US', state: 'NY', city: 'NewYork', session: 'random', life: 30 },
      () => 'abc123',
    );
    expect(username).toBe('u8f2k1-country-us-state-ny-city-newyork-session-abc123-life-30');
    expect(parseUsername(username)).toEqual({
      ok: true,
      base: 'u8f2k1',
      params: { country: 'US', state: 'ny', city: 'newyork', session: 'abc123', life: 30 },
    });
    expect(usernameWith('u8f2k1', { session: 'none' })).toBe('u8f2k1');
  });

  it('gives every line its own session id of the gateway’s alphabet', () => {
    const text = proxyLines([row, { ...row, username: 'second' }], {
      format: 'host:port:user:pass',
      linesPerProxy: 3,
      session: 'random',
    });
    const lines = text.trimEnd().split('\n');
    expect(text.endsWith('\n')).toBe(true);
    expect(lines).toHaveLength(6);
    const sessions = lines.map((line) => {
      const parsed = parseUsername(line.split(':')[2] ?? '');
      if (!parsed.ok) throw new Error(parsed.problem);
      return parsed.params.session;
    });
    expect(new Set(sessions).size).toBe(6);
    expect(randomSessionId()).toMatch(/^[a-z0-9]{12}$/);
    expect(proxyLines([], { format: 'url', linesPerProxy: 1, session: 'none' })).toBe('');
  });
});
