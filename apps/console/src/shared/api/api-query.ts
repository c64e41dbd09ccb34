import type { QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api';
import type { HttpClient, RequestOptions } from './http-client';

/** A TanStack Query key and function for one API read. */
export interface ApiQueryOptions<T> {
  queryKey: readonly unknown[];
  queryFn: (context: QueryFunctionContext) => Promise<T>;
}

/**
 * Wires an API call into TanStack Query: the key is the path with its params and data, and the
 * query's abort signal cancels the request. Use as `useQuery(apiQuery({ path: '/api/key/list' }))`.
 */
export const apiQuery = <T>(options: RequestOptions, client: HttpClient = api): ApiQueryOptions<T> => ({
  queryKey: [options.method ?? 'GET', options.path, options.params ?? null, options.data ?? null],
  queryFn: ({ signal }) => client.request<T>({ ...options, signal }),
});
