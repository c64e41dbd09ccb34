import { describe, expect, it } from 'vitest';
import {
  buildBypassList,
  buildProxyConfig,
  hostPortRule,
  isChallengeFrom,
  isLoopbackEntry,
  LOOPBACK_REMOVAL,
} from './proxy-config';

const DEFAULT_BYPASS = [
  '<local>',
  'localhost',
  '127.0.0.1',
  '[::1]',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
];

describe('the bypass list', () => {
  it("keeps the operator's list and adds the console's host:port, leaving loopback bypassed when named", () => {
    expect(buildBypassList(DEFAULT_BYPASS, ['https://console.example.com'])).toEqual([
      ...DEFAULT_BYPASS,
      'console.example.com:443',
    ]);
  });

  it('removes the implicit loopback bypass when the list names no loopback host', () => {
    expect(buildBypassList(['<local>', '10.0.0.0/8'], ['http://console.test'])).toEqual([
      LOOPBACK_REMOVAL,
      '<local>',
      '10.0.0.0/8',
      'console.test:80',
    ]);
  });

  it("puts the loopback removal before the console's loopback address, which later rules override", () => {
    expect(buildBypassList([], ['http://127.0.0.1:5173'])).toEqual([LOOPBACK_REMOVAL, '127.0.0.1:5173']);
  });

  it('names each console address once and skips what is not a URL', () => {
    expect(
      buildBypassList(['localhost'], ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/', 'not a url', '']),
    ).toEqual(['localhost', '127.0.0.1:8080']);
  });

  it('writes IPv6 console hosts in brackets', () => {
    expect(hostPortRule('http://[::1]:8080/x')).toBe('[::1]:8080');
    expect(hostPortRule('ftp://example.com')).toBeNull();
  });

  it('recognises loopback entries in their usual spellings', () => {
    for (const entry of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '127.0.0.0/8',
      '[::1]',
      '::1',
      'http://127.0.0.1:80',
    ])
      expect(isLoopbackEntry(entry), entry).toBe(true);
    for (const entry of ['<local>', '10.0.0.0/8', 'example.com', '[::2]', '128.0.0.1'])
      expect(isLoopbackEntry(entry), entry).toBe(false);
  });
});

describe('the proxy configuration', () => {
  it('is a fixed HTTP proxy with the bypass list', () => {
    expect(
      buildProxyConfig({ host: 'gw.example.com', port: 8000 }, [], ['https://console.example.com']),
    ).toEqual({
      mode: 'fixed_servers',
      rules: {
        singleProxy: { scheme: 'http', host: 'gw.example.com', port: 8000 },
        bypassList: [LOOPBACK_REMOVAL, 'console.example.com:443'],
      },
    });
  });
});

describe('the proxy challenge', () => {
  it('is ours only when it comes from the proxy set, by host and port', () => {
    const server = { host: 'GW.example.com', port: 8000 };
    expect(isChallengeFrom({ host: 'gw.example.com', port: 8000 }, server)).toBe(true);
    expect(isChallengeFrom({ host: 'gw.example.com', port: 8001 }, server)).toBe(false);
    expect(isChallengeFrom({ host: 'other.example.com', port: 8000 }, server)).toBe(false);
    expect(isChallengeFrom({ host: '[::1]', port: 1 }, { host: '::1', port: 1 })).toBe(true);
    expect(isChallengeFrom(undefined, server)).toBe(false);
    expect(isChallengeFrom({ host: 'gw.example.com', port: 8000 }, null)).toBe(false);
  });
});
