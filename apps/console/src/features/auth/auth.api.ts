import { AppError, type UserInfo } from '@ptc/contracts';
import { api } from '../../shared/api/api';
import { queryClient } from '../../shared/api/query-client';
import { setUserInfo } from '../../shared/session/session';

/** Query key of the signed-in user's info. */
export const USER_INFO_QUERY_KEY = ['user', 'info'] as const;

/**
 * `GET /user/info`. Silent: the route guard decides what follows a failure. The server answers
 * `userInfoSchema` of the contracts; the console checks only the user name, which the guard
 * relies on, so that zod stays out of the first bundle.
 */
export const fetchUserInfo = async (signal?: AbortSignal): Promise<UserInfo> => {
  const data = await api.request<UserInfo | null>({
    path: '/user/info',
    silent: true,
    ...(signal ? { signal } : {}),
  });
  if (typeof data?.user_name !== 'string') {
    throw new AppError('ERR_PROTOCOL_ERROR', { message: 'The user info has no user name' });
  }
  return data;
};

/**
 * Loads the user info into the session (one request however many callers ask at once).
 * `beforeStore` runs before the session sees the new info, for state derived from it.
 */
export const loadUserInfo = async (beforeStore?: (info: UserInfo) => void): Promise<UserInfo> => {
  const info = await queryClient.fetchQuery({
    queryKey: USER_INFO_QUERY_KEY,
    queryFn: ({ signal }) => fetchUserInfo(signal),
    staleTime: 0,
  });
  beforeStore?.(info);
  setUserInfo(info);
  return info;
};

/** `POST /user/logout`: revokes the session on the server. Silent: logging out goes on regardless. */
export const logoutOnServer = () =>
  api.request<{ done: boolean }>({ method: 'POST', path: '/user/logout', silent: true });
