import type {
  ConnectionToolList,
  FingerprintBrowserList,
  GatewayHostAnswer,
  MobileAppList,
  Prose,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the connection-help pages. */
export const CONNECTION_HELP_QUERY_KEYS = {
  tools: ['connection-help', 'tools'] as const,
  mobileApps: ['connection-help', 'mobile-apps'] as const,
  fingerprintBrowsers: ['connection-help', 'fingerprint-browsers'] as const,
  gatewayHost: ['connection-help', 'gateway-host'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /proxy/tools`: the connection tool's downloads. Silent: the page says it failed. */
export const getConnectionTools = (signal?: AbortSignal) =>
  api.request<ConnectionToolList>({ path: '/proxy/tools', silent: true, ...withSignal(signal) });

/** `GET /proxy/mobile_apps`. */
export const getMobileApps = (signal?: AbortSignal) =>
  api.request<MobileAppList>({ path: '/proxy/mobile_apps', silent: true, ...withSignal(signal) });

/** `GET /proxy/fingerprint_browsers`. */
export const getFingerprintBrowsers = (signal?: AbortSignal) =>
  api.request<FingerprintBrowserList>({
    path: '/proxy/fingerprint_browsers',
    silent: true,
    ...withSignal(signal),
  });

/** `GET /proxy/proxy/host`: the listed gateway hosts and the customer's choice. */
export const getGatewayHost = (signal?: AbortSignal) =>
  api.request<GatewayHostAnswer>({ path: '/proxy/proxy/host', silent: true, ...withSignal(signal) });

/** `PUT /proxy/proxy/host`. */
export const putGatewayHost = (host: string) =>
  api.request<GatewayHostAnswer>({ method: 'PUT', path: '/proxy/proxy/host', data: { host } });

/** The content's text in the console's language (English when the language is not one of them). */
export const proseIn = (prose: Prose, language: string): string =>
  (prose as Record<string, string>)[language] ?? prose['en-US'];
