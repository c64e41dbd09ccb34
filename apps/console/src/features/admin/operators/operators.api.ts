import type {
  AdminNewOperator,
  AdminOperator,
  AdminOperatorChanges,
  AdminOperatorCreated,
  AdminOperatorList,
  AdminOperatorPassword,
  AdminOperatorTotpReset,
} from '@ptc/contracts';
import { operatorRequest } from '../admin.api';

/** The query key of the operator list (owner). */
export const OPERATORS_QUERY_KEY = ['admin', 'operators'] as const;

/** Every operator, oldest first (owner). */
export const listOperators = (signal?: AbortSignal) =>
  operatorRequest<AdminOperatorList>({ path: '/admin/operators', ...(signal ? { signal } : {}) });

/** Adds an operator; the answer carries its random password, shown once (owner). */
export const addOperator = (operator: AdminNewOperator) =>
  operatorRequest<AdminOperatorCreated>({ method: 'POST', path: '/admin/operators', data: operator });

/** Changes the role or name, or disables or enables an operator (owner). */
export const changeOperator = (id: string, changes: AdminOperatorChanges) =>
  operatorRequest<AdminOperator>({
    method: 'PATCH',
    path: '/admin/operators/{id}',
    params: { id },
    data: changes,
  });

/** Forgets an operator's TOTP and recovery codes; it enrols again at its next sign-in (owner). */
export const resetOperatorTotp = (id: string) =>
  operatorRequest<AdminOperatorTotpReset>({
    method: 'POST',
    path: '/admin/operators/{id}/totp/reset',
    params: { id },
  });

/** Gives an operator a new random password, answered once (owner). */
export const resetOperatorPassword = (id: string) =>
  operatorRequest<AdminOperatorPassword>({
    method: 'POST',
    path: '/admin/operators/{id}/password/reset',
    params: { id },
  });
