import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiQuery } from './api-query';
import type { HttpClient, RequestOptions } from './http-client';

const recordingClient = (calls: RequestOptions[]): HttpClient => ({
  request: async <T>(options: RequestOptions) => {
    calls.push(options);
    return { path: options.path } as T;
  },
});

describe('apiQuery', () => {
  it('keys a read by method, path, params and data', () => {
    const options = apiQuery({
      path: '/proxy/tokens/{generate}/{proxy_type}',
      params: { generate: 'static' },
    });
    expect(options.queryKey).toEqual([
      'GET',
      '/proxy/tokens/{generate}/{proxy_type}',
      { generate: 'static' },
      null,
    ]);
  });

  it('runs the call through the client with the query abort signal', async () => {
    const calls: RequestOptions[] = [];
    const queryClient = new QueryClient();
    const data = await queryClient.fetchQuery(apiQuery({ path: '/api/key/list' }, recordingClient(calls)));
    expect(data).toEqual({ path: '/api/key/list' });
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });
});
