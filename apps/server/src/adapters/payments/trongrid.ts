import { createHash } from 'node:crypto';
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
/** keccak256("Transfer(address,address,uint256)"): topic 0 of every TRC20 Transfer event. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

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

const logSchema = z.object({
  address: z.string().regex(/^(41)?[0-9a-fA-F]{40}$/),
  topics: z.array(z.string()).default([]),
  data: z.string().default(''),
});

const transactionInfoSchema = z.object({
  blockNumber: z.number().int().optional(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  // The events the transaction emitted, in order: a log's position is its event index.
  log: z.array(z.unknown()).optional(),
});

const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int() }) }),
});

type Transfer = z.infer<typeof transferSchema>;

/** A transaction's state on chain: in no block yet, reverted, or in a block with its event logs. */
type TransactionState = 'pending' | 'failed' | { block: number; logs: unknown[] };

/**
 * The 20-byte hex of a base58check TRON address (`T…`), as event logs carry it; throws on a
 * malformed address or a wrong checksum.
 */
export const tronAddressHex = (address: string): string => {
  let value = 0n;
  for (const char of address) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`Not a TRON address: ${address}`);
    value = value * 58n + BigInt(digit);
  }
  const bytes = Buffer.from(value.toString(16).padStart(50, '0'), 'hex');
  const [payload, checksum] = [bytes.subarray(0, 21), bytes.subarray(21)];
  const digest = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  if (bytes.length !== 25 || payload[0] !== 0x41 || !digest.subarray(0, 4).equals(checksum))
    throw new Error(`Not a TRON address: ${address}`);
  return payload.subarray(1).toString('hex');
};

/**
 * The USDT Transfer events to `toHex` among a transaction's logs, each with its index in the logs
 * (a transaction can carry several: a batch payout, a contract splitting a payment).
 */
const usdtTransfersIn = (logs: unknown[], toHex: string): { eventIndex: number; amount: bigint }[] =>
  logs.flatMap((item, eventIndex) => {
    const log = logSchema.safeParse(item);
    if (!log.success) return [];
    const { address, topics, data } = log.data;
    const isOurs =
      address.toLowerCase().slice(-40) === USDT_CONTRACT_HEX &&
      topics[0]?.toLowerCase() === TRANSFER_TOPIC &&
      /^[0-9a-fA-F]{64}$/.test(topics[2] ?? '') &&
      topics[2]?.toLowerCase().slice(-40) === toHex &&
      /^[0-9a-fA-F]{1,64}$/.test(data);
    if (!isOurs) return [];
    const amount = BigInt(`0x${data}`);
    return amount > 0n ? [{ eventIndex, amount }] : [];
  });

const USDT_CONTRACT_HEX = tronAddressHex(USDT_TRC20_CONTRACT);

/**
 * Incoming USDT (TRC20) through TronGrid: the account's TRC20 history names the transactions;
 * each one's info (`/wallet/gettransactioninfobyid`) gives its block, confirmed against the chain
 * head (`/wallet/getnowblock`), and its event logs, where every USDT Transfer to us is one payment.
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
    // A transaction is listed once per transfer event: keep one entry per transaction.
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

  const stateOf = async (txid: string): Promise<TransactionState> => {
    const parsed = transactionInfoSchema.safeParse(
      await call('/wallet/gettransactioninfobyid', { method: 'POST', body: { value: txid } }),
    );
    if (!parsed.success) throw new Error('TronGrid answered an unexpected transaction info');
    const info = parsed.data;
    if (info.result === 'FAILED' || (info.receipt?.result && info.receipt.result !== 'SUCCESS'))
      return 'failed';
    return info.blockNumber === undefined ? 'pending' : { block: info.blockNumber, logs: info.log ?? [] };
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
      const toHex = tronAddressHex(address);
      const states = await mapLimited(transfers, LOOKUP_CONCURRENCY, (transfer) =>
        stateOf(transfer.transaction_id),
      );
      // Read after the lookups, so that no transaction is newer than the head.
      const head = await headBlock();
      return transfers.flatMap((transfer, index): UsdtTransfer[] => {
        const state = states[index];
        // Until its block executes it, a transaction has no events to count.
        if (state === undefined || typeof state === 'string') return [];
        // USDT has 6 decimals: an event's integer value is already micro-USDT.
        return usdtTransfersIn(state.logs, toHex).map(({ eventIndex, amount }) => ({
          txid: transfer.transaction_id.toLowerCase(),
          eventIndex,
          amount,
          to: address,
          confirmations: Math.max(0, head - state.block),
          at: new Date(transfer.block_timestamp),
        }));
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
