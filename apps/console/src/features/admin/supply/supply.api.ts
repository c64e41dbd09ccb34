import type {
  AdminExit,
  AdminExitChanges,
  AdminExitCheck,
  AdminExitCheckResult,
  AdminExitPage,
  AdminInventoryImport,
  AdminInventoryImportResult,
  AdminLeaseOutcome,
  AdminNewExits,
  AdminSupply,
} from '@ptc/contracts';
import { operatorRequest } from '../admin.api';
import type { ExitFilters } from './supply-display';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The supply at a glance: exits by state, the demo switch, the static inventory per place. */
export const getSupply = (signal?: AbortSignal) =>
  operatorRequest<AdminSupply>({ path: '/admin/supply', ...withSignal(signal) });

/** One page of exits, newest first, with their last day of health checks; empty filters are not sent. */
export const listExits = (
  filters: ExitFilters,
  paging: { page: number; pageSize: number },
  signal?: AbortSignal,
) => {
  const query = Object.fromEntries(
    Object.entries(filters)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  return operatorRequest<AdminExitPage>({
    path: '/admin/exits',
    query: { ...query, page: paging.page, page_size: paging.pageSize },
    ...withSignal(signal),
  });
};

/** The latest 50 health checks through an exit, newest first. */
export const listExitChecks = (id: string, signal?: AbortSignal) =>
  operatorRequest<{ records: AdminExitCheck[] }>({
    path: '/admin/exits/{id}/checks',
    params: { id },
    ...withSignal(signal),
  });

/** Checks an exit now (owner, support): the check and the exit after it. */
export const checkExit = (id: string) =>
  operatorRequest<AdminExitCheckResult>({ method: 'POST', path: '/admin/exits/{id}/check', params: { id } });

/** Adds rotating supply, one exit per area and line (owner); the form shows failures itself. */
export const addExits = (exits: AdminNewExits) =>
  operatorRequest<{ records: AdminExit[] }>({
    method: 'POST',
    path: '/admin/exits',
    data: exits,
    silent: true,
  });

/** Edits one exit; absent fields are kept (owner). The form shows failures itself. */
export const editExit = (id: string, changes: AdminExitChanges) =>
  operatorRequest<AdminExit>({
    method: 'PATCH',
    path: '/admin/exits/{id}',
    params: { id },
    data: changes,
    silent: true,
  });

/** Takes a rotating exit out of service, or puts it back (owner). */
export const setExitEnabled = (id: string, enabled: boolean) =>
  operatorRequest<AdminExit>({
    method: 'POST',
    path: '/admin/exits/{id}/enabled',
    params: { id },
    data: { enabled },
  });

/** Retires a static address (owner): its lease moves to a free address, or is refunded. */
export const retireExit = (id: string) =>
  operatorRequest<{ exit: AdminExit; leases: AdminLeaseOutcome[] }>({
    method: 'POST',
    path: '/admin/exits/{id}/retire',
    params: { id },
  });

/** Switches the demo supply off (its leases retired by the rules) or back on (owner). */
export const setDemoSupply = (enabled: boolean) =>
  operatorRequest<{ enabled: boolean; leases: AdminLeaseOutcome[] }>({
    method: 'POST',
    path: '/admin/supply/demo',
    data: { enabled },
  });

/**
 * Checks (`dry_run`) or imports a static inventory file, all or nothing (owner). Silent: the
 * import shows the numbered bad lines of a refusal itself.
 */
export const importInventory = (file: AdminInventoryImport) =>
  operatorRequest<AdminInventoryImportResult>({
    method: 'POST',
    path: '/admin/inventory/import',
    data: file,
    silent: true,
  });
