import { AppError, isTrafficFamily, type proxyListQuerySchema } from '@ptc/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../auth/accounts.service';
import { isRenewable, renewStaticProxy } from '../lifecycle/renewal.service';
import { gatewayFor, type ProxiesDeps } from '../proxies.deps';
import { type ProxyRecord, presentProxies, presentPtc, proxyUrl } from '../proxies.presenter';
import { announceProxyChanges, setProxySwitch } from '../proxy-changes';
import { assertRotationCountry, familyOf, isExpired } from '../proxy-entity';
import { findOwnProxies, findOwnProxy, listProxies, softDeleteProxies, updateProxy } from './list.repository';

const noSuchProxy = () => new AppError('ERR_NO_THIS_USER_TOKEN');

/** One live proxy of the user; 4005 for a missing or someone else's id, alike. */
export const getOwnProxy = async (deps: ProxiesDeps, user: UserRow, publicId: string) => {
  const proxy = await findOwnProxy(deps.db, user.id, publicId);
  if (!proxy) throw noSuchProxy();
  return proxy;
};

/** Every selected proxy of the user, or 4005 when one of them is missing or someone else's. */
const getOwnProxies = async (deps: ProxiesDeps, user: UserRow, publicIds: readonly string[]) => {
  const unique = [...new Set(publicIds)];
  const found = await findOwnProxies(deps.db, user.id, unique);
  if (found.length !== unique.length) throw noSuchProxy();
  return found;
};

const present = async (deps: ProxiesDeps, proxy: ProxyRecord, now = new Date()) => {
  const [row] = await presentProxies([proxy], await gatewayFor(deps, proxy.userId), now);
  if (!row) throw new Error('a presented proxy is missing');
  return row;
};

/** Keeps the exit columns of a record across an update of its proxy row. */
const withExit = (record: ProxyRecord, proxy: Omit<ProxyRecord, 'exitIp' | 'exitLabel'>): ProxyRecord => ({
  ...proxy,
  exitIp: proxy.exitId === null ? null : record.exitIp,
  exitLabel: record.exitLabel,
});

/** `GET /proxy/tokens/{generate}/{proxy_type}`: one page of a family with every list filter. */
export const listFamily = async (
  deps: ProxiesDeps,
  user: UserRow,
  path: { generate: 'dynamic' | 'static'; proxy_type: 'traffic' | 'ip' },
  filters: z.output<typeof proxyListQuerySchema>,
  now = new Date(),
) => {
  const { rows, total } = await listProxies(
    deps.db,
    user.id,
    familyOf(path.generate, path.proxy_type),
    filters,
    now,
  );
  return {
    data: await presentProxies(rows, await gatewayFor(deps, user.id), now),
    total,
    page: filters.page,
    page_size: filters.page_size,
  };
};

/** `PUT /proxy/token/status/{token_id}`: switch on (5) or off (6); gateways cut an OFF proxy at once. */
export const switchProxy = async (deps: ProxiesDeps, user: UserRow, publicId: string, state: 5 | 6) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  await setProxySwitch(deps.database, [proxy.id], state === 5 ? 'on' : 'off', { userId: user.id });
  return present(deps, { ...proxy, switch: state });
};

/** `PUT /proxy/token/status/batch/{switch}`: all selected proxies, or none (4005). */
export const switchProxies = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicIds: readonly string[],
  state: 5 | 6,
) => {
  const found = await getOwnProxies(deps, user, publicIds);
  const changed = await setProxySwitch(
    deps.database,
    found.map((proxy) => proxy.id),
    state === 5 ? 'on' : 'off',
    { userId: user.id },
  );
  return { updated: changed.length };
};

/** `DELETE /proxy/token/{token_id}`: soft delete; a leased static address is free again. */
export const deleteProxy = async (deps: ProxiesDeps, user: UserRow, publicId: string, now = new Date()) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  await softDeleteProxies(deps.db, [proxy.id], now);
  await announceProxyChanges(deps.database, [proxy.id]);
  return { done: true as const };
};

/** `DELETE /proxy/tokens`: only when every selected proxy is expired (4015 otherwise, nothing changes). */
export const deleteExpiredProxies = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicIds: readonly string[],
  now = new Date(),
) => {
  const found = await getOwnProxies(deps, user, publicIds);
  if (found.some((proxy) => !isExpired(proxy, now))) throw new AppError('ERR_PROXY_NOT_IN_EXPIRED');
  const ids = found.map((proxy) => proxy.id);
  const deleted = await softDeleteProxies(deps.db, ids, now);
  await announceProxyChanges(deps.database, ids);
  return { deleted: deleted.length };
};

/** `PUT /proxy/token/renew/{token_id}`: one more rental cycle of a static IP proxy, same address. */
export const renewProxy = async (deps: ProxiesDeps, user: UserRow, publicId: string, now = new Date()) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  const renewal = await renewStaticProxy(deps.db, proxy.id, now);
  if (!renewal) throw new Error('a manual renewal is always due');
  await announceProxyChanges(deps.database, [proxy.id]);
  return {
    data: [await present(deps, withExit(proxy, renewal.proxy), now)],
    charged: presentPtc(renewal.charged),
    balance: presentPtc(renewal.balance),
  };
};

/** `POST /proxy/token/renew/{token_id}`: the auto-renew flag of a static IP proxy. */
export const setAutoRenew = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicId: string,
  autoRenew: boolean,
  now = new Date(),
) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  if (proxy.family !== 'static-ip') {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Only static IP proxies renew automatically' });
  }
  if (autoRenew && !isRenewable(proxy, now)) {
    throw new AppError('ERR_PROXY_TOKEN_EXPIRED', {
      message: 'This proxy has expired and its IP was released; it cannot be renewed',
    });
  }
  const updated = await updateProxy(deps.db, proxy.id, { autoRenew });
  return present(deps, withExit(proxy, updated), now);
};

/**
 * `PUT /proxy/token/rotation/{token_id}`: toggles automatic rotation (US and TW only) of a proxy
 * paid by traffic, whose rotations the traffic module's job carries out and bills as traffic.
 */
export const toggleRotation = async (deps: ProxiesDeps, user: UserRow, publicId: string) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  if (!isTrafficFamily(proxy.family)) {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Only proxies paid by traffic rotate automatically' });
  }
  const rotation = !proxy.rotation;
  if (rotation) assertRotationCountry(proxy.country);
  const updated = await updateProxy(deps.db, proxy.id, { rotation });
  return present(deps, withExit(proxy, updated));
};

/** The longest remark. */
export const REMARK_MAX_LENGTH = 200;

/** `PUT /proxy/token/remark/{token_id}`: an empty remark clears it. */
export const setRemark = async (deps: ProxiesDeps, user: UserRow, publicId: string, remark: string) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  const text = remark.trim();
  const updated = await updateProxy(deps.db, proxy.id, { remark: text === '' ? null : text });
  return present(deps, withExit(proxy, updated));
};

/** `GET /proxy/token/qr_code`: the proxy URL the console draws as a QR code. */
export const proxyQrCode = async (deps: ProxiesDeps, user: UserRow, publicId: string) => ({
  url: proxyUrl(await getOwnProxy(deps, user, publicId), await gatewayFor(deps, user.id)),
});
