import { describe, expect, it } from 'vitest';
import { classifyCheck } from './classify';

describe('classifying the check through a new proxy', () => {
  it('is success with the exit the IP-echo page reported', () => {
    expect(
      classifyCheck({ kind: 'response', status: 200, body: '{"ip":"203.0.113.7","country":"us"}' }),
    ).toEqual({
      state: 'success',
      ip: '203.0.113.7',
      country: 'US',
    });
    expect(classifyCheck({ kind: 'response', status: 200, body: '198.51.100.2\n' })).toEqual({
      state: 'success',
      ip: '198.51.100.2',
      country: null,
    });
  });

  it('is success without an exit when the page answers something else', () => {
    expect(classifyCheck({ kind: 'response', status: 204, body: '' })).toEqual({
      state: 'success',
      ip: null,
      country: null,
    });
  });

  it('is failed when the gateway refuses (407, 403, 402, 5xx)', () => {
    for (const status of [407, 403, 402, 502])
      expect(classifyCheck({ kind: 'response', status, body: 'no' })).toEqual({
        state: 'failed',
        reason: `http_${status}`,
      });
    expect(classifyCheck({ kind: 'auth_rejected' })).toEqual({
      state: 'failed',
      reason: 'proxy_auth_rejected',
    });
    expect(classifyCheck({ kind: 'error', error: 'net::ERR_TUNNEL_CONNECTION_FAILED' })).toEqual({
      state: 'failed',
      reason: 'net::ERR_TUNNEL_CONNECTION_FAILED',
    });
  });

  it('is timeout when nothing answers in time or the gateway cannot be reached', () => {
    expect(classifyCheck({ kind: 'timeout' })).toEqual({ state: 'timeout', reason: 'no_answer' });
    expect(classifyCheck({ kind: 'error', error: 'net::ERR_PROXY_CONNECTION_FAILED' })).toEqual({
      state: 'timeout',
      reason: 'gateway_unreachable',
    });
  });
});
