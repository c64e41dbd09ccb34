// The benchmark's target servers, in their own process (forked by run.mjs with an IPC channel):
// - one keep-alive HTTP server per name in argv (one per proxy under test, so connections of one
//   proxy never queue behind another's), answering `GET /bytes/N` with N bytes and Content-Length;
// - one TCP server that accepts connections and holds them open silently (idle tunnels).
// Sends `{ type: 'ready', http: { name: port }, idle: port }` once everything listens.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

const bodies = new Map();
const bodyOf = (size) => {
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.alloc(size, 'x');
    bodies.set(size, body);
  }
  return body;
};

const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

const servers = [];

const startHttp = async () => {
  const server = createHttpServer((req, res) => {
    const match = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
    const size = match ? Number(match[1]) : -1;
    if (size < 0 || size > 64 * 1024 * 1024) {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) });
    res.end(bodyOf(size));
  });
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  server.requestTimeout = 0;
  server.on('connection', (socket) => socket.setNoDelay(true));
  servers.push(server);
  return listen(server);
};

const startIdle = async () => {
  const server = createTcpServer((socket) => {
    socket.on('error', () => {});
  });
  servers.push(server);
  return listen(server);
};

const names = process.argv.slice(2);
const http = {};
for (const name of names) http[name] = await startHttp();
const idle = await startIdle();

const stop = () => {
  for (const server of servers) server.closeAllConnections?.();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The orchestrator went away (even killed): do not outlive it.
process.on('disconnect', stop);
process.send?.({ type: 'ready', http, idle });
