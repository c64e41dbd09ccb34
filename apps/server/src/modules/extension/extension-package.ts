import { createHash, createPublicKey } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AppError, consoleMatchPattern } from '@ptc/contracts';
import { type Zippable, zipSync } from 'fflate';

/** The extension zip the download answers, and what the info call says of it. */
export interface ExtensionPackage {
  version: string;
  extensionId: string;
  fileName: string;
  zip: Uint8Array;
  sha256: string;
}

/** Most bytes the extension's files may hold (a build is well under 5 MB). */
const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
/** Most files. */
const MAX_FILES = 2_000;
/** One timestamp for every entry, so the same files make the same zip (and the same sha256). */
const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');

const notBuilt = (why: string) =>
  new AppError('ERR_NOT_FOUND', {
    message: `The browser extension is not available on this server (${why}); build it with npm run build`,
  });

/**
 * Chrome's id of an extension whose manifest has `key` (base64 of the DER SubjectPublicKeyInfo):
 * the first 128 bits of the key's SHA-256, each hex digit 0-f written as a letter a-p.
 */
export const extensionIdOfKey = (key: string): string => {
  const der = Buffer.from(key.replace(/\s+/g, ''), 'base64');
  // Throws on anything that is not a public key.
  createPublicKey({ key: der, format: 'der', type: 'spki' });
  return [...createHash('sha256').update(der).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)))
    .join('');
};

type Manifest = Record<string, unknown> & {
  version?: unknown;
  key?: unknown;
  host_permissions?: unknown;
  externally_connectable?: unknown;
};

/**
 * The manifest as served: `externally_connectable.matches` is the console origin alone (only the
 * console may message the extension), and `host_permissions` includes it (the extension calls the
 * console's API).
 */
export const rewriteManifest = (manifest: Manifest, publicUrl: string): Manifest => {
  const pattern = consoleMatchPattern(publicUrl);
  if (!pattern) throw new Error(`PUBLIC_URL ${publicUrl} gives no match pattern`);
  const connectable =
    typeof manifest.externally_connectable === 'object' && manifest.externally_connectable !== null
      ? (manifest.externally_connectable as Record<string, unknown>)
      : {};
  const hosts = Array.isArray(manifest.host_permissions)
    ? manifest.host_permissions.filter((entry): entry is string => typeof entry === 'string')
    : [];
  return {
    ...manifest,
    host_permissions: hosts.includes(pattern) ? hosts : [...hosts, pattern],
    externally_connectable: { ...connectable, matches: [pattern] },
  };
};

/** Every regular file below `dir` (symbolic links and other kinds are left out), sorted. */
const filesOf = async (dir: string): Promise<string[]> => {
  const found: string[] = [];
  const walk = async (current: string) => {
    for (const entry of (await readdir(current, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(path);
      if (found.length > MAX_FILES) throw notBuilt('too many files');
    }
  };
  await walk(dir);
  return found;
};

/**
 * Zips the built extension in `dir` with its manifest rewritten for the console at `publicUrl`.
 * A missing or unusable build is ERR_NOT_FOUND with a message that says so (never a 500).
 */
export const buildExtensionPackage = async (dir: string, publicUrl: string): Promise<ExtensionPackage> => {
  const stats = await lstat(dir).catch(() => null);
  if (!stats?.isDirectory()) throw notBuilt(`no directory ${relative(process.cwd(), dir) || dir}`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw notBuilt('no readable manifest.json');
  }
  if (typeof manifest !== 'object' || manifest === null) throw notBuilt('manifest.json is not an object');
  if (typeof manifest.version !== 'string' || !/^\d+(\.\d+){0,3}$/.test(manifest.version)) {
    throw notBuilt('manifest.json has no version');
  }
  let extensionId: string;
  try {
    extensionId = extensionIdOfKey(typeof manifest.key === 'string' ? manifest.key : '');
  } catch {
    throw notBuilt('manifest.json has no public key');
  }
  const files: Zippable = {};
  let total = 0;
  for (const path of await filesOf(dir)) {
    const name = relative(dir, path).split(sep).join('/');
    if (name === 'manifest.json') continue;
    const content = new Uint8Array(await readFile(path));
    total += content.byteLength;
    if (total > MAX_TOTAL_BYTES) throw notBuilt('the build is too large');
    files[name] = [content, { mtime: FIXED_MTIME }];
  }
  const served = `${JSON.stringify(rewriteManifest(manifest, publicUrl), null, 2)}\n`;
  files['manifest.json'] = [new TextEncoder().encode(served), { mtime: FIXED_MTIME }];
  const zip = zipSync(files, { level: 6, mtime: FIXED_MTIME });
  return {
    version: manifest.version,
    extensionId,
    fileName: `ptc-proxy-extension-${manifest.version}.zip`,
    zip,
    sha256: createHash('sha256').update(zip).digest('hex'),
  };
};

/**
 * The package, built once per process and directory (a failure is not kept: a build made after
 * the server started is picked up by the next request).
 */
export const createExtensionPackageCache = (dir: string, publicUrl: string) => {
  let built: Promise<ExtensionPackage> | null = null;
  return () => {
    if (!built) {
      built = buildExtensionPackage(dir, publicUrl);
      built.catch(() => {
        built = null;
      });
    }
    return built;
  };
};
