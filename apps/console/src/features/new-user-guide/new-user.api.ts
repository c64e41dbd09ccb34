import type { NewUserGuideDone } from '@ptc/contracts';
import { api } from '../../shared/api/api';
import { isTouristSession, setUserInfo, userStore } from '../../shared/session/session';

/**
 * `POST /user/guide/done`: the customer finished or dismissed the new-user guide, so they are not
 * new any more (server `modules/users/new-user.ts`). Silent: a failure changes nothing the
 * customer sees; they stay new until their first top-up, and the guide does not open by itself
 * again in this browser anyway.
 */
export const reportGuideDone = () =>
  api.request<NewUserGuideDone>({ method: 'POST', path: '/user/guide/done', silent: true });

/**
 * Called when the guide closes, however it closes: a new, registered customer with a bound
 * contact (writes of others are refused, SPEC §5) is new no more, on the server and in this
 * session's user info. The survey window's flag is left as the server last said: it stays shut
 * on the day a customer stops being new.
 */
export const endNewUserTime = async (): Promise<void> => {
  const user = userStore.get();
  if (!user?.is_new_user || isTouristSession(user) || (!user.email && !user.phone)) return;
  try {
    const done = await reportGuideDone();
    const current = userStore.get();
    if (current?.uid === user.uid) setUserInfo({ ...current, is_new_user: done.is_new_user });
  } catch (error) {
    console.warn('[new-user-guide] the end of the guide could not be recorded', error);
  }
};
