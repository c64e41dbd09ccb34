import type {
  AdminFeeChanges,
  AdminFees,
  AdminNewTrafficPlan,
  AdminPriceTable,
  AdminTopUpChanges,
  AdminTopUpTerms,
  AdminTrafficPlan,
  AdminTrafficPlanChanges,
  AdminTrafficPlanList,
  AdminVmCatalogue,
  AdminVmConfiguration,
  AdminVmConfigurationChanges,
} from '@ptc/contracts';
import { operatorRequest } from '../admin.api';

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** The query keys of the catalogue page: one per part, all under `['admin', 'catalogue']`. */
export const CATALOGUE_QUERY_KEYS = {
  all: ['admin', 'catalogue'] as const,
  prices: ['admin', 'catalogue', 'prices'] as const,
  plans: ['admin', 'catalogue', 'plans'] as const,
  topUp: ['admin', 'catalogue', 'top-up'] as const,
  fees: ['admin', 'catalogue', 'fees'] as const,
  vms: ['admin', 'catalogue', 'vms'] as const,
};

/** The price table at list price, with its defaults (every operator). */
export const getPriceTable = (signal?: AbortSignal) =>
  operatorRequest<AdminPriceTable>({ path: '/admin/prices', ...withSignal(signal) });

/** Every traffic package plan, on sale or not (every operator). */
export const listTrafficPlans = (signal?: AbortSignal) =>
  operatorRequest<AdminTrafficPlanList>({ path: '/admin/catalogue/plans', ...withSignal(signal) });

/** Adds a traffic package plan (owner, finance). */
export const addTrafficPlan = (plan: AdminNewTrafficPlan) =>
  operatorRequest<AdminTrafficPlan>({ method: 'POST', path: '/admin/catalogue/plans', data: plan });

/** Edits a plan or puts it on or off sale (owner, finance). */
export const editTrafficPlan = (id: string, changes: AdminTrafficPlanChanges) =>
  operatorRequest<AdminTrafficPlan>({
    method: 'PATCH',
    path: '/admin/catalogue/plans/{id}',
    params: { id },
    data: changes,
  });

/** The top-up packages and the bonus rule in force (every operator). */
export const getTopUpTerms = (signal?: AbortSignal) =>
  operatorRequest<AdminTopUpTerms>({ path: '/admin/catalogue/top-up', ...withSignal(signal) });

/** Sets the top-up packages, the bonus rule, or both (owner, finance). */
export const setTopUpTerms = (changes: AdminTopUpChanges) =>
  operatorRequest<AdminTopUpTerms>({ method: 'PUT', path: '/admin/catalogue/top-up', data: changes });

/** Every payment method's fee in force (every operator). */
export const getFees = (signal?: AbortSignal) =>
  operatorRequest<AdminFees>({ path: '/admin/catalogue/fees', ...withSignal(signal) });

/** Sets the fee of the methods named (owner, finance). */
export const setFees = (changes: AdminFeeChanges) =>
  operatorRequest<AdminFees>({ method: 'PUT', path: '/admin/catalogue/fees', data: changes });

/** Remote PC configurations and the host as configured (every operator). */
export const getVmCatalogue = (signal?: AbortSignal) =>
  operatorRequest<AdminVmCatalogue>({ path: '/admin/vm/configurations', ...withSignal(signal) });

/** Changes a remote PC configuration's prices, limits or offer (owner, finance). */
export const editVmConfiguration = (id: number, changes: AdminVmConfigurationChanges) =>
  operatorRequest<AdminVmConfiguration>({
    method: 'PATCH',
    path: '/admin/vm/configurations/{id}',
    params: { id: String(id) },
    data: changes,
  });
