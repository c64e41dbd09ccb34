import { API_KEY_ALLOW_LIST_MAX } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { firstCallCurl, parseAllowList } from './api-keys';
import { listOperations } from './api-keys.api';

describe('the allow-list as typed', () => {
  it('reads one address or CIDR block per line, blank lines and repeats dropped', () => {
    expect(parseAllowList('203.0.113.7\n\n  198.51.100.0/24 \n2001:db8::/32\n203.0.113.7\n')).toEqual({
      ok: true,
      list: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
    });
    expect(parseAllowList('')).toEqual({ ok: true, list: [] });
    expect(parseAllowList(undefined)).toEqual({ ok: true, list: [] });
  });

  it('names every line that is no address or block, a NUL or a bad mask included', () => {
    expect(parseAllowList('203.0.113.7\nexample.com\n10.0.0.0/33\n1.2.3.4\u0000')).toEqual({
      ok: false,
      reason: 'invalid',
      lines: ['example.com', '10.0.0.0/33', '1.2.3.4\u0000'],
    });
  });

  it(`refuses more than ${API_KEY_ALLOW_LIST_MAX} entries`, () => {
    const many = Array.from({ length: API_KEY_ALLOW_LIST_MAX + 1 }, (_, index) => `10.0.0.${index}`);
    expect(parseAllowList(many.join('\n'))).toEqual({ ok: false, reason: 'tooMany' });
    expect(parseAllowList(many.slice(1).join('\n')).ok).toBe(true);
  });
});

describe('the first call of a new key', () => {
  it('is a curl of the account with the key in its header, below the console’s API base', () => {
    expect(firstCallCurl('/api', 'https://console.example.com', 'ptc_v2_secret')).toBe(
      'curl -H "X-API-Key: ptc_v2_secret" https://console.example.com/api/v2/account',
    );
    expect(firstCallCurl('https://api.example.com/api/', 'https://console.example.com', 'ptc_v2_s')).toBe(
      'curl -H "X-API-Key: ptc_v2_s" https://api.example.com/api/v2/account',
    );
  });
});

describe('the operations of an OpenAPI document', () => {
  it('lists method, path and summary in the document’s order, skipping what is not an operation', () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/api/v1/proxies': {
          parameters: [],
          get: { summary: 'List proxies', deprecated: true },
          post: { description: 'Generate proxies' },
        },
        '/api/v1/balance': { get: {} },
      },
    };
    expect(listOperations(document)).toEqual([
      { method: 'GET', path: '/api/v1/proxies', summary: 'List proxies', deprecated: true },
      { method: 'POST', path: '/api/v1/proxies', summary: 'Generate proxies', deprecated: false },
      { method: 'GET', path: '/api/v1/balance', summary: '', deprecated: false },
    ]);
    expect(listOperations(null)).toEqual([]);
    expect(listOperations({ paths: 'nothing' })).toEqual([]);
  });
});
