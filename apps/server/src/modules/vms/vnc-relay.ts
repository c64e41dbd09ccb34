import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { VM_VNC_PATH, VM_VNC_SUBPROTOCOL } from '@ptc/contracts';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { VmsDeps } from './vms.deps';
import { consumeTicket, findTicketTarget } from './vms.repository';
import { hashTicket } from './vms.service';

/** How long a remote-control session may last and stay silent. */
export interface RelayLimits {
  /** No byte either way for this long ends the session. */
  idleMs: number;
  /** A session ends after this long whatever happens. */
  lifetimeMs: number;
  /** How long the relay waits for the PC's VNC server to accept. */
  connectTimeoutMs: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  idleMs: 15 * 60_000,
  lifetimeMs: 8 * 3_600_000,
  connectTimeoutMs: 5_000,
};

/** Longest ticket text looked up (they are 43 characters). */
const TICKET_MAX_LENGTH = 128;
/** Bytes waiting to go out to the browser above which reading from the PC pauses. */
const HIGH_WATER = 4 * 1024 * 1024;
/** Largest message the browser may send (RFB client messages are small). */
const MAX_CLIENT_MESSAGE = 1024 * 1024;

interface Session {
  ws: WebSocket;
  tcp: Socket;
  end(code: number, reason: string): void;
}

/** Answers a refused upgrade with a plain HTTP status (no WebSocket is opened) and closes it. */
const refuse = (socket: Duplex, status: number, text: string) => {
  if (socket.destroyed) return;
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1_000).unref();
};

const connectTcp = (host: string, port: number, timeoutMs: number) =>
  new Promise<Socket>((resolve, reject) => {
    const tcp = connect({ host, port });
    const timer = setTimeout(() => {
      tcp.destroy();
      reject(new Error(`no answer from ${host}:${port} in ${timeoutMs} ms`));
    }, timeoutMs);
    tcp.once('connect', () => {
      clearTimeout(timer);
      tcp.removeAllListeners('error');
      resolve(tcp);
    });
    tcp.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);

/**
 * The remote-control relay (issue #19): `GET /api/proxy/vm/vnc?ticket=…` upgraded to a WebSocket
 * (subprotocol `binary`, as noVNC asks) carries raw RFB bytes to and from the PC's VNC server,
 * which listens on the host's loopback only. The ticket is single-use, 30 seconds, and bound to
 * the PC and its owner: a missing, unknown, used or expired one is refused with 401, one whose PC
 * is not its owner's or not running with 403, before any upgrade.
 */
export class VncRelay {
  limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS };
  private readonly sessions = new Set<Session>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_CLIENT_MESSAGE,
    handleProtocols: (protocols) => (protocols.has(VM_VNC_SUBPROTOCOL) ? VM_VNC_SUBPROTOCOL : false),
  });

  constructor(
    private readonly deps: VmsDeps,
    private readonly allowedOrigins: readonly string[],
    /** Also take loopback origins (development: the Vite dev server proxies the console). */
    private readonly allowLoopbackOrigins = false,
  ) {}

  /** How many sessions are relaying now. */
  get active() {
    return this.sessions.size;
  }

  /** The server's `upgrade` listener: takes the relay's path only. */
  onUpgrade(server: Server, request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://relay.invalid');
    if (url.pathname !== VM_VNC_PATH) {
      // Nobody else takes upgrades: do not leave the socket hanging.
      if (server.listenerCount('upgrade') <= 1) refuse(socket, 404, 'Not found');
      return;
    }
    socket.on('error', () => socket.destroy());
    this.accept(request, socket, head, url).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'remote-control upgrade failed');
      refuse(socket, 500, 'Remote control failed; try again');
    });
  }

  private async accept(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const origin = request.headers.origin;
    if (origin !== undefined && !this.isAllowedOrigin(origin, request.headers.host)) {
      return refuse(socket, 403, 'Remote control is only opened from the console');
    }
    const ticket = url.searchParams.get('ticket');
    if (!ticket || ticket.length > TICKET_MAX_LENGTH) {
      return refuse(socket, 401, 'A remote-control ticket is required');
    }
    const now = new Date();
    const used = await consumeTicket(this.deps.db, hashTicket(ticket), now);
    if (!used) return refuse(socket, 401, 'This remote-control ticket is unknown or was used already');
    if (used.expiresAt.getTime() <= now.getTime()) {
      return refuse(socket, 401, 'This remote-control ticket has expired');
    }
    const target = await findTicketTarget(this.deps.db, used.vmId);
    if (!target || target.vm.userId !== used.userId || target.ownerDeletedAt || target.ownerLockedAt) {
      return refuse(socket, 403, 'This remote-control ticket is not for this PC');
    }
    if (target.vm.releasedAt || target.vm.status !== 'running') {
      return refuse(socket, 403, 'The PC is not running');
    }
    let tcp: Socket;
    try {
      const endpoint = await this.deps.provider.vnc(target.vm.publicId);
      tcp = await connectTcp(endpoint.host, endpoint.port, this.limits.connectTimeoutMs);
    } catch (error) {
      this.deps.log.warn({ err: error, vm: target.vm.publicId }, 'remote PC screen unreachable');
      return refuse(socket, 502, "The PC's screen cannot be reached now; try again");
    }
    if (socket.destroyed) {
      tcp.destroy();
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.relay(ws, tcp));
  }

  private isAllowedOrigin(origin: string, host: string | undefined) {
    if (this.allowedOrigins.includes(origin)) return true;
    try {
      const { host: originHost, hostname } = new URL(origin);
      if (host !== undefined && originHost === host) return true;
      return this.allowLoopbackOrigins && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
    } catch {
      return false;
    }
  }

  private relay(ws: WebSocket, tcp: Socket) {
    let ended = false;
    let idle: NodeJS.Timeout | undefined;
    const lifetime = setTimeout(
      () => session.end(4001, 'session time limit reached'),
      this.limits.lifetimeMs,
    );
    const session: Session = {
      ws,
      tcp,
      end: (code, reason) => {
        if (ended) return;
        ended = true;
        clearTimeout(idle);
        clearTimeout(lifetime);
        this.sessions.delete(session);
        tcp.destroy();
        if (ws.readyState === ws.OPEN) ws.close(code, reason);
        else ws.terminate();
        // A browser that does not answer the close frame is cut off.
        setTimeout(() => ws.terminate(), 2_000).unref();
      },
    };
    this.sessions.add(session);
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => session.end(4000, 'idle for too long'), this.limits.idleMs);
    };
    touch();
    tcp.setNoDelay(true);
    tcp.on('data', (chunk) => {
      touch();
      ws.send(chunk, { binary: true }, () => {
        if (ws.bufferedAmount < HIGH_WATER && tcp.isPaused()) tcp.resume();
      });
      if (ws.bufferedAmount >= HIGH_WATER) tcp.pause();
    });
    tcp.on('end', () => session.end(1000, 'the PC closed the connection'));
    tcp.on('close', () => session.end(1000, 'the PC closed the connection'));
    tcp.on('error', () => session.end(1011, 'connection to the PC failed'));
    ws.on('message', (data) => {
      touch();
      if (!tcp.write(toBuffer(data))) {
        ws.pause();
        tcp.once('drain', () => ws.resume());
      }
    });
    ws.on('close', () => session.end(1000, 'closed'));
    ws.on('error', () => session.end(1011, 'WebSocket error'));
  }

  /** Ends every session (server shutdown). */
  async close() {
    for (const session of [...this.sessions]) session.end(1001, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
