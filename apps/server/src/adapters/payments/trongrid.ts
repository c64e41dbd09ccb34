import { z } from 'zod';
import type { Config } from '../../config';
import type { UsdtTransfer, UsdtWatcher } from './payment-provider';

type UsdtConfig = NonNullable<Config['payments']['usdt']>;

/** Tether USD (USDT) on TRON mainnet. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const USDT_DECIMALS = 6;
const PAGE_LIMIT = 200;
// 200 × 50 transfers in one poll is far beyond any real top-up traffic: stop instead of looping.
const MAX_PAGES = 50;
const LOOKUP_CONCURRENCY = 4;
const TIMEOUT_MS = 15_000;

const transferSchema = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({ address: z.string(), decimals: z.number() }),
  block_timestamp: z.number(),
  to: z.string(),
  type: z.string(),
  value: z.string().regex(/^\d{1,40}$/),
});

const pageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.object({ fingerprint: z.string().optional() }).optional(),
});

const transactionInfoSchema = z.object({
  blockNumber: z.number().int().optional(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
});

const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int() }) }),
});

type Transfer = z.infer<typeof transferSchema>;

/**
 * Incoming USDT (TRC20) through TronGrid: transfers from the account's TRC20 history, each
 * confirmed by its block (`/wallet/gettransactioninfobyid`) against the chain head
 * (`/wallet/getnowblock`).
 */
export const createTrongridWatcher = (config: UsdtConfig): UsdtWatcher => {
  const base = config.trongridUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(config.apiKey ? { 'TRON-PRO-API-KEY': config.apiKey } : {}),
  };

  const call = async (path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new Error(`TronGrid could not be reached: ${errorName(error)}`, { cause: error });
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`TronGrid ${path.split('?')[0]} answered HTTP ${response.status}`);
    }
    return response.json();
  };

  const listTransfers = async (address: string, since: Date): Promise<Transfer[]> => {
    const query = new URLSearchParams({
      only_to: 'true',
      contract_address: USDT_TRC20_CONTRACT,
      min_timestamp: String(since.getTime()),
      limit: String(PAGE_LIMIT),
    });
    const path = `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20`;
    const found = new Map<string, Transfer>();
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const parsed = pageSchema.safeParse(await call(`${path}?${query}`));
      if (!parsed.success) throw new Error('TronGrid answered an unexpected TRC20 history');
      for (const item of parsed.data.data) {
        const transfer = transferSchema.safeParse(item);
        if (transfer.success && isIncomingUsdt(transfer.data, address)) {
          found.set(transfer.data.transaction_id.toLowerCase(), transfer.data);
        }
      }
      const fingerprint = parsed.data.meta?.fingerprint;
      if (!fingerprint || parsed.data.data.length === 0) return [...found.values()];
      // The next page is asked with the same filters, as TronGrid requires.
      query.set('fingerprint', fingerprint);
    }
    throw new Error(`TronGrid listed more than ${MAX_PAGES} pages of transfers`);
  };

  /** The block holding the transaction, null while it is in none, 'failed' when it reverted. */
  const blockOf = async (txid: string): Promise<number | null | 'failed'> => {
    const parsed = transactionInfoSchema.safeParse(
      await call('/wallet/gettransactioninfobyid', { method: 'POST', body: { value: txid } }),
    );
    if (!parsed.success) throw new Error('TronGrid answered an unexpected transaction info');
    const info = parsed.data;
    if (info.result === 'FAILED' || (info.receipt?.result && info.receipt.result !== 'SUCCESS'))
      return 'failed';
    return info.blockNumber ?? null;
  };

  const headBlock = async (): Promise<number> => {
    const parsed = nowBlockSchema.safeParse(await call('/wallet/getnowblock'));
    if (!parsed.success) throw new Error('TronGrid answered an unexpected current block');
    return parsed.data.block_header.raw_data.number;
  };

  return {
    listIncoming: async (address, since) => {
      const transfers = await listTransfers(address, since);
      if (transfers.length === 0) return [];
      const blocks = await mapLimited(transfers, LOOKUP_CONCURRENCY, (transfer) =>
        blockOf(transfer.transaction_id),
      );
      // Read after the lookups, so that no transaction is newer than the head.
      const head = await headBlock();
      return transfers.flatMap((transfer, index): UsdtTransfer[] => {
        const block = blocks[index];
        if (block === 'failed' || block === undefined) return [];
        return [
          {
            txid: transfer.transaction_id.toLowerCase(),
            // USDT has 6 decimals: the integer `value` is already micro-USDT.
            amount: BigInt(transfer.value),
            to: transfer.to,
            confirmations: block === null ? 0 : Math.max(0, head - block),
            at: new Date(transfer.block_timestamp),
          },
        ];
      });
    },
  };
};

const isIncomingUsdt = (transfer: Transfer, address: string): boolean =>
  transfer.type === 'Transfer' &&
  transfer.to === address &&
  transfer.token_info.address === USDT_TRC20_CONTRACT &&
  transfer.token_info.decimals === USDT_DECIMALS &&
  BigInt(transfer.value) > 0n;

const mapLimited = async <T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(map))));
  }
  return results;
};

const errorName = (error: unknown): string => {
  if (!(error instanceof Error)) return 'unknown error';
  if (error.name === 'TimeoutError') return 'timed out';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.name;
};
