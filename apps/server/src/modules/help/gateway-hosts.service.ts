import { AppError, type GatewayHostAnswer } from '@ptc/contracts';
import { type Database, eq, gatewayHostPreferences } from '@ptc/db';
import type { Config } from '../../config';

/** The hosts the operator lists (the default first) and the gateway's port. */
type GatewayConfig = Pick<Config['gateway'], 'publicHosts' | 'port'>;

/** The customer's stored host, or null (no choice, or one the operator no longer lists). */
export const preferredGatewayHost = async (
  db: Database,
  gateway: GatewayConfig,
  userId: bigint,
): Promise<string | null> => {
  const [row] = await db
    .select({ host: gatewayHostPreferences.host })
    .from(gatewayHostPreferences)
    .where(eq(gatewayHostPreferences.userId, userId));
  return row && gateway.publicHosts.includes(row.host) ? row.host : null;
};

const answer = (gateway: GatewayConfig, chosen: string | null): GatewayHostAnswer => {
  const defaultHost = gateway.publicHosts[0] ?? 'localhost';
  return {
    host: chosen ?? defaultHost,
    default_host: defaultHost,
    chosen: chosen !== null,
    hosts: [...gateway.publicHosts],
    port: gateway.port,
  };
};

/** `GET /proxy/proxy/host`. */
export const getGatewayHost = async (db: Database, gateway: GatewayConfig, userId: bigint) =>
  answer(gateway, await preferredGatewayHost(db, gateway, userId));

/**
 * `PUT /proxy/proxy/host`: stores one of the listed hosts as the customer's choice (host names
 * compare without regard to case). Any other host is refused with 1002 naming the field.
 */
export const setGatewayHost = async (db: Database, gateway: GatewayConfig, userId: bigint, host: string) => {
  const listed = gateway.publicHosts.find((entry) => entry.toLowerCase() === host.toLowerCase());
  if (!listed) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: host must be one of ${gateway.publicHosts.join(', ')}`,
      data: { field: 'host', hosts: gateway.publicHosts },
    });
  }
  await db
    .insert(gatewayHostPreferences)
    .values({ userId, host: listed })
    .onConflictDoUpdate({
      target: gatewayHostPreferences.userId,
      set: { host: listed, updatedAt: new Date() },
    });
  return answer(gateway, listed);
};
