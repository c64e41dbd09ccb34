// Squid and Dante as the benchmark runs them: minimal configuration files in a temp dir, each
// server in the foreground in its own process group (Dante forks helper processes; the group
// holds them all, for memory accounting and cleanup).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SQUID_BIN = process.env.SQUID_BIN ?? '/usr/sbin/squid';
export const DANTED_BIN = process.env.DANTED_BIN ?? '/usr/sbin/danted';
export const INSTALL_COMMAND = 'apt-get install -y squid dante-server';

/** The peers that are missing, as messages (empty when both are installed). */
export const missingPeers = () => {
  const missing = [];
  if (!existsSync(SQUID_BIN)) missing.push(`Squid not found at ${SQUID_BIN}`);
  if (!existsSync(DANTED_BIN)) missing.push(`Dante (danted) not found at ${DANTED_BIN}`);
  return missing;
};

const versionOf = (bin, args, pattern) => {
  try {
    const text = execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return pattern.exec(text)?.[1] ?? '?';
  } catch (error) {
    return pattern.exec(`${error.stdout ?? ''}${error.stderr ?? ''}`)?.[1] ?? '?';
  }
};

export const peerVersions = () => ({
  squid: versionOf(SQUID_BIN, ['-v'], /Version (\S+)/),
  dante: versionOf(DANTED_BIN, ['-v'], /Dante v(\d+(?:\.\d+)*)/),
});

/** A passwd entry (uid, gid) by name, or null. */
const passwdEntry = (name) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
};

/**
 * Squid 5 refuses to run as root ("Don't run Squid as root, set 'cache_effective_user'"): when we
 * are root it switches to Debian's `proxy` user (else `nobody`), which must own its directory.
 * As another user it simply runs as that user.
 */
export const squidSetup = ({ dir, port, targetPorts, service }) => {
  const squidDir = join(dir, 'squid');
  mkdirSync(squidDir, { recursive: true });
  const lines = [
    `http_port 127.0.0.1:${port}`,
    // Our own ACLs instead of Debian's SSL_ports/Safe_ports: the targets' ports only, CONNECT included.
    `acl bench_ports port ${targetPorts.join(' ')}`,
    'http_access deny !bench_ports',
    'http_access deny CONNECT !bench_ports',
    'http_access allow localhost',
    'http_access deny all',
    // A proxy, not a cache: nothing stored in memory or on disk.
    'cache deny all',
    'cache_mem 0 MB',
    'workers 1',
    `pid_filename ${join(squidDir, 'squid.pid')}`,
    `cache_log ${join(squidDir, 'cache.log')}`,
    // No per-request log line (our gateway writes none either).
    'access_log none',
    'cache_store_log none',
    `coredump_dir ${squidDir}`,
    'pinger_enable off',
    'shutdown_lifetime 0 seconds',
    // Loopback only: every target is an IP literal; no DNS server is ever asked.
    'dns_nameservers 127.0.0.1',
    'visible_hostname ptc-bench',
    'digest_generation off',
  ];
  if (process.getuid?.() === 0) {
    const user = passwdEntry('proxy') ?? passwdEntry('nobody');
    if (!user) throw new Error('running as root, but neither a "proxy" nor a "nobody" user exists for Squid');
    lines.push(`cache_effective_user ${user.name}`);
    // The temp dir is 0700 (mkdtemp): let the Squid user through to its own directory.
    chmodSync(dir, 0o711);
    chownSync(squidDir, user.uid, user.gid);
  }
  const conf = join(squidDir, 'squid.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  return {
    command: SQUID_BIN,
    // -N: no daemon, one process (no master/kid fork with workers 1). -n: our own service name, so
    // the shared-memory segments Squid creates even with one worker (/dev/shm/<service>-cf__*.shm)
    // clash with no other Squid on the machine.
    args: ['-N', '-n', service, '-f', conf],
    logs: [join(squidDir, 'cache.log')],
    shmPrefix: `${service}-`,
  };
};

/**
 * Dante without client authentication (`socksmethod: none`): username authentication in Dante
 * checks system accounts (or PAM), which a fresh clone cannot set up. Our gateway always
 * authenticates (RFC 1929, cached credential lookup), so this favours Dante slightly.
 */
export const danteSetup = ({ dir, port }) => {
  const danteDir = join(dir, 'dante');
  mkdirSync(danteDir, { recursive: true });
  const lines = [
    `logoutput: ${join(danteDir, 'danted.log')}`,
    `internal: 127.0.0.1 port = ${port}`,
    'external: 127.0.0.1',
    'clientmethod: none',
    'socksmethod: none',
  ];
  if (process.getuid?.() === 0) lines.push('user.privileged: root', 'user.unprivileged: nobody');
  lines.push(
    'client pass {',
    '  from: 127.0.0.0/8 to: 0.0.0.0/0',
    '}',
    'socks pass {',
    '  from: 127.0.0.0/8 to: 127.0.0.0/8',
    '  command: connect',
    '}',
  );
  const conf = join(danteDir, 'danted.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  return {
    command: DANTED_BIN,
    // Foreground (no -D), pid file in the temp dir.
    args: ['-f', conf, '-p', join(danteDir, 'danted.pid')],
    logs: [join(danteDir, 'danted.log')],
  };
};
