import { randomBytes } from 'node:crypto';
import {
  AppError,
  QUICK_ACCESS_MAX,
  type QuickAccessEntry,
  type QuickAccessList,
  type quickAccessListQuerySchema,
  type quickAccessRequestSchema,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import type { UserRow } from '../auth/auth.repository';
import { getOwnProxy } from '../proxies/list/actions.service';
import { gatewayFor, type ProxiesDeps } from '../proxies/proxies.deps';
import { presentEntries } from './quick-access.presenter';
import {
  countEntries,
  deleteEntry,
  findEntry,
  insertEntry,
  listEntries,
  lockUserForQuickAccess,
  updateEntry,
} from './quick-access.repository';

type EntryInput = z.output<typeof quickAccessRequestSchema>;

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

const notFound = () => new AppError('ERR_NOT_FOUND', { message: 'No such quick-access entry' });

/** A new public id of an entry: opaque. */
const newEntryPublicId = () => `qa_${randomBytes(12).toString('base64url')}`;

/** The stored remark: none when blank. */
const remarkOf = (input: EntryInput) => (input.remark ? input.remark : null);

const presentOne = async (deps: ProxiesDeps, user: UserRow, entryId: bigint): Promise<QuickAccessEntry> => {
  const record = await findEntry(deps.db, user.id, entryId);
  const [entry] = record ? await presentEntries([record], await gatewayFor(deps, user.id)) : [];
  if (!entry) throw notFound();
  return entry;
};

/**
 * `POST /proxy/quick_access`: a new entry through one of the customer's own live proxies (another
 * customer's or a missing proxy is 4005, as on every proxy call). At most {@link QUICK_ACCESS_MAX}
 * entries: the owner's row is locked while counting, so concurrent additions cannot pass it.
 */
export const createEntry = async (deps: ProxiesDeps, user: UserRow, input: EntryInput) => {
  const proxy = await getOwnProxy(deps, user, input.proxy_id);
  const row = await inTransaction(deps.db, async (tx) => {
    await lockUserForQuickAccess(tx, user.id);
    if ((await countEntries(tx, user.id)) >= QUICK_ACCESS_MAX) {
      throw new AppError('ERR_ARGUMENT_TYPE', {
        message: `At most ${QUICK_ACCESS_MAX} quick-access entries; delete one first`,
        data: { fields: [{ field: 'url', reason: 'limit' }] },
      });
    }
    return insertEntry(tx, {
      publicId: newEntryPublicId(),
      userId: user.id,
      proxyId: proxy.id,
      url: input.url,
      remark: remarkOf(input),
    });
  });
  return presentOne(deps, user, row.id);
};

/** `PUT /proxy/quick_access/{id}`: replaces an entry's URL, remark and proxy; 404 for another customer's. */
export const replaceEntry = async (deps: ProxiesDeps, user: UserRow, publicId: string, input: EntryInput) => {
  const proxy = await getOwnProxy(deps, user, input.proxy_id);
  const row = await updateEntry(deps.db, user.id, publicId, {
    url: input.url,
    remark: remarkOf(input),
    proxyId: proxy.id,
  });
  if (!row) throw notFound();
  return presentOne(deps, user, row.id);
};

/** `DELETE /proxy/quick_access/{id}`; 404 for another customer's or a missing entry. */
export const removeEntry = async (deps: ProxiesDeps, user: UserRow, publicId: string) => {
  if (!(await deleteEntry(deps.db, user.id, publicId))) throw notFound();
  return { done: true as const };
};

/** `GET /proxy/quick_access`: one page of the entries, newest first, with their proxies' state. */
export const listQuickAccess = async (
  deps: ProxiesDeps,
  user: UserRow,
  query: z.output<typeof quickAccessListQuerySchema>,
): Promise<QuickAccessList> => {
  const [records, total] = await Promise.all([
    listEntries(deps.db, user.id, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    countEntries(deps.db, user.id),
  ]);
  return {
    list: await presentEntries(records, await gatewayFor(deps, user.id)),
    total,
    page: query.page,
    page_size: query.page_size,
    limit: QUICK_ACCESS_MAX,
  };
};

/** Every entry of the customer (the extension's popup), newest first. */
export const allQuickAccess = async (deps: ProxiesDeps, user: UserRow) => ({
  list: await presentEntries(
    await listEntries(deps.db, user.id, { limit: QUICK_ACCESS_MAX, offset: 0 }),
    await gatewayFor(deps, user.id),
  ),
});
