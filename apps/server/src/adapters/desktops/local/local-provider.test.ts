import { execFile } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopSpec } from '../desktop-provider';
import { DesktopHostFullError } from '../errors';
import { createDesktopProvider } from '../index';
import { createLocalDesktopProvider, type LocalDesktopProvider } from './local-provider';

// One desktop lifecycle, with real Xvnc, window manager and Chromium processes: create (the home
// page loads through an authenticating proxy, no dialog), VNC on loopback only with password auth,
// the screen shows the page, stop, start again (profile kept), capacity, destroy.

const run = promisify(execFile);

const PROXY_USER = 'pc-proxy-user';
const PROXY_PASSWORD = 'pa:ss word/é';

/** Processes of the PC in `dir`, counted independently of the provider's own search. */
const processesOf = (dir: string): { pid: number; cmdline: string }[] => {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (cmdline.includes(`${dir}/`) || environ.split('\0').includes(`PTC_DESKTOP=${dir}`)) {
        found.push({ pid: Number(entry), cmdline: cmdline.replaceAll('\0', ' ') });
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
};

/** A socket reader: `read(n)` resolves with exactly n bytes. */
const reader = (socket: Socket) => {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  let failure: Error | null = null;
  socket.on('data', (data) => {
    buffered = Buffer.concat([buffered, data]);
    waiting?.();
  });
  socket.on('error', (error) => {
    failure = error;
    waiting?.();
  });
  socket.on('close', () => {
    failure ??= new Error('closed');
    waiting?.();
  });
  return async (length: number): Promise<Buffer> => {
    while (buffered.length < length) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        waiting = resolve;
      });
      waiting = null;
    }
    const out = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return out;
  };
};

const openSocket = (host: string, port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });

/** VncAuth's DES: key bits reversed per byte; two-key 3DES with equal keys is single DES. */
const vncResponse = (password: string, challenge: Buffer) => {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key);
  for (let index = 0; index < 8; index += 1) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit += 1) if ((key[index] ?? 0) & (1 << bit)) byte |= 1 << (7 - bit);
    key[index] = byte;
  }
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(challenge), cipher.final()]);
};

/** RFB 3.8 handshake with VncAuth; resolves with the security result (0 = accepted) and the socket. */
const vncHandshake = async (port: number, password: string) => {
  const socket = await openSocket('127.0.0.1', port);
  const read = reader(socket);
  const banner = (await read(12)).toString('latin1');
  socket.write('RFB 003.008\n');
  const count = (await read(1))[0] ?? 0;
  const types = [...(await read(count))];
  socket.write(Buffer.from([2]));
  const challenge = await read(16);
  socket.write(vncResponse(password, challenge));
  const result = (await read(4)).readUInt32BE(0);
  return { socket, read, banner, types, result };
};

/** Share of the screen's pixels that are exactly `rgb`, read over RFB (raw encoding). */
const screenShare = async (port: number, password: string, rgb: [number, number, number]) => {
  const { socket, read, result } = await vncHandshake(port, password);
  try {
    expect(result).toBe(0);
    socket.write(Buffer.from([1])); // ClientInit: shared
    const init = await read(24);
    const width = init.readUInt16BE(0);
    const height = init.readUInt16BE(2);
    await read(init.readUInt32BE(20)); // desktop name
    // SetPixelFormat: 32 bpp, depth 24, little endian, true colour, RGB max 255, shifts 16/8/0.
    const format = Buffer.alloc(20);
    format[0] = 0;
    Buffer.from([32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0]).copy(format, 4);
    socket.write(format);
    socket.write(Buffer.from([2, 0, 0, 1, 0, 0, 0, 0])); // SetEncodings: raw
    const update = Buffer.alloc(10);
    update[0] = 3;
    update.writeUInt16BE(width, 6);
    update.writeUInt16BE(height, 8);
    socket.write(update); // FramebufferUpdateRequest, full screen, not incremental
    const type = (await read(1))[0];
    if (type !== 0) throw new Error(`unexpected server message ${type}`);
    await read(1);
    const rects = (await read(2)).readUInt16BE(0);
    let matching = 0;
    let total = 0;
    for (let rect = 0; rect < rects; rect += 1) {
      const header = await read(12);
      const w = header.readUInt16BE(4);
      const h = header.readUInt16BE(6);
      expect(header.readInt32BE(8)).toBe(0);
      const pixels = await read(w * h * 4);
      for (let at = 0; at < pixels.length; at += 4) {
        total += 1;
        if (pixels[at + 2] === rgb[0] && pixels[at + 1] === rgb[1] && pixels[at] === rgb[2]) matching += 1;
      }
    }
    return { width, height, share: total ? matching / total : 0 };
  } finally {
    socket.destroy();
  }
};

const until = async <T>(
  what: string,
  check: () => T | null | undefined | Promise<T | null | undefined>,
  timeoutMs = 45_000,
): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** X11 connection setup on display `display`'s socket; resolves with the server's first byte. */
const x11Setup = (display: number, cookie: Buffer | null) =>
  new Promise<number>((resolve, reject) => {
    const socket = connect({ path: `/tmp/.X11-unix/X${display}` });
    const name = cookie ? Buffer.from('MIT-MAGIC-COOKIE-1') : Buffer.alloc(0);
    const data = cookie ?? Buffer.alloc(0);
    const pad = (length: number) => Buffer.alloc((4 - (length % 4)) % 4);
    const header = Buffer.alloc(12);
    header.write('l', 0, 'latin1'); // little endian
    header.writeUInt16LE(11, 2);
    header.writeUInt16LE(0, 4);
    header.writeUInt16LE(name.length, 6);
    header.writeUInt16LE(data.length, 8);
    socket.once('connect', () =>
      socket.write(Buffer.concat([header, name, pad(name.length), data, pad(data.length)])),
    );
    socket.once('data', (answer) => {
      socket.destroy();
      resolve(answer[0] ?? -1);
    });
    socket.once('error', reject);
  });

/** Whether a process of user `uid` can open a TCP connection to 127.0.0.1:`port`. */
const connectsAs = async (uid: number, port: number) => {
  const script = `exec 3<>/dev/tcp/127.0.0.1/${port}`;
  const command =
    uid === 0
      ? ['bash', '-c', script]
      : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', 'bash', '-c', script];
  return run(command[0] ?? '', command.slice(1), { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
};

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const nonLoopbackAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('createDesktopProvider', () => {
  it("'none' is unavailable and refuses to create", async () => {
    const provider = createDesktopProvider({ kind: 'none', dataDir: tmpdir(), maxRunning: 1 });
    expect(await provider.availability()).toEqual({
      available: false,
      reason: 'Remote PCs are not offered on this server',
    });
    await expect(provider.state('pc-1')).rejects.toThrow('Remote PCs are not offered on this server');
    await expect(
      provider.create({
        id: 'pc-1',
        cpu: 1,
        memoryMb: 512,
        proxy: { host: '127.0.0.1', port: 1, username: 'u', password: 'p' },
      }),
    ).rejects.toThrow('not offered');
  });
});

const probe = createLocalDesktopProvider({ dataDir: tmpdir(), maxRunning: 1 });
const availability = await probe.availability();
if (!availability.available && process.env.CI) {
  throw new Error(`CI is set but remote PCs cannot run here: ${availability.reason}`);
}

describe.skipIf(!availability.available)('local desktop provider without isolation', () => {
  it('answers unavailable where PCs cannot get users of their own, unless told to run them unisolated', async () => {
    // Others cannot pass through this directory: a PC's own user could not reach its files.
    const closedDir = mkdtempSync(join(tmpdir(), 'ptc-desktops-closed-'));
    try {
      const strict = createLocalDesktopProvider({ dataDir: closedDir, maxRunning: 1 });
      const refused = await strict.availability();
      expect(refused).toEqual({ available: false, reason: expect.stringContaining('user of their own') });
      await expect(
        strict.create({
          id: 'unisolated',
          cpu: 1,
          memoryMb: 512,
          proxy: { host: '127.0.0.1', port: 1, username: 'u', password: 'p' },
        }),
      ).rejects.toThrow('cannot be isolated');
      expect(existsSync(join(closedDir, 'desktops', 'unisolated'))).toBe(false);
      const trusting = createLocalDesktopProvider({
        dataDir: closedDir,
        maxRunning: 1,
        allowUnisolated: true,
      });
      expect(await trusting.availability()).toEqual({ available: true });
      await Promise.all([strict.close(), trusting.close()]);
    } finally {
      rmSync(closedDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!availability.available)(
  'local desktop provider (real Xvnc, window manager, Chromium)',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ptc-desktops-'));
    // Others may pass through (not list): PCs can then run as users of their own when we are root.
    chmodSync(dataDir, 0o711);
    const id = `test-${process.pid}`;
    const dir = join(dataDir, 'desktops', id);
    let provider: LocalDesktopProvider;
    let proxy: Server;
    let target: Server;
    let spec: DesktopSpec;
    /** Requests the target saw: path, the proxy credentials the proxy saw, the cookie sent. */
    const seen: { path: string; proxyAuth: string | null; cookie: string | undefined }[] = [];
    let challenges = 0;
    let vncPassword = '';
    let pcUid = 0;

    beforeAll(async () => {
      // The target: a red page that sets a cookie (to see the profile survive a restart).
      target = createServer((request, response) => {
        const proxyAuth = request.headers['x-seen-proxy-auth'];
        if (request.url?.startsWith('/home')) {
          seen.push({
            path: request.url,
            proxyAuth: typeof proxyAuth === 'string' ? proxyAuth : null,
            cookie: request.headers.cookie,
          });
        }
        response.setHeader('content-type', 'text/html');
        response.setHeader('set-cookie', 'pc-session=kept; Max-Age=86400; Path=/');
        response.end('<!doctype html><title>home</title><body style="margin:0;background:#ff0000"></body>');
      });
      // The proxy: requires Basic proxy auth, forwards plain HTTP, tells the target what it saw.
      proxy = createServer((request: IncomingMessage, response) => {
        const header = request.headers['proxy-authorization'];
        const decoded =
          typeof header === 'string' && header.startsWith('Basic ')
            ? Buffer.from(header.slice(6), 'base64').toString('utf8')
            : null;
        if (decoded !== `${PROXY_USER}:${PROXY_PASSWORD}`) {
          challenges += 1;
          response.writeHead(407, { 'proxy-authenticate': 'Basic realm="gateway"' });
          response.end();
          return;
        }
        const url = new URL(request.url ?? '');
        const headers: Record<string, string | string[] | undefined> = {
          ...request.headers,
          'x-seen-proxy-auth': decoded,
        };
        delete headers['proxy-authorization'];
        delete headers['proxy-connection'];
        const forward = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            method: request.method,
            headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        forward.on('error', () => response.destroy());
        request.pipe(forward);
      });
      // Anything tunnelled (CONNECT) is refused: the test's pages are plain HTTP.
      proxy.on('connect', (_request, socket: Socket) => {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      });
      const [proxyPort, targetPort] = await Promise.all([listen(proxy), listen(target)]);
      spec = {
        id,
        cpu: 1,
        memoryMb: 1024,
        proxy: { host: '127.0.0.1', port: proxyPort, username: PROXY_USER, password: PROXY_PASSWORD },
        homeUrl: `http://127.0.0.1:${targetPort}/home?pc=${id}`,
      };
      provider = createLocalDesktopProvider({ dataDir, maxRunning: 1 });
    });

    afterAll(async () => {
      await provider?.close();
      proxy?.closeAllConnections();
      target?.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => proxy?.close(resolve)),
        new Promise((resolve) => target?.close(resolve)),
      ]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates a desktop whose browser loads the home page through the proxy, signed in with no dialog', async () => {
      const started = Date.now();
      const access = await provider.create(spec);
      const createMs = Date.now() - started;
      expect(access.password).toMatch(/^[A-Za-z0-9]{8}$/);
      vncPassword = access.password;
      expect(await provider.state(id)).toBe('running');
      const first = await until('the home page through the proxy', () => seen[0]);
      const pageMs = Date.now() - started;
      expect(first.path).toBe(`/home?pc=${id}`);
      expect(first.proxyAuth).toBe(`${PROXY_USER}:${PROXY_PASSWORD}`);
      // The proxy challenged first (no credentials), and the extension answered.
      expect(challenges).toBeGreaterThan(0);

      // Private files: secrets 0600; the directory 0700, or 0711 (pass-through) when the PC has a
      // user of its own, which owns its profile, extension, VNC password and X cookie.
      const separate = await provider.separateUsers();
      // Root, and every directory above the data dir passable by others (setpriv is util-linux's).
      const passable = (path: string): boolean =>
        (statSync(path).mode & 0o001) !== 0 && (dirname(path) === path || passable(dirname(path)));
      expect(separate).toBe(process.getuid?.() === 0 && passable(dataDir));
      expect(statSync(dir).mode & 0o777).toBe(separate ? 0o711 : 0o700);
      for (const file of [
        'desktop.json',
        'vnc.passwd',
        'Xauthority',
        'run.json',
        'extension/background.js',
      ]) {
        expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      }
      const processes = processesOf(dir);
      const xvnc = processes.find((p) => p.cmdline.includes('Xvnc'));
      const browser = processes.find((p) => p.cmdline.includes('--user-data-dir'));
      expect(xvnc).toBeDefined();
      expect(browser).toBeDefined();
      const uidOf = (pid: number) =>
        Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (separate) {
        const uid = uidOf(xvnc?.pid ?? 0);
        expect(uid).toBeGreaterThanOrEqual(2_100_000_000);
        expect(processes.map((p) => uidOf(p.pid))).toEqual(processes.map(() => uid));
        expect(statSync(join(dir, 'profile')).uid).toBe(uid);
        expect(statSync(join(dir, 'desktop.json')).uid).toBe(0);
        pcUid = uid;
      }
      // In its own mount namespace, the PC sees its own directory but not the server's files.
      const hidden = provider.hiddenPaths();
      console.info(`hidden from the PC: ${hidden.join(', ') || 'nothing'}`);
      if (hidden.length > 0) {
        const seenByPc = (path: string) => readdirSync(`/proc/${browser?.pid}/root${path}`);
        expect(hidden).toContain(dataDir);
        expect(hidden).toContain('/root');
        expect(seenByPc(join(dataDir, 'desktops'))).toEqual([id]);
        expect(seenByPc(dir)).toContain('profile');
        expect(seenByPc(join(dir, 'profile')).length).toBeGreaterThan(0);
        if (hidden.includes(process.cwd())) {
          expect(readdirSync(process.cwd())).toContain('package.json');
          expect(seenByPc(process.cwd())).not.toContain('package.json');
        }
      }
      // With iptables, the PC's user reaches its proxy and nothing else (not even loopback).
      console.info(`egress restriction: ${provider.egressMode()}`);
      if (provider.egressMode() === 'iptables') {
        const proxyPort = spec.proxy.port;
        const targetPort = Number(new URL(spec.homeUrl ?? '').port);
        expect(await connectsAs(pcUid, proxyPort)).toBe(true);
        expect(await connectsAs(pcUid, targetPort)).toBe(false);
        expect(await connectsAs(0, targetPort)).toBe(true); // the rule is the PC user's only
      }

      // The X server takes only clients with the PC's cookie (X11 connection setup over its socket).
      const display = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).display as number;
      const cookie = readFileSync(join(dir, 'Xauthority')).subarray(-16);
      expect(await x11Setup(display, null)).toBe(0); // Failed
      expect(await x11Setup(display, Buffer.from([...cookie].map((byte) => byte ^ 1)))).toBe(0);
      expect(await x11Setup(display, cookie)).toBe(1); // Success
      const cgroupMemory = `/sys/fs/cgroup/memory/ptc-desktops/${id}/memory.stat`;
      const memory = existsSync(cgroupMemory)
        ? `${Math.round(Number(/^rss (\d+)$/m.exec(readFileSync(cgroupMemory, 'utf8'))?.[1]) / 2 ** 20)} MB anonymous memory (cgroup)`
        : 'memory not measured (no cgroup v1)';
      console.info(
        `desktop created in ${createMs} ms, home page through the proxy after ${pageMs} ms, ` +
          `${processes.length} processes, ${memory}, limits: ${provider.limitsMode()}`,
      );
      if (provider.limitsMode() === 'cgroup-v1') {
        expect(readFileSync(`/proc/${xvnc?.pid}/cgroup`, 'utf8')).toContain(`:memory:/ptc-desktops/${id}`);
        expect(
          readFileSync(`/sys/fs/cgroup/memory/ptc-desktops/${id}/memory.limit_in_bytes`, 'utf8').trim(),
        ).toBe(String(1024 * 1024 * 1024));
        expect(readFileSync(`/sys/fs/cgroup/cpu/ptc-desktops/${id}/cpu.cfs_quota_us`, 'utf8').trim()).toBe(
          '100000',
        );
      }
    }, 60_000);

    it('serves VNC on 127.0.0.1 only, with password auth, and the screen shows the page', async () => {
      const endpoint = await provider.vnc(id);
      expect(endpoint).toEqual({ host: '127.0.0.1', port: expect.any(Number), password: vncPassword });

      const good = await vncHandshake(endpoint.port, vncPassword);
      good.socket.destroy();
      expect(good.banner).toMatch(/^RFB 003\.00\d\n$/);
      expect(good.types).toEqual([2]); // VncAuth only
      expect(good.result).toBe(0);
      const bad = await vncHandshake(endpoint.port, vncPassword === 'wrongpw1' ? 'wrongpw2' : 'wrongpw1');
      bad.socket.destroy();
      expect(bad.result).not.toBe(0);

      const outside = nonLoopbackAddress();
      if (outside) {
        await expect(openSocket(outside, endpoint.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      } else {
        console.warn('no non-loopback IPv4 address on this machine: the outside connection was not tried');
      }

      // The page is red: most of the 1280x800 screen is #ff0000 once Chromium has drawn it.
      const screen = await until('the red page on the VNC screen', async () => {
        const shot = await screenShare(endpoint.port, vncPassword, [255, 0, 0]);
        return shot.share > 0.5 ? shot : null;
      });
      expect([screen.width, screen.height]).toEqual([1280, 800]);
    }, 60_000);

    it('restarts a browser that died; stops every process, starts again with the profile kept, refuses a second PC over capacity', async () => {
      // A browser that dies is started again (and opens the home page again).
      const browserMain = processesOf(dir).find(
        (p) => p.cmdline.includes('--user-data-dir') && !p.cmdline.includes('--type='),
      );
      expect(browserMain).toBeDefined();
      const seenBefore = seen.length;
      process.kill(browserMain?.pid ?? 0, 'SIGKILL');
      await until('the home page from the restarted browser', () => seen[seenBefore]);

      const { port } = await provider.vnc(id);
      await provider.stop(id);
      expect(await provider.state(id)).toBe('stopped');
      expect(processesOf(dir)).toEqual([]);
      await expect(openSocket('127.0.0.1', port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(provider.vnc(id)).rejects.toThrow('not running');
      await provider.stop(id); // idempotent
      if (pcUid && provider.egressMode() === 'iptables') {
        const { stdout } = await run('iptables', ['-w', '5', '-S', 'PTC-DESKTOPS']);
        expect(stdout).not.toContain(`--uid-owner ${pcUid} `);
      }

      const before = seen.length;
      const started = Date.now();
      await provider.start(spec);
      const startMs = Date.now() - started;
      await provider.start(spec); // idempotent
      expect(await provider.state(id)).toBe('running');
      const again = await until('the home page after the restart', () => seen[before]);
      console.info(`desktop started again in ${startMs} ms, page after ${Date.now() - started} ms`);
      expect(again.proxyAuth).toBe(`${PROXY_USER}:${PROXY_PASSWORD}`);
      expect(again.cookie).toContain('pc-session=kept');
      expect((await provider.vnc(id)).password).toBe(vncPassword);

      // maxRunning is 1: a second PC is refused, and leaves nothing behind.
      const other = { ...spec, id: `${id}-b` };
      await expect(provider.create(other)).rejects.toBeInstanceOf(DesktopHostFullError);
      expect(await provider.state(other.id)).toBe('missing');
      expect(existsSync(join(dataDir, 'desktops', other.id))).toBe(false);
    }, 120_000);

    it('destroys the desktop: no process, no directory', async () => {
      await provider.destroy(id);
      expect(await provider.state(id)).toBe('missing');
      expect(existsSync(dir)).toBe(false);
      expect(processesOf(dir)).toEqual([]);
      await provider.destroy(id); // idempotent
      await expect(provider.start(spec)).rejects.toThrow(`No remote PC ${id}`);
      expect(existsSync(`/sys/fs/cgroup/memory/ptc-desktops/${id}`)).toBe(false);
    }, 30_000);
  },
);
