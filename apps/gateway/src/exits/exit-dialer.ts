import { connect, isIP, isIPv6, type OnReadOpts, type Socket } from 'node:net';
import type { VettedTarget } from '../guard/target-guard';
import type { Exit } from '../ports';
import { Socks5ClientError, socks5Connect } from '../socks5/socks5-client';
import { HandshakeReader } from '../streams/handshake-reader';
import { fillTemplate, type TemplateValues } from './credential-template';

/**
 * A failed dial. `fault` says whose: the exit's (unreachable upstream, refused credentials,
 * protocol garbage: report it and try another exit) or the target's (refused, unreachable, slow:
 * another exit would not help).
 */
export class DialError extends Error {
  override readonly name = 'DialError';

  constructor(
    readonly fault: 'exit' | 'target',
    readonly reason: 'refused' | 'unreachable' | 'timeout' | 'protocol' | 'auth',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where a direct dial's socket reads into instead of data events (`net.connect`'s `onread`): a
 * tunnel's buffer, or the forward path's shared one.
 */
export interface ReadInto {
  readonly options: OnReadOpts;
  /** Records a socket created with `options`. */
  adopt(socket: Socket): void;
}

/** A socket connected to the target (through the exit), handshakes done, paused. */
export interface DialedTarget {
  socket: Socket;
  exit: Exit;
  /** The vetted address dialled (direct exits), or the host the upstream proxy was asked to reach. */
  address: string;
  /** Socket counters at the moment the tunnel was established: bytes before them are not metered. */
  baseline: { read: number; written: number };
  /** The request's `readInto` when the socket reads into it (direct exits), else null (data events). */
  reads: ReadInto | null;
}

/** One dial through one exit. */
export interface DialRequest {
  exit: Exit;
  target: VettedTarget;
  values: TemplateValues;
  timeoutMs: number;
  /** Name the target by host name (not its vetted address) to upstream exits. */
  sendHostnameUpstream: boolean;
  /**
   * Where a direct dial reads into: its reads go to this buffer and callback instead of data
   * events. Upstream dials ignore it (their handshake reads data events).
   */
  readInto?: ReadInto | null;
}

/** Destroys the socket it watches when the dial takes too long. */
class DialDeadline {
  private socket: Socket | null = null;
  private isExpired = false;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number, fault: () => 'exit' | 'target') {
    this.timer = setTimeout(() => {
      this.isExpired = true;
      this.socket?.destroy(new DialError(fault(), 'timeout', `dial timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  }

  watch(socket: Socket): void {
    if (this.isExpired) socket.destroy(new DialError('target', 'timeout', 'dial timed out'));
    this.socket = socket;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

const connectTo = (
  host: string,
  port: number,
  deadline: DialDeadline,
  readInto: ReadInto | null = null,
): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host, port, allowHalfOpen: true, noDelay: true, onread: readInto?.options });
    if (readInto) {
      readInto.adopt(socket);
      // Paused before it connects, the socket does not start reading at once (only to be stopped
      // again until the tunnel is joined).
      socket.pause();
    }
    deadline.watch(socket);
    let isConnected = false;
    // After the connect, errors end the tunnel through 'close'; never let one crash the process.
    socket.on('error', (error: Error) => {
      if (isConnected) return;
      socket.destroy();
      reject(error);
    });
    socket.on('connect', () => {
      isConnected = true;
      resolve(socket);
    });
  });

const targetReason = (error: NodeJS.ErrnoException): DialError['reason'] =>
  error instanceof DialError ? error.reason : error.code === 'ECONNREFUSED' ? 'refused' : 'unreachable';

/** Dials the target from this host, trying its vetted addresses in order. */
const dialDirect = async (
  { target, readInto = null }: DialRequest,
  deadline: DialDeadline,
): Promise<{ socket: Socket; address: string }> => {
  let last: NodeJS.ErrnoException | null = null;
  for (const address of target.addresses) {
    try {
      return { socket: await connectTo(address, target.port, deadline, readInto), address };
    } catch (error) {
      last = error as NodeJS.ErrnoException;
      if (last instanceof DialError) break;
    }
  }
  const reason = last ? targetReason(last) : 'unreachable';
  throw new DialError('target', reason, `target ${target.host}:${target.port} ${reason}`);
};

/** The host an upstream exit is asked to connect to. */
export const upstreamHost = (target: VettedTarget, sendHostnameUpstream: boolean): string =>
  sendHostnameUpstream && !isIP(target.host) ? target.host : (target.addresses[0] ?? target.host);

const upstreamCredentials = ({ exit, values }: DialRequest) =>
  exit.usernameTemplate === null
    ? null
    : {
        username: fillTemplate(exit.usernameTemplate, values),
        password: fillTemplate(exit.passwordTemplate ?? '', values),
      };

/** Connects to the exit's upstream proxy; any failure there is the exit's fault. */
const connectUpstream = async ({ exit }: DialRequest, deadline: DialDeadline): Promise<Socket> => {
  if (!exit.host || !exit.port)
    throw new DialError('exit', 'protocol', `exit ${exit.id} has no upstream address`);
  try {
    return await connectTo(exit.host, exit.port, deadline);
  } catch (error) {
    if (error instanceof DialError) throw error;
    throw new DialError(
      'exit',
      'unreachable',
      `upstream ${exit.host}:${exit.port}: ${(error as Error).message}`,
    );
  }
};

/** Reads a handshake message; a broken connection there is the exit's fault. */
const exitRead = async <T>(read: Promise<T>, what: string): Promise<T> => {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DialError) throw error;
    throw new DialError('exit', 'protocol', `upstream ${what}: ${(error as Error).message}`);
  }
};

/** Finishes a handshake: bytes that came after it go back to the socket and are metered. */
const establish = (socket: Socket, reader: HandshakeReader): { read: number; written: number } => {
  const rest = reader.release();
  if (rest.length) socket.unshift(rest);
  return { read: socket.bytesRead - rest.length, written: socket.bytesWritten };
};

const statusFault = (status: number): DialError => {
  if (status === 502 || status === 503 || status === 403) {
    return new DialError('target', 'unreachable', `upstream answered ${status} to CONNECT`);
  }
  if (status === 504) return new DialError('target', 'timeout', 'upstream answered 504 to CONNECT');
  if (status === 407) return new DialError('exit', 'auth', 'upstream refused the exit credentials (407)');
  return new DialError('exit', 'protocol', `upstream answered ${status} to CONNECT`);
};

/** Opens a tunnel with CONNECT through an upstream HTTP proxy. */
const dialHttpUpstream = async (request: DialRequest, deadline: DialDeadline) => {
  const socket = await connectUpstream(request, deadline);
  const host = upstreamHost(request.target, request.sendHostnameUpstream);
  const authority = `${isIPv6(host) ? `[${host}]` : host}:${request.target.port}`;
  const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
  const credentials = upstreamCredentials(request);
  if (credentials) {
    const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    lines.push(`Proxy-Authorization: Basic ${token}`);
  }
  const reader = new HandshakeReader(socket);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  const head = await exitRead(reader.readUntil('\r\n\r\n', 16 * 1024), 'CONNECT answer');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'));
  const code = status?.[1] ? Number(status[1]) : 0;
  if (code < 200 || code > 299) {
    reader.release();
    socket.destroy();
    throw statusFault(code);
  }
  return { socket, address: host, baseline: establish(socket, reader) };
};

const socksFault = (reply: number): DialError => {
  switch (reply) {
    case 0x02:
    case 0x03:
    case 0x04:
      return new DialError('target', 'unreachable', `upstream SOCKS5 reply ${reply}`);
    case 0x05:
      return new DialError('target', 'refused', 'upstream SOCKS5: connection refused');
    case 0x06:
      return new DialError('target', 'timeout', 'upstream SOCKS5: TTL expired');
    default:
      return new DialError('exit', 'protocol', `upstream SOCKS5 reply ${reply}`);
  }
};

/** Opens a tunnel through an upstream SOCKS5 proxy (RFC 1929 authentication when templated). */
const dialSocksUpstream = async (request: DialRequest, deadline: DialDeadline) => {
  const socket = await connectUpstream(request, deadline);
  const host = upstreamHost(request.target, request.sendHostnameUpstream);
  const reader = new HandshakeReader(socket);
  try {
    await socks5Connect(
      socket,
      reader,
      { host, port: request.target.port, credentials: upstreamCredentials(request) },
      exitRead,
    ).catch((error: unknown) => {
      if (!(error instanceof Socks5ClientError)) throw error;
      if (error.step === 'reply') throw socksFault(error.reply ?? 0xff);
      throw new DialError(
        'exit',
        error.step === 'protocol' ? 'protocol' : 'auth',
        `upstream ${error.message}`,
      );
    });
  } catch (error) {
    reader.release();
    socket.destroy();
    throw error;
  }
  return { socket, address: host, baseline: establish(socket, reader) };
};

/**
 * Connects to the target through an exit: directly (to the vetted address), or through an
 * upstream HTTP or SOCKS5 proxy with the exit's templated credentials. No client byte is sent
 * before the answer is a paused socket whose counters are the metering baseline.
 */
export const dialExit = async (request: DialRequest): Promise<DialedTarget> => {
  const { exit } = request;
  let fault: 'exit' | 'target' = exit.kind === 'direct' ? 'target' : 'exit';
  const deadline = new DialDeadline(request.timeoutMs, () => fault);
  try {
    if (exit.kind === 'direct') {
      const { socket, address } = await dialDirect(request, deadline);
      socket.pause();
      return {
        socket,
        exit,
        address,
        baseline: { read: socket.bytesRead, written: socket.bytesWritten },
        reads: request.readInto ?? null,
      };
    }
    const dialed =
      exit.kind === 'http'
        ? await dialHttpUpstream(request, deadline)
        : await dialSocksUpstream(request, deadline);
    fault = 'target';
    return { ...dialed, exit, reads: null };
  } catch (error) {
    if (error instanceof DialError) throw error;
    throw new DialError(fault, 'protocol', (error as Error).message);
  } finally {
    deadline.clear();
  }
};
