import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { API_KEY_PREFIX, AppError } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { UserRow } from '../auth/auth.repository';
import { type ApiKeyVersion, hashApiKeySecret } from './api-key-secrets';
import { type ApiKeyRow, findLiveKeyBySecretHash, touchApiKey } from './api-keys.repository';

/** What a public API route asks of a key. */
export interface KeyDemand {
  /** `read` admits read-only and full keys; `write` full keys only. */
  access: 'read' | 'write';
  /** The key kind the route accepts. */
  version: ApiKeyVersion;
  /** The client's address (`request.ip`). */
  ip: string;
}

/** Longer than any secret we issue: refused before hashing. */
export const API_KEY_SECRET_MAX = 128;
// Writing last-used on every request would turn reads into writes; a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

const tokenError = (message?: string) => new AppError('ERR_API_TOKEN_ERROR', message ? { message } : {});

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) as `203.0.113.7`. */
const plainAddress = (ip: string) =>
  ip.toLowerCase().startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;

/** Whether `ip` is one of the addresses or inside one of the CIDR blocks of `allowList`. */
export const isAddressAllowed = (allowList: readonly string[], ip: string): boolean => {
  if (allowList.length === 0) return true;
  const address = plainAddress(ip);
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!type) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [network = '', prefix] = entry.split('/');
    const entryType = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, entryType);
    else list.addSubnet(network, Number(prefix), entryType);
  }
  return list.check(address, type);
};

/**
 * The live key behind `secret` and its owner, admitted for `demand`, or the refusal: 5001 for a
 * missing, unknown, revoked or other-version key; 403 for an address outside the key's
 * allow-list, a read-only key on a write, or a locked account; 610 for a tourist.
 */
export const authenticateApiKey = async (
  db: Database,
  secret: string | null,
  demand: KeyDemand,
  now = new Date(),
): Promise<{ key: ApiKeyRow; user: UserRow }> => {
  if (!secret) throw tokenError('API token error: send the key in X-API-Key or Authorization: Bearer');
  if (secret.length > API_KEY_SECRET_MAX) throw tokenError();
  const found = await findLiveKeyBySecretHash(db, hashApiKeySecret(secret));
  if (!found) throw tokenError();
  const { key, user } = found;
  if (key.version !== demand.version) {
    throw tokenError(
      `API token error: this route takes a ${demand.version.toUpperCase()} key (${API_KEY_PREFIX[demand.version]}…)`,
    );
  }
  if (!isAddressAllowed(key.allowList, demand.ip)) {
    throw new AppError('ERR_FORBIDDEN', {
      message: `This API key is not accepted from ${plainAddress(demand.ip)} (see its allow-list)`,
      data: { reason: 'address_not_allowed' },
    });
  }
  if (user.lockedAt) {
    throw new AppError('ERR_FORBIDDEN', {
      message: 'This account is locked: contact support',
      data: { reason: 'account_locked' },
    });
  }
  if (user.isTourist) throw new AppError('TOURIST_USER');
  if (demand.access === 'write') {
    if (key.scope === 'read') {
      throw new AppError('ERR_FORBIDDEN', {
        message: 'This API key is read-only: it cannot change or spend anything',
        data: { reason: 'read_only_key' },
      });
    }
    // The request guard of the console (SPEC §5): no writes before a contact is bound.
    if (!user.email && !user.phone) throw new AppError('ERR_FORBIDDEN');
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiKey(db, key.id, now, plainAddress(demand.ip));
  }
  return found;
};
