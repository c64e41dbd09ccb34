import { formatPtc, isTrafficFamily, type Micro, type ProxyRow, routeOfLine } from '@ptc/contracts';
import { cityNameOf, loadPlaceCatalogue } from '../areas/place-names';
import { DAY_MS, effectiveStatus, type ProxyEntity } from './proxy-entity';

/** A proxy with what the list shows of its leased exit (joined once, never per row). */
export type ProxyRecord = ProxyEntity & { exitIp: string | null; exitLabel: string | null };

/** Where customers connect: the gateway's public host and port. */
export interface GatewayAddress {
  host: string;
  port: number;
}

/** A PTC amount exactly, with at least two decimals ("0.15", "7.99", "0.004883"). */
export const presentPtc = (micro: Micro): string => {
  const exact = formatPtc(micro, 6);
  return exact.replace(/(\.\d\d\d*?)0+$/, '$1');
};

/** Whole days left, rounded up; null without an expiry. */
const remainingDays = (expiresAt: Date | null, now: Date) =>
  expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));

/** The proxy as the list, generation and actions answer it (SPEC §3 Proxy); see {@link presentProxies}. */
const presentProxy = (proxy: ProxyRecord, gateway: GatewayAddress, now: Date): ProxyRow => {
  const [generate, proxyType] = proxy.family.split('-') as ['dynamic' | 'static', 'traffic' | 'ip'];
  const isTraffic = isTrafficFamily(proxy.family);
  return {
    id: proxy.publicId,
    address: gateway.host,
    port: gateway.port,
    ip: proxy.exitIp,
    username: proxy.username,
    password: proxy.password,
    session: proxy.session,
    type: generate === 'static' ? (proxy.exitType ?? 'residential') : 'rotating',
    generate_type: proxy.generateType,
    generate,
    proxy_type: proxyType,
    area: {
      precision: proxy.precision,
      country: proxy.country,
      state: proxy.state,
      city: proxy.city,
      label: proxy.exitLabel,
      city_name:
        proxy.exitLabel === null && proxy.country && proxy.city
          ? (cityNameOf(proxy.country, proxy.state, proxy.city) ?? null)
          : null,
    },
    line: proxy.line,
    // The universal generator names no line and is billed as line 1, a premier route.
    route: proxy.family === 'dynamic-traffic' ? routeOfLine(proxy.line ?? 1) : null,
    protocol: proxy.protocol,
    status: effectiveStatus(proxy, now),
    switch: proxy.switch,
    remark: proxy.remark,
    create_time: proxy.createdAt.toISOString(),
    purchase_time: proxy.purchasedAt.toISOString(),
    expire_time: proxy.expiresAt?.toISOString() ?? null,
    remaining_days: remainingDays(proxy.expiresAt, now),
    traffic_used: (proxy.bytesUp + proxy.bytesDown).toString(),
    traffic_cost: presentPtc(isTraffic ? proxy.costTotal : 0n),
    ip_used: isTraffic ? 0 : 1,
    ip_cost: presentPtc(isTraffic ? 0n : proxy.costTotal),
    auto_renew: proxy.autoRenew,
    renew_days: proxy.family === 'static-ip' ? (proxy.renewDays === 1 ? 1 : 30) : null,
    rotation: proxy.rotation,
    deleted: proxy.deletedAt !== null,
  };
};

/** The proxy URL a client (or a QR code scanner) imports. */
export const proxyUrl = (
  proxy: Pick<ProxyEntity, 'protocol' | 'username' | 'password'>,
  gateway: GatewayAddress,
) =>
  `${proxy.protocol === 'socks5' ? 'socks5' : 'http'}://${proxy.username}:${proxy.password}@${gateway.host}:${gateway.port}`;

/**
 * The proxies as the list, generation, actions and export answer them. Proxies without an exit
 * label (rotating ones) name their city from the place catalogue, loaded first when one needs it.
 */
export const presentProxies = async (
  records: readonly ProxyRecord[],
  gateway: GatewayAddress,
  now: Date,
): Promise<ProxyRow[]> => {
  if (records.some((record) => record.exitLabel === null && record.city)) await loadPlaceCatalogue();
  return records.map((record) => presentProxy(record, gateway, now));
};
