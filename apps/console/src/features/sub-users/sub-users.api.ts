import type {
  CreateSubUserBody,
  SubUser,
  SubUserList,
  SubUserUsage,
  UpdateSubUserBody,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the sub-users page. */
export const SUB_USER_QUERY_KEYS = {
  list: ['sub-users'] as const,
  usage: (id: string) => ['sub-users', id, 'usage'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /api/sub_users`: the sub-users with credentials, limits and usage this period. Silent: the page says it failed. */
export const listSubUsers = (signal?: AbortSignal) =>
  api.request<SubUserList>({ path: '/sub_users', silent: true, ...withSignal(signal) });

/** `POST /api/sub_users`. */
export const createSubUser = (body: CreateSubUserBody) =>
  api.request<SubUser>({ method: 'POST', path: '/sub_users', data: body });

/** `PUT /api/sub_users/{id}`: rename, limits, period, pause or resume. */
export const updateSubUser = (id: string, body: UpdateSubUserBody) =>
  api.request<SubUser>({ method: 'PUT', path: '/sub_users/{id}', params: { id }, data: body });

/** `POST /api/sub_users/{id}/password`: a new password (the old one stops working). */
export const resetSubUserPassword = (id: string) =>
  api.request<SubUser>({ method: 'POST', path: '/sub_users/{id}/password', params: { id } });

/** `DELETE /api/sub_users/{id}`. */
export const deleteSubUser = (id: string) =>
  api.request<unknown>({ method: 'DELETE', path: '/sub_users/{id}', params: { id } });

/** `GET /api/sub_users/{id}/usage`: per UTC day, newest first. */
export const subUserUsage = (id: string, signal?: AbortSignal) =>
  api.request<SubUserUsage>({
    path: '/sub_users/{id}/usage',
    params: { id },
    silent: true,
    ...withSignal(signal),
  });
