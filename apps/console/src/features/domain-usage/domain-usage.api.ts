import type {
  DomainUsage,
  DomainUsageRange,
  DomainUsageSetting,
  DomainUsageSettingBody,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** What the card asks for. */
export interface TopDomainsQuery {
  range: DomainUsageRange;
  sort: 'bytes' | 'requests';
  limit: number;
}

/** TanStack Query keys of per-domain usage. */
export const DOMAIN_USAGE_KEYS = {
  all: ['domain-usage'] as const,
  top: (proxyId: string | null, query: TopDomainsQuery) => ['domain-usage', proxyId, query] as const,
  setting: ['domain-usage', 'setting'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /api/proxy/domain_usage` (every proxy) or `GET /api/proxy/token/domain_usage/{token_id}`. Silent: the card says it failed. */
export const topDomains = (proxyId: string | null, query: TopDomainsQuery, signal?: AbortSignal) =>
  proxyId === null
    ? api.request<DomainUsage>({
        path: '/proxy/domain_usage',
        data: { ...query },
        silent: true,
        ...withSignal(signal),
      })
    : api.request<DomainUsage>({
        path: '/proxy/token/domain_usage/{token_id}',
        params: { token_id: proxyId },
        data: { ...query },
        silent: true,
        ...withSignal(signal),
      });

/** `GET /api/user/domain_usage`. */
export const domainUsageSetting = (signal?: AbortSignal) =>
  api.request<DomainUsageSetting>({ path: '/user/domain_usage', silent: true, ...withSignal(signal) });

/** `PUT /api/user/domain_usage`. */
export const saveDomainUsageSetting = (body: DomainUsageSettingBody) =>
  api.request<DomainUsageSetting>({ method: 'PUT', path: '/user/domain_usage', data: body });
