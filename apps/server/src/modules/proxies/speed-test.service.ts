import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import type { Config } from '../../config';
import type { UserRow } from '../auth/auth.repository';
import { gatewayOf, type ProxiesDeps } from './proxies.deps';
import type { GatewayAddress } from './proxies.presenter';
import { getOwnProxy } from './proxy-actions.service';

const TIMEOUT_MS = 15_000;
// Enough to measure a speed; a larger answer is cut here (and measured up to here).
const MAX_BYTES = 8 * 1024 * 1024;

/** What the speed test fetches: `SPEEDTEST_URL`, else this server's own health check. */
export const speedTestTarget = (config: Config) => new URL(config.speedTestUrl);

interface Measured {
  latencyMs: number;
  totalMs: number;
  bytes: number;
}

type Credential = { username: string; password: string };

const basic = ({ username, password }: Credential) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** Reads a response to its end (or MAX_BYTES), timing the first byte and the last. */
const measure = (
  response: IncomingMessage,
  startedAt: number,
  settle: (result: Measured | Error) => void,
) => {
  const latencyMs = performance.now() - startedAt;
  if ((response.statusCode ?? 0) >= 400) {
    response.resume();
    settle(new Error(`the proxy answered HTTP ${response.statusCode}`));
    return;
  }
  let bytes = 0;
  const finish = () => settle({ latencyMs, totalMs: performance.now() - startedAt, bytes });
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes >= MAX_BYTES) {
      response.destroy();
      finish();
    }
  });
  response.on('end', finish);
  response.on('error', (error) => settle(error));
};

/**
 * GETs `target` through the gateway with the proxy's credential: as a forward proxy for http
 * targets, through CONNECT and TLS for https ones, as any client of the proxy would.
 */
const fetchThroughGateway = (gateway: GatewayAddress, credential: Credential, target: URL) =>
  new Promise<Measured>((resolve, reject) => {
    const startedAt = performance.now();
    let settled = false;
    const requests: { destroy(): void }[] = [];
    const settle = (result: Measured | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const request of requests) request.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => settle(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    const proxyAuthorization = basic(credential);
    if (target.protocol === 'http:') {
      const forward = httpRequest({
        host: gateway.host,
        port: gateway.port,
        method: 'GET',
        path: target.href,
        headers: { host: target.host, 'proxy-authorization': proxyAuthorization, connection: 'close' },
        agent: false,
      });
      requests.push(forward);
      forward.on('response', (response) => measure(response, startedAt, settle));
      forward.on('error', settle);
      forward.end();
      return;
    }
    const port = target.port || '443';
    const tunnel = httpRequest({
      host: gateway.host,
      port: gateway.port,
      method: 'CONNECT',
      path: `${target.hostname}:${port}`,
      headers: { host: `${target.hostname}:${port}`, 'proxy-authorization': proxyAuthorization },
      agent: false,
    });
    requests.push(tunnel);
    tunnel.on('error', settle);
    tunnel.on('connect', (answer, socket) => {
      if (answer.statusCode !== 200) {
        socket.destroy();
        settle(new Error(`the proxy answered HTTP ${answer.statusCode}`));
        return;
      }
      const get = httpsRequest({
        host: target.hostname,
        port,
        method: 'GET',
        path: `${target.pathname}${target.search}`,
        headers: { connection: 'close' },
        // No agent option: any agent (even `agent: false`) would dial the target itself, not the tunnel.
        createConnection: () => tlsConnect({ socket, servername: target.hostname }),
      });
      requests.push(get);
      get.on('response', (response) => measure(response, startedAt, settle));
      get.on('error', settle);
      get.end();
    });
    tunnel.end();
  });

const CERTIFICATE_ERRORS = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT/;

/** A failure in words a customer can act on (the raw OpenSSL text says nothing to them). */
const describeFailure = (error: unknown): string => {
  if (!(error instanceof Error)) return 'the test failed';
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return 'the gateway is not reachable';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the connection was reset';
  if (CERTIFICATE_ERRORS.test(code)) return "the target's TLS certificate was not accepted";
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) {
    return 'the TLS handshake with the target failed';
  }
  return (error.message.split('\n')[0] ?? '').slice(0, 200) || 'the test failed';
};

/**
 * `POST /proxy/test`: a real request through the gateway with the proxy's credentials, measuring
 * time to first byte, total time and speed. A failure is an answer (state `error`), not an error.
 */
export const runSpeedTest = async (deps: ProxiesDeps, user: UserRow, publicId: string) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  try {
    const { latencyMs, totalMs, bytes } = await fetchThroughGateway(
      gatewayOf(deps),
      proxy,
      speedTestTarget(deps.config),
    );
    const seconds = Math.max(totalMs, 1) / 1000;
    return {
      state: 'completed' as const,
      latency_ms: Math.round(latencyMs),
      total_ms: Math.round(totalMs),
      speed_kbps: Math.round((bytes / 1024 / seconds) * 10) / 10,
      error: null,
    };
  } catch (error) {
    return {
      state: 'error' as const,
      latency_ms: null,
      total_ms: null,
      speed_kbps: null,
      error: describeFailure(error),
    };
  }
};
