import { tronAddressHex, USDT_TRC20_CONTRACT } from '../adapters/payments/trongrid';
import { type LocalHttpServer, readBody, startLocalHttpServer } from './local-http-server';

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A payer's TRON address (valid checksum). */
export const TRON_PAYER = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

/** A TRC20 Transfer event as `gettransactioninfobyid` logs it: 20-byte hex addresses, 32-byte words. */
export const transferLog = (
  to: string,
  value: bigint,
  contract = USDT_TRC20_CONTRACT,
  from = TRON_PAYER,
) => ({
  address: tronAddressHex(contract),
  topics: [TRANSFER_TOPIC, tronAddressHex(from).padStart(64, '0'), tronAddressHex(to).padStart(64, '0')],
  data: value.toString(16).padStart(64, '0'),
});

/** A USDT transfer as the account's TRC20 history lists it (once per Transfer event). */
export const trc20Listed = (txid: string, to: string, value: bigint, at: Date) => ({
  transaction_id: txid,
  token_info: { symbol: 'USDT', address: USDT_TRC20_CONTRACT, decimals: 6, name: 'Tether USD' },
  block_timestamp: at.getTime(),
  from: TRON_PAYER,
  to,
  type: 'Transfer',
  value: String(value),
});

/** What a fake TronGrid answers; the test changes it between polls. */
export interface FakeChain {
  /** The TRC20 history of every account, one page. */
  listed: unknown[];
  /** `gettransactioninfobyid` by txid. */
  infos: Record<string, unknown>;
  head: number;
}

/** A transaction info in `block`, successful, with its event logs. */
export const executedIn = (block: number, log: unknown[]) => ({
  blockNumber: block,
  receipt: { result: 'SUCCESS' },
  log,
});

/** TronGrid on 127.0.0.1: the TRC20 history, transaction infos and the head block of `chain`. */
export const startFakeTrongrid = (chain: FakeChain): Promise<LocalHttpServer> =>
  startLocalHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    response.setHeader('content-type', 'application/json');
    if (/^\/v1\/accounts\/[^/]+\/transactions\/trc20$/.test(url.pathname)) {
      response.end(
        JSON.stringify({ data: chain.listed, success: true, meta: { page_size: chain.listed.length } }),
      );
      return;
    }
    if (url.pathname === '/wallet/gettransactioninfobyid') {
      const { value } = JSON.parse(body) as { value: string };
      response.end(JSON.stringify(chain.infos[value] ?? {}));
      return;
    }
    if (url.pathname === '/wallet/getnowblock') {
      response.end(JSON.stringify({ block_header: { raw_data: { number: chain.head } } }));
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  });
