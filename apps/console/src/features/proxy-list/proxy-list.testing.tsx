/**
 * What the proxy list's component tests share: the browser APIs jsdom lacks, the console's
 * providers, a stand-in API answering at the fetch level with the server's envelope, and the
 * toasts the API client shows through the code table (SPEC §8).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { setHttpEffects } from '../../shared/api/api';
import { queryClient } from '../../shared/api/query-client';
import { i18n, translateIfExists } from '../../shared/i18n/i18n';
import './proxies-texts';

export { installBrowserStubs } from '../../shared/testing/browser-stubs';

/** One request the stand-in API received. */
export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON or urlencoded body, as the server reads it. */
  body: unknown;
}

/** An answer: the envelope's `data` (code 0), a refusal with a code of SPEC §8, or a file. */
export type Answer = { data: unknown } | { code: number; msg: string; status?: number } | { file: string };

type Handler = (call: ReceivedCall) => Answer | Promise<Answer>;

const parseBody = (body: string, contentType: string | null): unknown => {
  if (body === '') return null;
  if (contentType?.includes('application/json')) return JSON.parse(body);
  return Object.fromEntries(new URLSearchParams(body));
};

/**
 * Replaces `fetch` with a stand-in of the API: `handlers` keyed `METHOD /path` (below `/api`)
 * answer; area lists are empty; anything else is a 404 envelope. Every call is kept.
 */
export const mockApi = (handlers: Record<string, Handler> = {}) => {
  const calls: ReceivedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const call: ReceivedCall = {
      method,
      path,
      query: url.searchParams,
      body: parseBody(typeof init?.body === 'string' ? init.body : '', headers.get('content-type')),
    };
    calls.push(call);
    const custom = handlers[`${method} ${path}`];
    let answer: Answer;
    if (custom) answer = await custom(call);
    else if (path.startsWith('/proxy/area/')) answer = { data: { records: [], total: 0, demo: false } };
    else answer = { code: 404, msg: 'Not found', status: 404 };
    if ('file' in answer) {
      return new Response(answer.file, {
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
      });
    }
    const envelope =
      'data' in answer
        ? { body: { code: 0, msg: 'success', data: answer.data }, status: 200 }
        : { body: { code: answer.code, msg: answer.msg, data: null }, status: answer.status ?? 400 };
    return new Response(JSON.stringify(envelope.body), {
      status: envelope.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to `path` with `method`. */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
};

/** Records the toasts the API client shows, with the texts of the code table as the app shows them. */
export const recordToasts = (): string[] => {
  const toasts: string[] = [];
  setHttpEffects({
    toast: (text) => toasts.push(text),
    showTouristDialog: () => toasts.push('tourist'),
    showBindContactDialog: () => toasts.push('bind contact'),
    logoutToLogin: () => toasts.push('logout'),
    translate: translateIfExists,
  });
  return toasts;
};

/** Renders `children` inside the console's providers (the app's data cache, emptied first). */
export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{children}</App>
      </ConfigProvider>
    </I18nextProvider>
  </QueryClientProvider>
);

export { listPage, proxyRow } from './proxy-row.fixture';
