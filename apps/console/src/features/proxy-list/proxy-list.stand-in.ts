/**
 * A stand-in of the server's proxy list for the list's tests: it keeps the account's proxies,
 * reads each request with the contracts' schemas (1002 for what the server would refuse) and
 * answers what the server would — a page of the stored rows, and after a switch the stored row —
 * so a list that showed what it sent instead of what the server answered would fail.
 */
import { AppError, type ProxyRow, proxyListQuerySchema, type proxyListSchema } from '@ptc/contracts';
import type { ResponseOf } from '../../shared/api/contract-types';
import type { Handlers } from '../../shared/testing/harness';

/** The switch values of SPEC §4: 5 on, 6 off. */
const SWITCHES = new Set(['5', '6']);

const noSuchProxy = () => new AppError('ERR_NO_THIS_USER_TOKEN');

/** The proxies server behind the list, holding `rows` (copied: the test's rows stay as they were). */
export const createProxyListServer = (rows: readonly ProxyRow[]) => {
  const stored = new Map(rows.map((row) => [row.id, structuredClone(row)]));

  const getRow = (id: string) => {
    const row = stored.get(id);
    if (!row || row.deleted) throw noSuchProxy();
    return row;
  };

  const handlers: Handlers = {
    'GET /proxy/tokens/:generate/:proxy_type': ({ params, query }) => {
      const parsed = proxyListQuerySchema.safeParse(Object.fromEntries(query));
      if (!parsed.success) throw new AppError('ERR_ARGUMENT_TYPE', { message: parsed.error.message });
      const { page, page_size: pageSize, deleted } = parsed.data;
      const family = [...stored.values()].filter(
        (row) =>
          row.generate === params.generate && row.proxy_type === params.proxy_type && row.deleted === deleted,
      );
      const answer: ResponseOf<typeof proxyListSchema> = {
        data: family.slice((page - 1) * pageSize, page * pageSize),
        total: family.length,
        page,
        page_size: pageSize,
      };
      return { data: answer };
    },
    'PUT /proxy/token/status/:token_id': ({ params, query }) => {
      const value = query.get('switch') ?? '';
      if (!SWITCHES.has(value)) throw new AppError('ERR_ARGUMENT_TYPE', { message: 'switch is 5 or 6' });
      const row = getRow(params.token_id ?? '');
      row.switch = Number(value);
      return { data: row };
    },
  };

  return {
    handlers,
    /** The proxy as the server holds it now. */
    row: (id: string) => structuredClone(getRow(id)),
    /** A change made elsewhere (another tab, an operator, a job). */
    change: (id: string, change: Partial<ProxyRow>) => Object.assign(getRow(id), change),
  };
};
