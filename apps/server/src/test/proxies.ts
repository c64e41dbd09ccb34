import { createServer } from 'node:net';
import { type Database, eq, ledgerEntries, proxies, sql, users } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import type { App } from '../app';
import { call } from './accounts';

/** Credits a user through the ledger, as a paid top-up would. */
export { credit as topUp } from './factories';

/** Forgets the user's last generation, so the next one is not refused as too frequent (4003). */
export const allowNextGeneration = async (db: Database, userId: bigint) => {
  await db.update(users).set({ lastGenerationAt: null }).where(eq(users.id, userId));
};

/** Posts a generation form (`path` below /proxy/proxy/) and answers the envelope. */
export const generate = (
  app: App,
  token: string,
  path: string,
  form: Record<string, string | number | boolean>,
) =>
  call(app, 'POST', `/proxy/proxy/${path}`, {
    token,
    form: Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)])),
  });

/** Generates after clearing the one-per-second limit; throws unless it succeeded. */
export const generateOk = async (
  app: App,
  db: Database,
  customer: { user: { id: bigint }; token: string },
  path: string,
  form: Record<string, string | number | boolean>,
) => {
  await allowNextGeneration(db, customer.user.id);
  const answer = await generate(app, customer.token, path, form);
  if (answer.code !== 0) throw new Error(`generation refused: ${answer.code} ${answer.msg}`);
  return answer.data as {
    // biome-ignore lint/suspicious/noExplicitAny: tests read the rows they assert on.
    data: any[];
    charged: string;
    balance: string;
  };
};

/** Static-inventory exits with addresses `<prefix>.1`, `<prefix>.2` … (residential, New York by default). */
export const createStaticExits = async (
  db: Database,
  count: number,
  overrides: Parameters<typeof createExit>[1] & { prefix?: string } = {},
) => {
  const { prefix = '203.0.113', ...exit } = overrides;
  const created = [];
  for (let index = 1; index <= count; index += 1) {
    created.push(
      await createExit(db, {
        isStatic: true,
        ip: `${prefix}.${index}`,
        label: 'New York, New York, United States',
        ...exit,
      }),
    );
  }
  return created;
};

/** A user's ledger entries, oldest first. */
export const ledgerOf = (db: Database, userId: bigint) =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);

/** A proxy row by its public id. */
export const proxyByPublicId = async (db: Database, publicId: string) => {
  const [row] = await db.select().from(proxies).where(eq(proxies.publicId, publicId));
  if (!row) throw new Error(`no proxy ${publicId}`);
  return row;
};

/** How many proxies a user has. */
export const countProxies = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proxies)
    .where(eq(proxies.userId, userId));
  return row?.n ?? 0;
};

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Configuration of a test app whose gateway listens on 127.0.0.1:`port` and may reach loopback targets. */
export const gatewayTestEnv = (port: number) => ({
  GATEWAY_HOST: '127.0.0.1',
  GATEWAY_PUBLIC_HOST: '127.0.0.1',
  GATEWAY_PORT: String(port),
  GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
});
