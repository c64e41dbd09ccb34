import type {
  ApiKeyList,
  ApiKeyV1,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedApiKeyV1,
} from '@ptc/contracts';
import { API_BASE, api } from '../../shared/api/api';

/** TanStack Query keys of the API key pages. */
export const API_KEY_QUERY_KEYS = {
  v2: ['api-keys', 'v2'] as const,
  v1: ['api-keys', 'v1'] as const,
  v1Document: ['api-keys', 'v1', 'document'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /api/key/list`: the account's V2 keys (never their secrets). Silent: the page says it failed. */
export const listApiKeys = (signal?: AbortSignal) =>
  api.request<ApiKeyList>({ path: '/api/key/list', silent: true, ...withSignal(signal) });

/** `POST /api/key`: a new V2 key; its secret (`password`) is in this answer only. */
export const createApiKey = (request: CreateApiKeyRequest) =>
  api.request<CreatedApiKey>({ method: 'POST', path: '/api/key', data: request });

/** `DELETE /api/key/{key_id}`: revokes a V2 key at once. */
export const deleteApiKey = (keyId: string) =>
  api.request<unknown>({ method: 'DELETE', path: '/api/key/{key_id}', params: { key_id: keyId } });

/** `GET /api/key/v1`: the legacy key, or none. Silent: the page says it failed. */
export const getApiKeyV1 = (signal?: AbortSignal) =>
  api.request<ApiKeyV1>({ path: '/api/key/v1', silent: true, ...withSignal(signal) });

/** `POST /api/key/v1`: a new legacy key replacing the old one; its `id` is in this answer only. */
export const createApiKeyV1 = () => api.request<CreatedApiKeyV1>({ method: 'POST', path: '/api/key/v1' });

/** `DELETE /api/key/v1`: revokes the legacy key. */
export const deleteApiKeyV1 = () => api.request<unknown>({ method: 'DELETE', path: '/api/key/v1' });

/** The public documents' addresses on this origin (served by the API, not in the envelope). */
export const PUBLIC_API_DOCUMENTS = {
  v1OpenApi: `${API_BASE}/v1/openapi.json`,
  v2OpenApi: `${API_BASE}/v2/openapi.json`,
  v1Docs: '/api-v1/docs',
  v2Docs: '/api-v2/docs',
} as const;

/** One operation of an OpenAPI document, as the V1 reference lists it. */
export interface DocumentedOperation {
  method: string;
  path: string;
  summary: string;
  deprecated: boolean;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The operations of an OpenAPI document, in its order (anything that is not one is skipped). */
export const listOperations = (document: unknown): DocumentedOperation[] => {
  const paths = (document as { paths?: unknown } | null)?.paths;
  if (!paths || typeof paths !== 'object') return [];
  return Object.entries(paths as Record<string, unknown>).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = (item as Record<string, unknown> | null)?.[method];
      if (!operation || typeof operation !== 'object') return [];
      const { summary, description, deprecated } = operation as Record<string, unknown>;
      const text = typeof summary === 'string' ? summary : typeof description === 'string' ? description : '';
      return [{ method: method.toUpperCase(), path, summary: text, deprecated: deprecated === true }];
    }),
  );
};

/** `GET /api/v1/openapi.json`: the V1 document's operations. */
export const fetchV1Operations = async (signal?: AbortSignal): Promise<DocumentedOperation[]> => {
  const response = await fetch(PUBLIC_API_DOCUMENTS.v1OpenApi, withSignal(signal));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return listOperations(await response.json());
};
