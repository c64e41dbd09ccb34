/**
 * What the console's component tests share: the browser APIs jsdom lacks, the console's
 * providers, a stand-in API answering at the fetch level with the server's envelope, and the
 * toasts the API client shows through the code table (SPEC §8).
 */
import { AppError, ERRORS, isAppError } from '@ptc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setHttpEffects } from '../api/api';
import { queryClient } from '../api/query-client';
import { translateIfExists } from '../i18n/i18n';
import { FeedbackRoot } from '../ui/feedback-root';

/**
 * Browser APIs antd relies on and jsdom does not have: `matchMedia` (no query matches),
 * `ResizeObserver` (observes nothing) and a `getComputedStyle` that ignores pseudo-elements
 * (jsdom computes none; antd asks for `::-webkit-scrollbar`).
 */
export const installBrowserStubs = (): void => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  const computed = window.getComputedStyle.bind(window);
  Object.defineProperty(window, 'getComputedStyle', {
    configurable: true,
    value: (element: Element) => computed(element),
  });
};

/** One request the stand-in API received. */
export interface ReceivedCall {
  method: string;
  /** Below the API base (`/proxy/price`). */
  path: string;
  /** The `:name` segments of the handler's route (`PUT /proxy/token/status/:token_id`). */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, or a urlencoded form as the server reads it (strings); null without one. */
  body: unknown;
  contentType: string | null;
  /** The request headers (`authorization`, `x-operator-session`, …). */
  headers: Headers;
}

/** A success: the envelope's `data`, or a file (an export download). Refusals throw an `AppError`. */
export type Answer = { data: unknown } | { file: string };

/** Answers one route; throws an `AppError` to refuse, answered with its code and HTTP status. */
export type Handler = (call: ReceivedCall) => Answer | Promise<Answer>;

/** Handlers keyed `METHOD /path` (below `/api`); a segment `:name` matches any value. */
export type Handlers = Record<string, Handler>;

const parseBody = (body: string, contentType: string | null): unknown => {
  if (body === '') return null;
  if (contentType?.includes('application/json')) return JSON.parse(body);
  return Object.fromEntries(new URLSearchParams(body));
};

/** The handler of `method path` with the values of its `:name` segments, exact routes first. */
const findHandler = (handlers: Handlers, method: string, path: string) => {
  const exact = handlers[`${method} ${path}`];
  if (exact) return { handler: exact, params: {} };
  const segments = path.split('/');
  for (const [route, handler] of Object.entries(handlers)) {
    const [routeMethod, routePath = ''] = route.split(' ');
    const pattern = routePath.split('/');
    if (routeMethod !== method || pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = decodeURIComponent(segment);
      return true;
    });
    if (matches) return { handler, params };
  }
  return null;
};

/** What an area list answers where the test gives no supply. */
const EMPTY_AREAS = { records: [], total: 0, demo: false };

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The envelope the server answers for a refusal (`AppError`); anything else is its 500. */
const refusal = (error: unknown) => {
  const refused = isAppError(error) ? error : new AppError('ERR_INTERNAL_ERROR');
  if (!isAppError(error)) console.error('[stand-in api]', error);
  return json({ code: refused.code, msg: refused.message, data: refused.data ?? null }, refused.httpStatus);
};

/**
 * Replaces `fetch` with a stand-in of the API: `handlers` answer their routes, area lists are
 * empty unless a handler answers them, anything else is the server's 404. Every call is kept.
 */
export const mockApi = (handlers: Handlers = {}) => {
  const calls: ReceivedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const contentType = headers.get('content-type');
    const found = findHandler(handlers, method, path);
    const call: ReceivedCall = {
      method,
      path,
      params: found?.params ?? {},
      query: url.searchParams,
      body: parseBody(typeof init?.body === 'string' ? init.body : '', contentType),
      contentType,
      headers,
    };
    calls.push(call);
    try {
      if (!found) {
        if (path.startsWith('/proxy/area/')) return json({ code: 0, msg: 'success', data: EMPTY_AREAS }, 200);
        throw new AppError('ERR_NOT_FOUND', {
          message: `${ERRORS.ERR_NOT_FOUND.message}: ${method} ${path}`,
        });
      }
      const answer = await found.handler(call);
      if ('file' in answer) {
        return new Response(answer.file, {
          status: 200,
          headers: { 'content-type': 'application/octet-stream' },
        });
      }
      return json({ code: 0, msg: 'success', data: answer.data }, 200);
    } catch (error) {
      return refusal(error);
    }
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

// The router is made once per render; its one route shows whatever `children` are now.
const TestedChildren = createContext<ReactNode>(null);
const ShowTestedChildren = () => useContext(TestedChildren);

/**
 * Renders `children` inside the console's providers, at `path` of an in-memory data router, with
 * the app's data cache (tests empty it with `queryClient.clear()` before rendering). With `routes`
 * (the app's own, `buildRouteObjects()`) the router shows those instead, layouts and guards included.
 */
export const Providers = ({
  children = null,
  path = '/',
  routes,
}: {
  children?: ReactNode;
  path?: string;
  routes?: RouteObject[];
}) => {
  const [router] = useState(() =>
    createMemoryRouter(routes ?? [{ path: '*', element: <ShowTestedChildren /> }], {
      initialEntries: [path],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }} wave={{ disabled: true }}>
        <FeedbackRoot>
          <TestedChildren.Provider value={children}>
            <RouterProvider router={router} />
          </TestedChildren.Provider>
        </FeedbackRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
};
