import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { findErrorByCode } from '@ptc/contracts';
import { openSocks5Tunnel, SOCKS_REPLY, Socks5ClientError } from '@ptc/gateway';
import type { Config } from '../../../config';
import type { UserRow } from '../../auth/accounts.service';
import { getOwnProxy } from '../list/actions.service';
import { gatewayOf, type ProxiesDeps } from '../proxies.deps';
import type { GatewayAddress } from '../proxies.presenter';

const TIMEOUT_MS = 15_000;
// Enough to measure a speed; a larger answer is cut here (and measured up to here).
const MAX_BYTES = 8 * 1024 * 1024;

/** What the speed test fetches: `SPEEDTEST_URL`, else this server's own health check. */
export const speedTestTarget = (config: Config) => new URL(config.speedTestUrl);

/** What a fetch through the gateway measured, and the start of the body when it was asked to keep it. */
export interface Measured {
  latencyMs: number;
  totalMs: number;
  bytes: number;
  body: Buffer;
}

type Credential = { username: string; password: string; protocol: 'http' | 'socks5' };

const basic = ({ username, password }: Credential) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * Why the gateway answered `status`: a refusal of the target by its policy (4009: private,
 * loopback or own addresses, disallowed ports) is the configured target's fault, not the proxy's.
 */
/**
 * A failure, whose it is (`speedTestSchema.failure`) and its SPEC §8 code (`proxyCheckSchema.code`):
 * the gateway's own `X-PTC-Error` code when it gave one.
 */
export class SpeedTestFailure extends Error {
  constructor(
    message: string,
    readonly failure: 'policy' | 'proxy' | 'target',
    // Not `code`: Node's errors keep their string codes (ECONNRESET …) there.
    readonly ptcCode: number,
  ) {
    super(message);
  }
}

/** The gateway's `X-PTC-Error` as a code of the catalogue, else null. */
const gatewayCode = (code: string | string[] | undefined): number | null => {
  const value = Number(Array.isArray(code) ? code[0] : code);
  return Number.isInteger(value) && findErrorByCode(value) ? value : null;
};

const refusalOf = (status: number | undefined, code: string | string[] | undefined): Error => {
  const known = gatewayCode(code);
  if (known === 4009) {
    return new SpeedTestFailure(
      'the target was refused by the gateway policy (a private, loopback or reserved address or port)',
      'policy',
      4009,
    );
  }
  // 502/504 with the target's codes (703, 704): the proxy works, the target does not.
  const isTargets = known === 703 || known === 704;
  // 407 without a code: the credentials were refused.
  const fallback = status === 407 ? 2004 : isTargets ? 703 : 4009;
  return new SpeedTestFailure(
    `the proxy answered HTTP ${status}`,
    isTargets ? 'target' : 'proxy',
    known ?? fallback,
  );
};

/** Reads a response to its end (or MAX_BYTES), timing the first byte and the last; keeps up to `keep` bytes of it. */
const measure = (
  response: IncomingMessage,
  startedAt: number,
  settle: (result: Measured | Error) => void,
  keep: number,
) => {
  const latencyMs = performance.now() - startedAt;
  if ((response.statusCode ?? 0) >= 400) {
    response.resume();
    settle(refusalOf(response.statusCode, response.headers['x-ptc-error']));
    return;
  }
  let bytes = 0;
  const kept: Buffer[] = [];
  const finish = () =>
    settle({
      latencyMs,
      totalMs: performance.now() - startedAt,
      bytes,
      body: Buffer.concat(kept).subarray(0, keep),
    });
  response.on('data', (chunk: Buffer) => {
    if (bytes < keep) kept.push(chunk);
    bytes += chunk.length;
    if (bytes >= MAX_BYTES) {
      response.destroy();
      finish();
    }
  });
  response.on('end', finish);
  response.on('error', (error) => settle(error));
};

/** SOCKS5 reply codes worth a word (RFC 1928 §6); the gateway's refusals answer `notAllowed`. */
const SOCKS_FAILURES: Record<number, string> = {
  [SOCKS_REPLY.generalFailure]: 'the proxy failed (SOCKS5 general failure)',
  [SOCKS_REPLY.notAllowed]: 'the proxy refused the connection (SOCKS5: not allowed)',
  [SOCKS_REPLY.hostUnreachable]: 'the proxy could not reach the target (SOCKS5: host unreachable)',
  [SOCKS_REPLY.connectionRefused]: 'the target refused the connection (SOCKS5)',
  [SOCKS_REPLY.ttlExpired]: 'the target did not answer in time (SOCKS5)',
};

/** Host unreachable, refused, timed out: the proxy works, the target does not. */
const TARGET_REPLIES: ReadonlySet<number> = new Set([
  SOCKS_REPLY.hostUnreachable,
  SOCKS_REPLY.connectionRefused,
  SOCKS_REPLY.ttlExpired,
]);

/**
 * Opens a SOCKS5 tunnel to `host:port` through the gateway with the proxy's credential, as a
 * SOCKS5 client of the proxy would (the gateway's own client handshake); a refusal says whether
 * the proxy or the target failed.
 */
const socksTunnel = (gateway: GatewayAddress, credential: Credential, host: string, port: number) =>
  openSocks5Tunnel(gateway, {
    host,
    port,
    credentials: { username: credential.username, password: credential.password },
  }).catch((error: unknown) => {
    if (!(error instanceof Socks5ClientError)) throw error;
    if (error.step === 'auth') throw new SpeedTestFailure('the proxy refused the credentials', 'proxy', 2004);
    if (error.step !== 'reply' || error.reply === null) {
      throw new SpeedTestFailure('the proxy did not accept SOCKS5 authentication', 'proxy', 2004);
    }
    const message = SOCKS_FAILURES[error.reply] ?? 'the proxy refused the connection';
    const isTargets = TARGET_REPLIES.has(error.reply);
    const code = error.reply === SOCKS_REPLY.ttlExpired ? 704 : isTargets ? 703 : 4009;
    throw new SpeedTestFailure(message, isTargets ? 'target' : 'proxy', code);
  });

/**
 * GETs `target` through the gateway with the proxy's credential and over the proxy's protocol, as
 * any client of the proxy would: an HTTP proxy as a forward proxy for http targets and through
 * CONNECT and TLS for https ones, a SOCKS5 proxy through a SOCKS5 tunnel (TLS inside for https).
 * Keeps the first `keep` bytes of the answer's body.
 */
export const fetchThroughGateway = (gateway: GatewayAddress, credential: Credential, target: URL, keep = 0) =>
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
    const timer = setTimeout(
      () => settle(new SpeedTestFailure(`no answer within ${TIMEOUT_MS / 1000} s`, 'target', 704)),
      TIMEOUT_MS,
    );
    const isHttps = target.protocol === 'https:';
    const targetPort = Number(target.port || (isHttps ? 443 : 80));
    if (credential.protocol === 'socks5') {
      socksTunnel(gateway, credential, target.hostname, targetPort).then((socket) => {
        requests.push(socket);
        if (settled) return;
        const get = (isHttps ? httpsRequest : httpRequest)({
          host: target.hostname,
          port: targetPort,
          method: 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, connection: 'close' },
          // The tunnel is the connection (no agent: it would dial the target itself).
          createConnection: () => (isHttps ? tlsConnect({ socket, servername: target.hostname }) : socket),
        });
        requests.push(get);
        get.on('response', (response) => measure(response, startedAt, settle, keep));
        get.on('error', settle);
        get.end();
        // Paused while the handshake was read; the request reads it from here on.
        socket.resume();
      }, settle);
      return;
    }
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
      forward.on('response', (response) => measure(response, startedAt, settle, keep));
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
        settle(refusalOf(answer.statusCode, answer.headers['x-ptc-error']));
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
      get.on('response', (response) => measure(response, startedAt, settle, keep));
      get.on('error', settle);
      get.end();
    });
    tunnel.end();
  });

const CERTIFICATE_ERRORS = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT/;

/** A failure's SPEC §8 code: the gateway not answering is 4009 (proxy unavailable), anything else 703. */
export const failureCodeOf = (error: unknown): number => {
  if (error instanceof SpeedTestFailure) return error.ptcCode;
  return failureOf(error) === 'proxy' ? 4009 : 703;
};

/** Whose a failure is: the gateway not answering is the proxy's; TLS and the like the target's. */
const failureOf = (error: unknown): 'policy' | 'proxy' | 'target' => {
  if (error instanceof SpeedTestFailure) return error.failure;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' ? 'proxy' : 'target';
};

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
      failure: null,
    };
  } catch (error) {
    return {
      state: 'error' as const,
      latency_ms: null,
      total_ms: null,
      speed_kbps: null,
      error: describeFailure(error),
      failure: failureOf(error),
    };
  }
};
