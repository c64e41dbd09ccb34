import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A public key as a manifest's `key` (base64 DER SubjectPublicKeyInfo); the private half is dropped. */
export const manifestKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');

/** A stand-in for apps/extension/dist: a manifest with `key`, a script and a nested page. */
export const fakeExtensionDist = (manifest: Record<string, unknown> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'ptc-extension-dist-'));
  const key = manifestKey();
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'PTC Proxy',
      version: '1.2.3',
      key,
      permissions: ['proxy', 'webRequest', 'webRequestAuthProvider', 'storage'],
      host_permissions: ['<all_urls>'],
      externally_connectable: { matches: ['http://localhost/*'] },
      background: { service_worker: 'background.js', type: 'module' },
      ...manifest,
    }),
  );
  writeFileSync(join(dir, 'background.js'), 'console.log("background");\n');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'popup.html'), '<!doctype html><title>popup</title>\n');
  return { dir, key };
};
