import { isAppError, type StatisticsLogRequest } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { RequestContext } from '../../plugins/request-context';
import { authenticate } from '../auth/auth.service';
import { insertClientEvent } from './statistics.repository';

/** Records a console event, attributed to the signed-in user when the token is live. */
export const logClientEvent = async (db: Database, context: RequestContext, input: StatisticsLogRequest) => {
  const userId = context.token
    ? await authenticate(db, context.token).then((user) => user.id, anonymous)
    : null;
  return insertClientEvent(db, {
    userId,
    event: input.event,
    page: input.page ?? null,
    detail: input.data ?? null,
    lang: context.lang,
    tz: context.tz,
  });
};

// Analytics never fails a visitor for a stale token: the event is kept without a user.
const anonymous = (error: unknown): null => {
  if (isAppError(error)) return null;
  throw error;
};
