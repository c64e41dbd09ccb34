import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { type BrowserContext, chromium, type Worker } from 'playwright-core';
import { chromiumPath } from './browser';

/**
 * Unpacks a zip (stored or deflated entries, as the server's package is) into a new directory.
 * Written here so the test needs no unzip tool on the machine.
 */
export const unzipToTemp = (zip: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ptc-extension-'));
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(endOfDirectory + 10);
  let at = zip.readUInt32LE(endOfDirectory + 16);
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    const path = normalize(join(dir, name));
    if (!path.startsWith(dir)) throw new Error(`zip entry outside the directory: ${name}`);
    if (name.endsWith('/')) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    mkdirSync(dirname(path), { recursive: true });
    if (method === 0) writeFileSync(path, data);
    else if (method === 8) writeFileSync(path, inflateRawSync(data));
    else throw new Error(`zip method ${method} of ${name}`);
  }
  return dir;
};

/** Chromium with an unpacked extension loaded (headless), and the extension's service worker. */
export const launchWithExtension = async (extensionDir: string) => {
  if (!chromiumPath) throw new Error('no Chromium');
  const context: BrowserContext = await chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), 'ptc-chromium-profile-')),
    {
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  );
  const worker: Worker =
    context.serviceWorkers().find((candidate) => candidate.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const extensionId = new URL(worker.url()).host;
  return { context, worker, extensionId };
};

/** One request the browser sent to the gateway: its request line and the proxy user it named. */
export interface SeenRequest {
  method: string;
  target: string;
  /** The user of `Proxy-Authorization: Basic …`; null when the request carried none. */
  user: string | null;
}

/** Reads the user of each complete proxy request header block in `text`; returns what is left. */
export const readProxyRequests = (text: string, into: SeenRequest[]): string => {
  let rest = text;
  for (let end = rest.indexOf('\r\n\r\n'); end >= 0; end = rest.indexOf('\r\n\r\n')) {
    const [line = '', ...headers] = rest.slice(0, end).split('\r\n');
    rest = rest.slice(end + 4);
    const request = /^([A-Z]+) (\S+) HTTP\/1\.[01]$/.exec(line);
    if (!request) continue;
    const auth = headers.find((header) => /^proxy-authorization:/i.test(header));
    const basic = auth ? /basic\s+(\S+)/i.exec(auth)?.[1] : undefined;
    const user = basic ? (Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? null) : null;
    into.push({ method: request[1] ?? '', target: request[2] ?? '', user });
  }
  return rest;
};

/**
 * A TCP relay in front of the gateway (the gateway listens on another loopback address, the relay
 * on the address and port customers are given). It notes every HTTP proxy request the browser
 * sends, with the user its proxy credentials name; in `blackhole` mode it takes connections and
 * never answers, which is how an unreachable gateway looks to the browser.
 */
export const startGatewayRelay = async (options: { host: string; port: number; gatewayHost: string }) => {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let blackhole = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const relay: Server = createServer((client) => {
    track(client);
    if (blackhole) return;
    const upstream = connect(options.port, options.gatewayHost);
    track(upstream);
    let pending = '';
    client.on('data', (chunk: Buffer) => {
      pending = readProxyRequests(pending + chunk.toString('latin1'), seen).slice(-64 * 1024);
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(options.port, options.host, () => resolve());
  });
  return {
    seen,
    /** Held or relays connections; switching either way drops the connections open now. */
    setBlackhole: (on: boolean) => {
      blackhole = on;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
};
