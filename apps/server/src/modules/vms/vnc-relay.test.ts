import { VM_REMOTE_TICKET_SECONDS } from '@ptc/contracts';
import { eq, vmRemoteTickets, vms } from '@ptc/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call } from '../../test/accounts';
import { hashTicket } from './vms.service';
import { createVmTestApp, pcIn, startFakeRfbServer, type VmTestApp, vmCustomer } from './vms.test-helpers';

type Outcome =
  | { opened: true; ws: WebSocket; protocol: string }
  | { opened: false; status: number; body: string };

describe('remote-control relay (issue #19): single-use tickets, bytes to the PC’s VNC server', () => {
  let t: VmTestApp;
  let rfb: Awaited<ReturnType<typeof startFakeRfbServer>>;
  let base: string;
  beforeAll(async () => {
    t = await createVmTestApp({ VM_HOST_CAPACITY: '1000' });
    rfb = await startFakeRfbServer();
    t.provider.vncEndpoint = { host: '127.0.0.1', port: rfb.port, password: 'vncpass1' };
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await t.close();
    await rfb.close();
  });
  afterEach(() => {
    t.app.vms.relay.limits = { idleMs: 15 * 60_000, lifetimeMs: 8 * 3_600_000, connectTimeoutMs: 5_000 };
  });

  const runningPc = async () => {
    const customer = await vmCustomer(t, 0n);
    const pc = await pcIn(t, customer, 'running');
    return { customer, pc };
  };
  const ticketFor = async (token: string, id: string) => {
    const answer = await call(t.app, 'POST', '/proxy/vm/remote', { token, body: { id } });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data as { url: string; password: string; expires_in: number };
  };
  const open = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Outcome>((resolve, reject) => {
      const ws = new WebSocket(`${base}${path}`, 'binary', { headers });
      // The PC's greeting may arrive with the upgrade answer: keep messages until read.
      const queue: Buffer[] = [];
      inbox.set(ws, queue);
      ws.on('message', (data) => {
        queue.push(data as Buffer);
        ws.emit('queued');
      });
      ws.on('unexpected-response', (request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
        response.on('error', reject);
        request.on('error', () => undefined);
      });
      ws.on('open', () => resolve({ opened: true, ws, protocol: ws.protocol }));
      ws.on('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });
  const inbox = new WeakMap<WebSocket, Buffer[]>();
  /** The next message (in order), waiting for it if none is queued. */
  const nextMessage = async (ws: WebSocket): Promise<Buffer> => {
    const queue = inbox.get(ws) ?? [];
    while (queue.length === 0) await new Promise((resolve) => ws.once('queued', resolve));
    return queue.shift() as Buffer;
  };
  /** Reads messages until `bytes` arrived. */
  const readBytes = async (ws: WebSocket, bytes: number) => {
    const parts: Buffer[] = [];
    let length = 0;
    while (length < bytes) {
      const part = await nextMessage(ws);
      parts.push(part);
      length += part.length;
    }
    return Buffer.concat(parts);
  };
  const closed = (ws: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  it('a good ticket relays bytes both ways with subprotocol binary, once; closing the browser side closes the PC side', async () => {
    const { customer, pc } = await runningPc();
    const ticket = await ticketFor(customer.token, pc.publicId);
    expect(ticket).toMatchObject({ password: 'vncpass1', expires_in: VM_REMOTE_TICKET_SECONDS });
    expect(ticket.url).toMatch(/^\/api\/proxy\/vm\/vnc\?ticket=[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const token = new URL(ticket.url, 'http://x').searchParams.get('ticket') ?? '';
    const [stored] = await t.database.db
      .select()
      .from(vmRemoteTickets)
      .where(eq(vmRemoteTickets.tokenHash, hashTicket(token)));
    expect(stored).toMatchObject({ vmId: pc.id, userId: customer.user.id, usedAt: null });

    const before = rfb.connections;
    const outcome = await open(ticket.url);
    if (!outcome.opened) throw new Error(`refused ${outcome.status} ${outcome.body}`);
    expect(outcome.protocol).toBe('binary');
    const { ws } = outcome;
    expect((await nextMessage(ws)).toString()).toBe('RFB 003.008\n');
    const payload = Buffer.from([0x52, 0x46, 0x42, 0x20, 0x00, 0xff, 0x10, 0x0a]);
    ws.send(payload);
    expect(Buffer.compare(await readBytes(ws, payload.length), payload)).toBe(0);
    const big = Buffer.alloc(512 * 1024, 7);
    ws.send(big);
    expect(Buffer.compare(await readBytes(ws, big.length), big)).toBe(0);
    expect(rfb.connections).toBe(before + 1);
    expect(t.app.vms.relay.active).toBe(1);

    ws.close();
    await closed(ws);
    await expect.poll(() => rfb.connections).toBe(before);
    expect(t.app.vms.relay.active).toBe(0);

    // Used once: the same ticket is refused.
    expect(await open(ticket.url)).toMatchObject({ opened: false, status: 401 });
  });

  it('refuses a missing, unknown, reused or expired ticket with 401 before any upgrade', async () => {
    const { customer, pc } = await runningPc();
    const before = rfb.connections;
    expect(await open('/api/proxy/vm/vnc')).toMatchObject({ opened: false, status: 401 });
    expect(await open('/api/proxy/vm/vnc?ticket=')).toMatchObject({ opened: false, status: 401 });
    expect(await open('/api/proxy/vm/vnc?ticket=not-a-ticket')).toMatchObject({ opened: false, status: 401 });
    expect(await open(`/api/proxy/vm/vnc?ticket=${'x'.repeat(5_000)}`)).toMatchObject({
      opened: false,
      status: 401,
    });

    const expired = await ticketFor(customer.token, pc.publicId);
    const token = new URL(expired.url, 'http://x').searchParams.get('ticket') ?? '';
    await t.database.db
      .update(vmRemoteTickets)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(vmRemoteTickets.tokenHash, hashTicket(token)));
    const refused = await open(expired.url);
    expect(refused).toMatchObject({ opened: false, status: 401 });
    if (!refused.opened) expect(refused.body).toMatch(/expired/);
    expect(rfb.connections).toBe(before);
  });

  it('refuses another customer’s ticket: none is issued for their PC (20005), and a ticket not bound to the PC’s owner is 403', async () => {
    const { customer, pc } = await runningPc();
    const stranger = await vmCustomer(t, 0n);
    const foreign = await call(t.app, 'POST', '/proxy/vm/remote', {
      token: stranger.token,
      body: { id: pc.publicId },
    });
    expect(foreign).toMatchObject({ status: 404, code: 20005 });
    expect(
      await t.database.db.select().from(vmRemoteTickets).where(eq(vmRemoteTickets.userId, stranger.user.id)),
    ).toHaveLength(0);

    const ticket = await ticketFor(customer.token, pc.publicId);
    const token = new URL(ticket.url, 'http://x').searchParams.get('ticket') ?? '';
    await t.database.db
      .update(vmRemoteTickets)
      .set({ userId: stranger.user.id })
      .where(eq(vmRemoteTickets.tokenHash, hashTicket(token)));
    expect(await open(ticket.url)).toMatchObject({ opened: false, status: 403 });

    // A PC that stopped after the ticket was issued.
    const again = await ticketFor(customer.token, pc.publicId);
    await t.database.db.update(vms).set({ status: 'stopped' }).where(eq(vms.id, pc.id));
    expect(await open(again.url)).toMatchObject({ opened: false, status: 403 });
  });

  it('remote control is only for a running PC (20008), and opened only from the console’s origin', async () => {
    const { customer, pc } = await runningPc();
    const stopped = await pcIn(t, customer, 'stopped');
    expect(
      await call(t.app, 'POST', '/proxy/vm/remote', {
        token: customer.token,
        body: { id: stopped.publicId },
      }),
    ).toMatchObject({ status: 409, code: 20008 });

    const ticket = await ticketFor(customer.token, pc.publicId);
    expect(await open(ticket.url, { origin: 'https://evil.example' })).toMatchObject({
      opened: false,
      status: 403,
    });
    const good = await ticketFor(customer.token, pc.publicId);
    const outcome = await open(good.url, { origin: 'https://console.example.test' });
    expect(outcome.opened).toBe(true);
    if (outcome.opened) {
      outcome.ws.close();
      await closed(outcome.ws);
    }
  });

  it('ends an idle session, and the PC side going away ends the browser side', async () => {
    const { customer, pc } = await runningPc();
    t.app.vms.relay.limits = { ...t.app.vms.relay.limits, idleMs: 400 };
    const idle = await open((await ticketFor(customer.token, pc.publicId)).url);
    if (!idle.opened) throw new Error('refused');
    await nextMessage(idle.ws);
    expect(await closed(idle.ws)).toMatchObject({ code: 4000 });

    t.app.vms.relay.limits = { ...t.app.vms.relay.limits, idleMs: 60_000 };
    const before = rfb.connections;
    const live = await open((await ticketFor(customer.token, pc.publicId)).url);
    if (!live.opened) throw new Error('refused');
    await nextMessage(live.ws);
    const ending = closed(live.ws);
    await rfb.close();
    expect((await ending).code).toBe(1000);
    expect(rfb.connections).toBeLessThanOrEqual(before);
    rfb = await startFakeRfbServer();
    t.provider.vncEndpoint = { host: '127.0.0.1', port: rfb.port, password: 'vncpass1' };
  });

  it('answers 502 when the PC’s VNC server does not accept, and 404 for upgrades elsewhere', async () => {
    const { customer, pc } = await runningPc();
    t.provider.vncEndpoint = { host: '127.0.0.1', port: 1, password: 'vncpass1' };
    try {
      expect(await open((await ticketFor(customer.token, pc.publicId)).url)).toMatchObject({
        opened: false,
        status: 502,
      });
    } finally {
      t.provider.vncEndpoint = { host: '127.0.0.1', port: rfb.port, password: 'vncpass1' };
    }
    expect(await open('/api/proxy/vm/other')).toMatchObject({ opened: false, status: 404 });
    // The HTTP API still answers on the same server.
    const health = await fetch(`${base.replace(/^ws/, 'http')}/health`);
    expect(health.status).toBeLessThan(500);
  });
});
