import { randomBytes } from 'node:crypto';
import { PROXY_RULES } from '@ptc/contracts';
import { type DatabaseHandle, isUniqueViolation } from '@ptc/db';
import { announceProxyChanges } from '../proxies/proxy-changes';
import {
  type DueRotation,
  hasHealthyExitFor,
  listDueRotations,
  listFreeStaticExits,
  moveLease,
  rotateSession,
  stopRotation,
  touchRotation,
} from './rotation.repository';

/** How often a proxy with rotation on gets a new exit: the upper bound of SPEC §9's 3–5 minutes. */
export const ROTATION_PERIOD_MS = PROXY_RULES.DYNAMIC_TRAFFIC_ROTATION_MS.max;

/** Exits tried when another job leases the first choice meanwhile. */
const LEASE_CANDIDATES = 5;

const ROTATION_COUNTRIES: readonly string[] = PROXY_RULES.ROTATION_COUNTRIES;

type Outcome = 'rotated' | 'kept' | 'stopped' | 'invalid';

/** Leases another free static exit in the proxy's country; false when none could be taken. */
const moveToFreeExit = async (handle: DatabaseHandle, proxy: DueRotation & { exitId: bigint }, now: Date) => {
  for (const candidate of await listFreeStaticExits(handle.db, proxy, LEASE_CANDIDATES)) {
    try {
      return await moveLease(handle.db, proxy.id, proxy.exitId, candidate.id, now);
    } catch (error) {
      // Leased by someone else since we listed it: try the next one.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return false;
};

const rotate = async (handle: DatabaseHandle, proxy: DueRotation, now: Date): Promise<Outcome> => {
  if (!proxy.country || !ROTATION_COUNTRIES.includes(proxy.country)) {
    await stopRotation(handle.db, proxy.id, { invalid: false });
    return 'stopped';
  }
  // Insufficient balance: rotation stops (the billing job stops the charging).
  if (!proxy.hasFunds) {
    await stopRotation(handle.db, proxy.id, { invalid: false });
    return 'stopped';
  }
  if (proxy.exitId !== null) {
    const leased = { ...proxy, exitId: proxy.exitId };
    if (await moveToFreeExit(handle, leased, now)) return 'rotated';
    if (proxy.isExitHealthy) {
      await touchRotation(handle.db, proxy.id, now);
      return 'kept';
    }
    await stopRotation(handle.db, proxy.id, { invalid: true });
    return 'invalid';
  }
  if (!(await hasHealthyExitFor(handle.db, proxy))) {
    await stopRotation(handle.db, proxy.id, { invalid: true });
    return 'invalid';
  }
  await rotateSession(handle.db, proxy.id, randomBytes(4).toString('hex'), now);
  return 'rotated';
};

/**
 * The automatic rotation job (SPEC §4): every period, a static-traffic proxy with rotation on moves
 * its lease to another free healthy static exit of its country (the same city or state first), and
 * a proxy without a lease gets a new session so the gateway picks another exit. An unhealthy exit
 * is replaced at once; with none left the proxy becomes invalid (2) and rotation stops. Rotation
 * stops too outside the rotation countries (US, TW) and when the user has no funds. Gateways are
 * told of every change.
 */
export const rotateProxies = async (handle: DatabaseHandle, now = new Date()) => {
  const due = await listDueRotations(handle.db, now, ROTATION_PERIOD_MS);
  const changed: bigint[] = [];
  for (const proxy of due) {
    const outcome = await rotate(handle, proxy, now);
    if (outcome !== 'kept') changed.push(proxy.id);
  }
  await announceProxyChanges(handle, changed);
  return changed.length;
};
