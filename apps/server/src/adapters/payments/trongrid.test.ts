import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, readBody, startLocalHttpServer } from '../../test/local-http-server';
import { transferLog } from '../../test/trongrid';
import { createTrongridWatcher, tronAddressHex, USDT_TRC20_CONTRACT } from './trongrid';

const OUR_ADDRESS = 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh';
const PAYER = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const USDC_CONTRACT = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const API_KEY = 'b7d2c1a0-0000-4000-8000-1234567890ab';
const SINCE = new Date('2025-01-01T00:00:00Z');

const txid = (n: number) => n.toString(16).padStart(64, 'a');

const usdtInfo = { symbol: 'USDT', address: USDT_TRC20_CONTRACT, decimals: 6, name: 'Tether USD' };

const transfer = (n: number, overrides: Record<string, unknown> = {}) => ({
  transaction_id: txid(n),
  token_info: usdtInfo,
  block_timestamp: SINCE.getTime() + n * 60_000,
  from: PAYER,
  to: OUR_ADDRESS,
  type: 'Transfer',
  value: '12500000',
  ...overrides,
});

// Two pages of history, newest first, as TronGrid pages them with `meta.fingerprint`.
const FIRST_PAGE = {
  data: [
    transfer(5, { value: '123456789012345678' }),
    transfer(4, { token_info: { symbol: 'USDC', address: USDC_CONTRACT, decimals: 6, name: 'USD Coin' } }),
    transfer(3, { type: 'Approval' }),
    transfer(2, { from: OUR_ADDRESS, to: PAYER }),
  ],
  success: true,
  meta: {
    at: 1735700000000,
    fingerprint: 'fp-page-2',
    links: { next: 'https://api.trongrid.io/v1/accounts/…/transactions/trc20?fingerprint=fp-page-2' },
    page_size: 4,
  },
};
const SECOND_PAGE = {
  data: [transfer(1), transfer(6), transfer(7)],
  success: true,
  meta: { at: 1735700000000, page_size: 3 },
};

const inBlock = (n: number, blockNumber: number, log: unknown[]) => ({
  id: txid(n),
  blockNumber,
  blockTimeStamp: 0,
  contract_address: tronAddressHex(USDT_TRC20_CONTRACT),
  receipt: { result: 'SUCCESS' },
  log,
});

// One transaction, two transfers to us (a batch payout): TronGrid lists it once per event.
const TWO_EVENTS_SINCE = Date.UTC(2029, 0, 1);
const TWO_EVENTS_PAGE = {
  data: [
    transfer(8, { value: '30000000', block_timestamp: TWO_EVENTS_SINCE }),
    transfer(8, { value: '12345678', block_timestamp: TWO_EVENTS_SINCE }),
  ],
  success: true,
  meta: { at: 1735700000000, page_size: 2 },
};

const TRANSACTION_INFO: Record<string, unknown> = {
  [txid(5)]: inBlock(5, 68_000_100, [transferLog(OUR_ADDRESS, 123_456_789_012_345_678n)]),
  [txid(1)]: inBlock(1, 68_000_118, [transferLog(OUR_ADDRESS, 12_500_000n)]),
  [txid(8)]: inBlock(8, 68_000_090, [
    transferLog(PAYER, 5_000_000n, USDT_TRC20_CONTRACT, OUR_ADDRESS),
    transferLog(OUR_ADDRESS, 30_000_000n),
    transferLog(OUR_ADDRESS, 7_000_000n, USDC_CONTRACT),
    transferLog(OUR_ADDRESS, 12_345_678n),
  ]),
  // Not yet in a block.
  [txid(6)]: {},
  // Reverted: a transfer that did not happen.
  [txid(7)]: { id: txid(7), blockNumber: 68_000_110, result: 'FAILED', receipt: { result: 'REVERT' } },
};

interface Captured {
  method: string | undefined;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  body: string;
}

describe('createTrongridWatcher against a local TronGrid', () => {
  let trongrid: LocalHttpServer;
  const captured: Captured[] = [];

  beforeAll(async () => {
    trongrid = await startLocalHttpServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      captured.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        apiKey: request.headers['tron-pro-api-key'] as string | undefined,
        body,
      });
      response.setHeader('content-type', 'application/json');
      if (url.pathname === `/v1/accounts/${OUR_ADDRESS}/transactions/trc20`) {
        const since = url.searchParams.get('min_timestamp');
        const quiet = since === String(Date.UTC(2030, 0, 1));
        const page = url.searchParams.get('fingerprint') === 'fp-page-2' ? SECOND_PAGE : FIRST_PAGE;
        if (since === String(TWO_EVENTS_SINCE)) response.end(JSON.stringify(TWO_EVENTS_PAGE));
        else response.end(JSON.stringify(quiet ? { data: [], success: true, meta: { page_size: 0 } } : page));
        return;
      }
      if (url.pathname === '/wallet/gettransactioninfobyid' && request.method === 'POST') {
        const { value } = JSON.parse(body) as { value: string };
        response.end(JSON.stringify(TRANSACTION_INFO[value] ?? {}));
        return;
      }
      if (url.pathname === '/wallet/getnowblock') {
        response.end(
          JSON.stringify({
            blockID: '00000000040d9a8c1d4f3b2a',
            block_header: { raw_data: { number: 68_000_120, timestamp: 1735700000000 } },
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
  afterAll(() => trongrid.close());
  beforeEach(() => {
    captured.length = 0;
  });

  const watcher = (apiKey?: string) =>
    createTrongridWatcher({
      address: OUR_ADDRESS,
      trongridUrl: trongrid.origin,
      apiKey,
      confirmations: 19,
    });

  it('lists incoming USDT across pages with amounts in micro-USDT and confirmations from the head', async () => {
    const transfers = await watcher(API_KEY).listIncoming(OUR_ADDRESS, SINCE);

    // Not the one in no block yet (it has no events until executed), nor the reverted one.
    expect(transfers).toEqual([
      {
        txid: txid(5),
        eventIndex: 0,
        amount: 123_456_789_012_345_678n,
        to: OUR_ADDRESS,
        confirmations: 20,
        at: new Date(SINCE.getTime() + 5 * 60_000),
      },
      {
        txid: txid(1),
        eventIndex: 0,
        amount: 12_500_000n,
        to: OUR_ADDRESS,
        confirmations: 2,
        at: new Date(SINCE.getTime() + 60_000),
      },
    ]);
  });

  it('lists every USDT transfer to us in a transaction of several events, each with its event index', async () => {
    const transfers = await watcher().listIncoming(OUR_ADDRESS, new Date(TWO_EVENTS_SINCE));

    const common = { txid: txid(8), to: OUR_ADDRESS, confirmations: 30, at: new Date(TWO_EVENTS_SINCE) };
    // Not event 0 (from us) nor event 2 (another token).
    expect(transfers).toEqual([
      { ...common, eventIndex: 1, amount: 30_000_000n },
      { ...common, eventIndex: 3, amount: 12_345_678n },
    ]);
    const lookups = captured.filter((request) => request.path === '/wallet/gettransactioninfobyid');
    expect(lookups).toHaveLength(1);
  });

  it('asks the TRC20 history for USDT sent to us since the given time, then the second page', async () => {
    await watcher(API_KEY).listIncoming(OUR_ADDRESS, SINCE);

    const history = captured.filter((request) => request.path.endsWith('/transactions/trc20'));
    const filters = {
      only_to: 'true',
      contract_address: USDT_TRC20_CONTRACT,
      min_timestamp: String(SINCE.getTime()),
      limit: '200',
    };
    expect(history.map((request) => request.query)).toEqual([
      filters,
      { ...filters, fingerprint: 'fp-page-2' },
    ]);
    expect(captured.every((request) => request.apiKey === API_KEY)).toBe(true);
    expect(
      captured
        .filter((request) => request.path === '/wallet/gettransactioninfobyid')
        .map((request) => JSON.parse(request.body).value),
    ).toEqual([txid(5), txid(1), txid(6), txid(7)]);
  });

  it('sends no API key header when none is configured', async () => {
    await watcher().listIncoming(OUR_ADDRESS, SINCE);

    expect(captured.length).toBeGreaterThan(0);
    expect(captured.every((request) => request.apiKey === undefined)).toBe(true);
  });

  it('answers nothing, without looking at blocks, when no transfer came', async () => {
    expect(await watcher().listIncoming(OUR_ADDRESS, new Date(Date.UTC(2030, 0, 1)))).toEqual([]);
    expect(captured.map((request) => request.path)).toEqual([
      `/v1/accounts/${OUR_ADDRESS}/transactions/trc20`,
    ]);
  });

  it('throws when TronGrid cannot answer', async () => {
    const failing = createTrongridWatcher({
      address: OUR_ADDRESS,
      trongridUrl: `${trongrid.origin}/missing`,
      apiKey: undefined,
      confirmations: 19,
    });

    await expect(failing.listIncoming(OUR_ADDRESS, SINCE)).rejects.toThrow(/HTTP 404/);
  });
});
