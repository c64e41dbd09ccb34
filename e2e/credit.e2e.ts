import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { BYTES_PER_GB, DYNAMIC_TRAFFIC_PRICE_PER_GB } from '@ptc/contracts';
import { creditGrants, type DatabaseHandle, eq, openDatabase, proxies, users } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DownloadResult, downloadThrough } from '../apps/gateway/src/testing/downloads';
import { startHttpTarget, type TestTarget } from '../apps/gateway/src/testing/targets';
import { billUsage } from '../apps/server/src/modules/billing/usage-billing.service';
import { readBalanceAndSum } from '../apps/server/src/modules/wallet/ledger.repository';
import { fundedUser } from '../apps/server/src/test/factories';
import { freePort, spawnServer, waitForExit } from './support/server';

const MIB = 1_048_576;
const PRICE = DYNAMIC_TRAFFIC_PRICE_PER_GB[1];
/** What one open connection may carry past its owner's credit (README: "Credit control"). */
const BOUND_PER_CONNECTION = 256 * 1024;
/** Far more than the customer can pay for: only a cut ends these downloads early. */
const HUGE = 1024 * MIB;
/** The hold TTL the gateways run with here (the configuration's minimum). */
const TTL_SECONDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once something accepts TCP connections on the port. */
const listening = async (port: number, output: () => string) => {
  for (let tries = 0; tries < 200; tries += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`the gateway never listened on ${port}:\n${output()}`);
};

describe.runIf(process.env.TEST_DATABASE_URL)(
  'credit control of the built gateway: several processes on one PostgreSQL',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `ptc_e2e_credit_${process.pid}`;
    let admin: pg.Client;
    let handle: DatabaseHandle;
    let databaseUrl: string;
    let target: TestTarget;
    const gateways: ReturnType<typeof spawnServer>[] = [];

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      handle = await openDatabase({ databaseUrl });
      await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
      target = await startHttpTarget();
    });
    afterAll(async () => {
      for (const gateway of gateways) gateway.child.kill('SIGKILL');
      await target?.close();
      await handle?.close();
      await admin?.query(`drop database if exists "${name}" with (force)`);
      await admin?.end();
    });

    /** `npm run gateway` as built: one process (no workers) on the shared database. */
    const startGatewayProcess = async () => {
      const port = await freePort();
      const gateway = spawnServer(
        {
          DATABASE_URL: databaseUrl,
          GATEWAY_PORT: String(port),
          GATEWAY_WORKERS: '1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
          GATEWAY_CREDIT_TTL_SECONDS: String(TTL_SECONDS),
        },
        'gateway.js',
      );
      gateways.push(gateway);
      await listening(port, gateway.output);
      return { ...gateway, port };
    };

    const holdsOf = (userId: bigint) =>
      handle.db.select().from(creditGrants).where(eq(creditGrants.userId, userId));
    const userRow = async (userId: bigint) => {
      const [row] = await handle.db
        .select({ balance: users.balance, held: users.held })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new Error(`no user ${userId}`);
      return row;
    };
    const proxyRow = async (proxyId: bigint) => {
      const [row] = await handle.db.select().from(proxies).where(eq(proxies.id, proxyId));
      if (!row) throw new Error(`no proxy ${proxyId}`);
      return row;
    };
    /** Waits until no gateway holds credit for the user any more (given back, or lapsed). */
    const holdsGone = async (userId: bigint, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if ((await holdsOf(userId)).length === 0) return Date.now();
        await sleep(100);
      }
      throw new Error(`credit of user ${userId} is still held after ${timeoutMs} ms`);
    };

    it('two gateways carry no more than the credit buys plus the bound summed over both', async () => {
      const [first, second] = [await startGatewayProcess(), await startGatewayProcess()];
      const affordable = 4 * MIB;
      const funds = (BigInt(affordable) * PRICE) / BYTES_PER_GB;
      const user = await fundedUser(handle.db, funds);
      const proxy = await createProxy(handle.db, user.id, { country: 'US', line: 1 });

      // Rounds of 4 downloads through each gateway at once, until both refuse the customer.
      const carried: DownloadResult[] = [];
      const refusedBy = new Set<number>();
      for (let round = 0; round < 20 && refusedBy.size < 2; round += 1) {
        const answers = await Promise.all(
          [first.port, second.port].flatMap((port) =>
            Array.from({ length: 4 }, async () => ({
              port,
              answer: await downloadThrough(port, proxy, target.port, `/bytes/${HUGE}`, 'connect'),
            })),
          ),
        );
        for (const { port, answer } of answers) {
          if (answer.refusal) {
            expect(answer.refusal).toEqual({ status: 403, code: '3002' });
            refusedBy.add(port);
          } else {
            carried.push(answer);
            expect(answer.closedAt - answer.lastByteAt, 'cut within 1 s').toBeLessThan(1_000);
          }
        }
      }
      expect(refusedBy.size, 'both gateways refuse the customer in the end').toBe(2);

      // Idle, both give back what they held; what they metered is settled as billing does.
      await holdsGone(user.id, 20_000);
      await billUsage(handle);
      const row = await proxyRow(proxy.id);
      const metered = Number(row.bytesUp + row.bytesDown);
      const delivered = carried.reduce((sum, answer) => sum + answer.bytes, 0);
      expect(delivered).toBeGreaterThan(affordable / 2);
      expect(metered).toBeGreaterThanOrEqual(delivered);
      expect(metered).toBeLessThanOrEqual(affordable + BOUND_PER_CONNECTION * carried.length);
      const money = await readBalanceAndSum(handle.db, user.id);
      expect(money?.balance).toBeGreaterThanOrEqual(0n);
      expect(money?.balance).toBe(money?.sum);
      // What the balance could not pay (the overrun) stays owed, held against the next top-up.
      expect((await userRow(user.id)).held).toBe(row.accruedCost);
      expect(row.costTotal + row.accruedCost).toBe((row.billedBytes * PRICE) / BYTES_PER_GB);
    });

    it('kill -9 of a gateway holding credit: after the TTL the owner has lost only what was metered', async () => {
      const [doomed, survivor] = [await startGatewayProcess(), await startGatewayProcess()];
      const funds = 1_000_000n; // 1 PTC: about 200 MiB
      const user = await fundedUser(handle.db, funds);
      const proxy = await createProxy(handle.db, user.id, { country: 'US', line: 1 });

      // A download the doomed gateway is carrying (at 4 MB/s, so that the 1 PTC lasts): it holds a
      // grant and has flushed some usage.
      const download = spawn(
        'curl',
        [
          '-s',
          '-o',
          '/dev/null',
          '--limit-rate',
          '4M',
          '--max-time',
          '30',
          '-p',
          '-x',
          `http://${proxy.username}:${proxy.password}@127.0.0.1:${doomed.port}`,
          `http://127.0.0.1:${target.port}/bytes/${HUGE}`,
        ],
        { stdio: 'ignore' },
      );
      const downloadEnded = new Promise((resolve) => download.once('exit', resolve));
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const row = await proxyRow(proxy.id);
        if ((await holdsOf(user.id)).length > 0 && row.bytesDown > 0n) break;
        await sleep(100);
      }
      expect((await holdsOf(user.id)).length).toBe(1);
      expect((await userRow(user.id)).held).toBeGreaterThan(0n);
      doomed.child.kill('SIGKILL');
      await waitForExit(doomed.child, doomed.output);
      await downloadEnded;

      // Nobody renews its hold any more: it lapses after the TTL and the survivor releases it.
      const killedAt = Date.now();
      const releasedAt = await holdsGone(user.id, (TTL_SECONDS + 10) * 1_000);
      expect(releasedAt - killedAt).toBeLessThan((TTL_SECONDS + 5) * 1_000);

      // The owner pays for what was metered and flushed, nothing more is held.
      const row = await proxyRow(proxy.id);
      const metered = row.bytesUp + row.bytesDown;
      expect(metered).toBeGreaterThan(0n);
      const cost = (metered * PRICE) / BYTES_PER_GB;
      const before = await userRow(user.id);
      expect(before).toEqual({ balance: funds, held: row.accruedCost });
      expect(row.accruedCost).toBe(cost);
      await billUsage(handle);
      expect(await userRow(user.id)).toEqual({ balance: funds - cost, held: 0n });
      expect(await readBalanceAndSum(handle.db, user.id)).toEqual({
        balance: funds - cost,
        sum: funds - cost,
      });

      // The survivor carries the customer's traffic on what is left.
      const after = await downloadThrough(survivor.port, proxy, target.port, '/bytes/1024', 'connect');
      expect(after.refusal).toBeNull();
      expect(after.bytes).toBeGreaterThan(1024);
    });
  },
);
