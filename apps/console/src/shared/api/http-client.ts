import { AppError, isAppError, REQUEST_HEADERS, TECHNICAL } from '@ptc/contracts';
import { fillPath, type PathParams } from './fill-path';
import { isSilentPath, type RequestErrorEffects, reportRequestError } from './request-errors';
import { isWriteBlocked } from './request-guard';

/** HTTP methods of SPEC §7. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How `data` travels: a JSON body, a urlencoded form body, or the query string. */
export type BodyKind = 'json' | 'form' | 'query';

/** Plain values that can be put into a form or a query string. */
export type FieldValue = string | number | boolean | null | undefined;

/** One call of the API. */
export interface RequestOptions {
  /** Defaults to GET. */
  method?: HttpMethod;
  /** Path below the API base, with optional `{name}` placeholders (`/proxy/token/{token_id}`). */
  path: string;
  /** Values for the placeholders; a missing or empty one throws before sending. */
  params?: PathParams;
  /** Payload, sent as `bodyKind` says. */
  data?: unknown;
  /** Defaults to `query` for GET and `json` otherwise. */
  bodyKind?: BodyKind;
  /** Query string fields sent next to a body (SPEC §7 "query plus form"). */
  query?: Readonly<Record<string, FieldValue | readonly FieldValue[]>>;
  /** `blob` skips envelope unwrapping for binary answers (the captcha image). */
  responseType?: 'envelope' | 'blob';
  /** Shows nothing to the user on failure (the error is still thrown). */
  silent?: boolean;
  /** Lets the caller cancel (TanStack Query passes its own). */
  signal?: AbortSignal;
}

/** Session facts read on every call. */
export interface RequestContext {
  getToken(): string | null;
  getLocale(): string;
  getTimeZone(): string;
  getRef(): string | null;
  getAnniv(): string | null;
  /** The cached user info, for the request guard; `null` when none is cached. */
  getCachedUser(): { email?: string | null; phone?: string | null } | null;
}

/** Every side effect of the client, so its core runs in Node tests. */
export interface HttpEffects extends RequestErrorEffects {
  /** The client-side 403: a confirm dialog that leads to the user center. */
  showBindContactDialog(): void;
}

/** How to build the client: where, how long to wait, what to read and which side effects to run. */
export interface HttpClientConfig {
  /** API base, `/api` by default (DESIGN §5). */
  baseUrl: string;
  /** Defaults to 30 000 ms (SPEC §9). */
  timeoutMs?: number;
  context: RequestContext;
  effects: HttpEffects;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** The API client. */
export interface HttpClient {
  /** Sends a call and answers the envelope's `data`, or throws an {@link AppError}. */
  request<T>(options: RequestOptions): Promise<T>;
}

const appendFields = (
  target: URLSearchParams,
  fields: Readonly<Record<string, unknown>> | undefined,
): URLSearchParams => {
  for (const [key, value] of Object.entries(fields ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      target.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return target;
};

const asFields = (data: unknown): Readonly<Record<string, unknown>> | undefined =>
  data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;

const isEnvelope = (value: unknown): value is { code: number; msg?: string; data?: unknown } =>
  value !== null && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Turns an answer into `data`, or an {@link AppError} built from the envelope or the HTTP status. */
const readEnvelope = async (response: Response): Promise<unknown> => {
  const body = parseJson(await response.text());
  if (isEnvelope(body)) {
    if (body.code === 0) return body.data ?? null;
    throw AppError.fromEnvelope(body.code, body.msg, body.data ?? null);
  }
  if (!response.ok) {
    throw new AppError('HttpCodeError', { message: `Request failed with status ${response.status}` });
  }
  throw new AppError('ERR_PROTOCOL_ERROR', { message: 'The server answered without an envelope' });
};

const readBlob = async (response: Response): Promise<Blob> => {
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (isJson || !response.ok) {
    await readEnvelope(response);
    throw new AppError('ERR_PROTOCOL_ERROR', { message: 'Expected a file, got an envelope' });
  }
  return response.blob();
};

/** Creates the API client of SPEC §7 with the error handling of SPEC §8 in one place. */
export const createHttpClient = (config: HttpClientConfig): HttpClient => {
  const { context, effects } = config;
  const timeoutMs = config.timeoutMs ?? TECHNICAL.HTTP_TIMEOUT_MS;
  const baseUrl = config.baseUrl.replace(/\/$/, '');

  const buildHeaders = (): Headers => {
    const headers = new Headers({
      [REQUEST_HEADERS.lang]: context.getLocale(),
      [REQUEST_HEADERS.tz]: context.getTimeZone(),
    });
    const token = context.getToken();
    if (token) headers.set(REQUEST_HEADERS.authorization, token);
    const ref = context.getRef();
    if (ref) headers.set(REQUEST_HEADERS.ref, ref);
    const anniv = context.getAnniv();
    if (anniv) headers.set(REQUEST_HEADERS.anniv, anniv);
    return headers;
  };

  const send = async (options: RequestOptions, method: HttpMethod, path: string): Promise<unknown> => {
    const bodyKind = options.bodyKind ?? (method === 'GET' ? 'query' : 'json');
    const query = appendFields(new URLSearchParams(), options.query);
    const headers = buildHeaders();
    let body: string | undefined;
    if (bodyKind === 'query') appendFields(query, asFields(options.data));
    if (bodyKind === 'form') {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      body = appendFields(new URLSearchParams(), asFields(options.data)).toString();
    }
    if (bodyKind === 'json' && options.data !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.data);
    }
    const search = query.toString();
    const url = `${baseUrl}${path}${search ? `?${search}` : ''}`;

    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
    try {
      const response = await (config.fetch ?? fetch)(url, { method, headers, body, signal });
      return options.responseType === 'blob' ? await readBlob(response) : await readEnvelope(response);
    } catch (error) {
      if (isAppError(error)) throw error;
      if (isTimedOut) {
        throw new AppError('ConnectionTimeOut', {
          message: `timeout of ${timeoutMs}ms exceeded`,
          cause: error,
        });
      }
      if (options.signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError('ConnectionError', { message: message || 'Network Error', cause: error });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async request<T>(options: RequestOptions): Promise<T> {
      const method = options.method ?? 'GET';
      const path = fillPath(options.path, options.params);
      const isSilent = options.silent === true || isSilentPath(path);
      const isBlocked = isWriteBlocked({
        method,
        path,
        hasToken: Boolean(context.getToken()),
        user: context.getCachedUser(),
      });
      if (isBlocked) {
        if (!isSilent) effects.showBindContactDialog();
        throw new AppError('ERR_FORBIDDEN');
      }
      try {
        return (await send(options, method, path)) as T;
      } catch (error) {
        if (isAppError(error) && !isSilent) reportRequestError(error, effects);
        throw error;
      }
    },
  };
};
