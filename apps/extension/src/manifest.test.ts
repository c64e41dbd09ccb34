import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildManifest, DEFAULT_CONSOLE_MATCHES, EXTENSION_ID, MANIFEST_KEY } from './manifest';

describe('the manifest', () => {
  it('fixes the id the documentation and the server name', () => {
    const digest = createHash('sha256')
      .update(Buffer.from(MANIFEST_KEY, 'base64'))
      .digest('hex')
      .slice(0, 32);
    const id = [...digest].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
    expect(id).toBe(EXTENSION_ID);
  });

  it('holds a public key only', () => {
    expect(MANIFEST_KEY).toMatch(/^MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A/);
  });

  it('asks for what proxying with authentication needs, and talks only to the console', () => {
    const manifest = buildManifest('1.2.3');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe('1.2.3');
    expect(manifest.permissions).toEqual([
      'proxy',
      'storage',
      'webRequest',
      'webRequestAuthProvider',
      'browsingData',
    ]);
    expect(manifest.host_permissions).toEqual(['<all_urls>']);
    expect(manifest.externally_connectable.matches).toEqual(DEFAULT_CONSOLE_MATCHES);
  });
});
