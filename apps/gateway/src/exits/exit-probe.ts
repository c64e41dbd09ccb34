import { randomBytes } from 'node:crypto';
import type { VettedTarget } from '../guard/target-guard';
import type { Exit } from '../ports';
import { templateValuesFor } from './credential-template';
import { dialExit } from './exit-dialer';

/** Where a health check goes through an exit: an HTTP URL's host, port and path, resolved. */
export interface ProbeTarget extends VettedTarget {
  path: string;
}

/** What one health check through an exit found. */
export interface ProbeResult {
  isOk: boolean;
  /** From the start of the dial to the answer's status line; null when there was none. */
  latencyMs: number | null;
  /** Why it failed, in a line an operator can act on; null when it passed. */
  error: string | null;
}

const STATUS_LINE_LIMIT = 8 * 1024;

/** Reads the status code of an HTTP answer (its first line), or fails after `timeoutMs`. */
const readStatus = (socket: import('node:net').Socket, timeoutMs: number): Promise<number> =>
  new Promise((resolve, reject) => {
    let head = '';
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error: Error | null, status = 0) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      if (error) reject(error);
      else resolve(status);
    };
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n');
      if (end === -1) {
        if (head.length > STATUS_LINE_LIMIT) finish(new Error('the answer is not HTTP'));
        return;
      }
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head.slice(0, end));
      if (match?.[1]) finish(null, Number(match[1]));
      else finish(new Error('the answer is not HTTP'));
    };
    const onClose = () => finish(new Error('the connection closed before an answer'));
    const onError = (error: Error) => finish(error);
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.resume();
  });

/**
 * One health check through an exit (issue #15): dials the probe target through it as a customer's
 * connection would (upstream handshake with the exit's templated credentials and a fresh session
 * id), asks `GET path` and expects a 2xx or 3xx answer. Never throws.
 */
export const probeExit = async (exit: Exit, target: ProbeTarget, timeoutMs: number): Promise<ProbeResult> => {
  const started = performance.now();
  const sid = `probe${randomBytes(6).toString('hex')}`;
  let socket: import('node:net').Socket | null = null;
  try {
    const dialed = await dialExit({
      exit,
      target,
      values: templateValuesFor(exit, {}, { sid, lifeMinutes: 1 }),
      timeoutMs,
      sendHostnameUpstream: true,
    });
    socket = dialed.socket;
    const authority = target.port === 80 ? target.host : `${target.host}:${target.port}`;
    socket.write(
      `GET ${target.path} HTTP/1.1\r\nHost: ${authority}\r\nUser-Agent: ptc-health-check\r\nConnection: close\r\n\r\n`,
    );
    const left = Math.max(1, timeoutMs - (performance.now() - started));
    const status = await readStatus(socket, left);
    const latencyMs = Math.round(performance.now() - started);
    if (status >= 200 && status < 400) return { isOk: true, latencyMs, error: null };
    return { isOk: false, latencyMs, error: `the probe answered HTTP ${status}` };
  } catch (error) {
    return { isOk: false, latencyMs: null, error: (error as Error).message.slice(0, 500) };
  } finally {
    socket?.destroy();
  }
};
