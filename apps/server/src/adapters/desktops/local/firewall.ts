import { execFile } from 'node:child_process';
import { isIP } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How a PC's outgoing connections are restricted on this host. */
export type EgressMode = 'iptables' | 'none';

/** The chain OUTPUT jumps to; it holds the rules of every PC user. */
const CHAIN = 'PTC-DESKTOPS';

const TOOLS = ['iptables', 'ip6tables'] as const;

const iptables = (tool: (typeof TOOLS)[number], args: string[]) =>
  run(tool, ['-w', '5', ...args], {
    timeout: 10_000,
    env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
  });

const ensureChain = async (tool: (typeof TOOLS)[number]) => {
  await iptables(tool, ['-N', CHAIN]).catch(() => {}); // exists already
  try {
    await iptables(tool, ['-C', 'OUTPUT', '-j', CHAIN]);
  } catch {
    await iptables(tool, ['-I', 'OUTPUT', '1', '-j', CHAIN]);
  }
};

/** Whether this host can restrict a PC's connections: root, and iptables and ip6tables that answer. */
export const egressCanBeRestricted = async (): Promise<boolean> => {
  if (process.getuid?.() !== 0) return false;
  try {
    for (const tool of TOOLS) await iptables(tool, ['-S', 'OUTPUT']);
    return true;
  } catch {
    return false;
  }
};

/** Deletes every rule of user `uid` from the chain (of both address families). */
export const removeEgressRules = async (uid: number): Promise<void> => {
  for (const tool of TOOLS) {
    const listed = await iptables(tool, ['-S', CHAIN]).catch(() => null);
    if (!listed) continue;
    for (const line of listed.stdout.split('\n')) {
      if (!line.startsWith(`-A ${CHAIN} `) || !line.includes(`--uid-owner ${uid} `)) continue;
      await iptables(tool, ['-D', ...line.split(' ').slice(1)]).catch(() => {});
    }
  }
};

/**
 * Lets user `uid` (a PC's processes) open TCP connections to `proxyAddress`:`proxyPort` only: any
 * other connection it starts — the internet directly, this host's loopback services, DNS — is
 * rejected, so nothing inside the PC (an extension switching the browser's proxy off, say) gets
 * around the proxy. Replies on connections others opened to it (the VNC relay) pass.
 * Needs root and iptables; answers 'none' (and leaves no rule) when they are not there.
 */
export const restrictEgress = async (
  uid: number,
  proxyAddress: string,
  proxyPort: number,
): Promise<EgressMode> => {
  const family = isIP(proxyAddress);
  if (family === 0 || process.getuid?.() !== 0) return 'none';
  try {
    await removeEgressRules(uid);
    for (const tool of TOOLS) {
      await ensureChain(tool);
      const owner = ['-m', 'owner', '--uid-owner', String(uid)];
      await iptables(tool, [
        '-A',
        CHAIN,
        ...owner,
        '-m',
        'conntrack',
        '--ctstate',
        'ESTABLISHED,RELATED',
        '-j',
        'RETURN',
      ]);
      if ((family === 4) === (tool === 'iptables')) {
        await iptables(tool, [
          '-A',
          CHAIN,
          ...owner,
          '-p',
          'tcp',
          '-d',
          proxyAddress,
          '--dport',
          String(proxyPort),
          '-j',
          'RETURN',
        ]);
      }
      await iptables(tool, ['-A', CHAIN, ...owner, '-j', 'REJECT']);
    }
    return 'iptables';
  } catch {
    await removeEgressRules(uid).catch(() => {});
    return 'none';
  }
};
