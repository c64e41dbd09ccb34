import type { AccountPlan, SetPlanRequest } from '@ptc/contracts';
import { OPERATOR_LOGIN_PATH } from '../../routes.paths';
import { API_BASE } from '../../shared/api/api';
import { createHttpClient, type HttpClient, type RequestOptions } from '../../shared/api/http-client';
import { getLocale } from '../../shared/i18n/i18n';
import { navigateTo } from '../../shared/navigation/navigation';
import { getFeedback } from '../../shared/ui/feedback';
import type {
  AuditFilters,
  AuditPage,
  BalanceAdjustment,
  BalanceAdjustmentAnswer,
  Customer,
  CustomerDetails,
  CustomerSearch,
  Operator,
  OperatorSignIn,
  OperatorTotpAnswer,
  PriceAnswer,
  SecondFactor,
  SessionsRevoked,
} from './admin.types';
import { translateOperatorError } from './operator-errors';
import { clearOperatorSession, getOperatorToken } from './operator-session';

/** The header operator calls carry their session in (the server's `OPERATOR_SESSION_HEADER`). */
export const OPERATOR_SESSION_HEADER = 'x-operator-session';

/** Sends the operator back to sign in, keeping the customer session as it is. */
export const signOutOperatorLocally = (): void => {
  clearOperatorSession();
  void navigateTo(OPERATOR_LOGIN_PATH, { replace: true });
};

/**
 * An API client for operator calls: `token` in `x-operator-session`, never the customer's
 * `Authorization`, and failures reported in operator terms (a lost session leads to the operator
 * sign-in, not the customer's).
 */
const createOperatorClient = (token: string | null): HttpClient =>
  createHttpClient({
    baseUrl: API_BASE,
    context: {
      getToken: () => null,
      getLocale,
      getTimeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
      getRef: () => null,
      getAnniv: () => null,
      getCachedUser: () => null,
    },
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      if (token) headers.set(OPERATOR_SESSION_HEADER, token);
      return fetch(input, { ...init, headers });
    },
    effects: {
      toast: (text, durationMs) => {
        void getFeedback().message.error({ content: text, duration: durationMs / 1000, key: text });
      },
      showTouristDialog: () => undefined,
      showBindContactDialog: () => undefined,
      logoutToLogin: signOutOperatorLocally,
      translate: translateOperatorError,
    },
  });

/** Sends an operator call with the stored session (or `token`, for the TOTP step). */
export const operatorRequest = <T>(options: RequestOptions, token = getOperatorToken()): Promise<T> =>
  createOperatorClient(token).request<T>(options);

/** Sign-in step 1: email and password (2003 when wrong). The page shows failures itself. */
export const signInOperator = (credentials: { email: string; password: string }) =>
  operatorRequest<OperatorSignIn>({
    method: 'POST',
    path: '/admin/session',
    data: credentials,
    silent: true,
  });

/** Sign-in step 2 with step 1's token: a TOTP code or a recovery code (2004 when wrong). */
export const confirmOperatorTotp = (pendingToken: string, factor: SecondFactor) =>
  operatorRequest<OperatorTotpAnswer>(
    { method: 'POST', path: '/admin/session/totp', data: factor, silent: true },
    pendingToken,
  );

/** The signed-in operator; silent, the layout decides what a failure means. */
export const getOperator = (signal?: AbortSignal) =>
  operatorRequest<Operator>({ path: '/admin/me', silent: true, ...(signal ? { signal } : {}) });

/** Ends the operator session on the server. */
export const signOutOperator = () =>
  operatorRequest<{ done: boolean }>({ method: 'POST', path: '/admin/session/logout', silent: true });

/** One page of the audit trail (owner); empty filters are not sent. */
export const searchAudit = (
  filters: AuditFilters,
  paging: { page: number; pageSize: number },
  signal?: AbortSignal,
) => {
  const query = Object.fromEntries(
    Object.entries(filters)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => Boolean(value)),
  );
  return operatorRequest<AuditPage>({
    path: '/admin/audit',
    query: { ...query, page: paging.page, page_size: paging.pageSize },
    ...(signal ? { signal } : {}),
  });
};

/** Sets one price of the price table (owner, finance); failures are shown by the client. */
export const setPrice = (key: string, price: string) =>
  operatorRequest<PriceAnswer>({
    method: 'PUT',
    path: '/admin/prices/{key}',
    params: { key },
    data: { price },
  });

/** Customers matching `text` exactly: email, phone, user name, uid, proxy username or exit IP. */
export const searchCustomers = (text: string, signal?: AbortSignal) =>
  operatorRequest<CustomerSearch>({
    path: '/admin/customers',
    query: { q: text.trim() },
    ...(signal ? { signal } : {}),
  });

/** A customer with their money trail, orders and proxies. */
export const getCustomer = (uid: string, signal?: AbortSignal) =>
  operatorRequest<CustomerDetails>({
    path: '/admin/customers/{uid}',
    params: { uid },
    ...(signal ? { signal } : {}),
  });

/** Credits or debits the balance through the ledger (owner, finance), once per `request_id`. */
export const adjustCustomerBalance = (uid: string, adjustment: BalanceAdjustment) =>
  operatorRequest<BalanceAdjustmentAnswer>({
    method: 'POST',
    path: '/admin/customers/{uid}/balance',
    params: { uid },
    data: adjustment,
  });

/** Sets the plan and its discount (owner, finance). */
export const setCustomerPlan = (uid: string, change: SetPlanRequest) =>
  operatorRequest<AccountPlan>({
    method: 'PUT',
    path: '/admin/users/{uid}/plan',
    params: { uid },
    data: change,
  });

/** Locks or unlocks the account, with the operator's reason (owner, support). */
export const lockCustomer = (uid: string, change: { locked: boolean; reason: string }) =>
  operatorRequest<Customer>({
    method: 'POST',
    path: '/admin/customers/{uid}/lock',
    params: { uid },
    data: change,
  });

/** Ends every session of the customer (owner, support). */
export const signOutCustomer = (uid: string) =>
  operatorRequest<SessionsRevoked>({
    method: 'POST',
    path: '/admin/customers/{uid}/sessions/revoke',
    params: { uid },
  });
