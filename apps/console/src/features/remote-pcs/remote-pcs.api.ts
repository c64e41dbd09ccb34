import type {
  Vm,
  VmAction,
  VmCreateRequest,
  VmList,
  VmPayway,
  VmRemote,
  VmRenewAutoRequest,
  VmRenewManualRequest,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the remote PC pages. */
export const REMOTE_PC_QUERY_KEYS = {
  all: ['remote-pcs'] as const,
  payway: ['remote-pcs', 'payway'] as const,
  list: (page: number, pageSize: number) => ['remote-pcs', 'list', page, pageSize] as const,
  proxies: (search: string) => ['remote-pcs', 'proxies', search] as const,
};

/** PCs per page of the list. */
export const VM_PAGE_SIZE = 20;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /proxy/payway/vm`: configurations, days, prices, and whether creation is possible now. Silent: the form says it failed. */
export const fetchVmPayway = (signal?: AbortSignal) =>
  api.request<VmPayway>({ path: '/proxy/payway/vm', silent: true, ...withSignal(signal) });

/** `GET /proxy/vm`: the customer's PCs, newest first. Silent: the list says it failed. */
export const listVms = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.request<VmList>({
    path: '/proxy/vm',
    data: { page, page_size: pageSize },
    silent: true,
    ...withSignal(signal),
  });

/** `POST /proxy/vm`: charges the price and starts creating the PC (status `creating`). */
export const createVm = (request: VmCreateRequest) =>
  api.request<Vm>({ method: 'POST', path: '/proxy/vm', data: request });

/** `POST /proxy/vm/execute/{action}`: start, shut down or restart. */
export const executeVmAction = (id: string, action: VmAction) =>
  api.request<Vm>({
    method: 'POST',
    path: '/proxy/vm/execute/{action}',
    params: { action },
    data: { id },
  });

/** `POST /proxy/vm/renew/manual`: charges `days` and extends the expiry. */
export const renewVm = (request: VmRenewManualRequest) =>
  api.request<Vm>({ method: 'POST', path: '/proxy/vm/renew/manual', data: request });

/** `POST /proxy/vm/renew/auto`: switches auto renew on or off. */
export const setVmAutoRenew = (request: VmRenewAutoRequest) =>
  api.request<Vm>({ method: 'POST', path: '/proxy/vm/renew/auto', data: request });

/** `POST /proxy/vm/remote`: a single-use ticket for the remote-control WebSocket (only while running). */
export const requestVmRemote = (id: string) =>
  api.request<VmRemote>({ method: 'POST', path: '/proxy/vm/remote', data: { id } });
