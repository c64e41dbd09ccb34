import { generateKeyPairSync } from 'node:crypto';

/** An RSA key pair made for one test run, in the encodings payment providers hand out. */
export interface TestRsaKeyPair {
  /** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`). */
  privateKeyPem: string;
  /** SPKI PEM (`-----BEGIN PUBLIC KEY-----`). */
  publicKeyPem: string;
  /** Bare base64 of the PKCS#8 DER, as Alipay's key tool shows the app private key. */
  privateKeyBase64: string;
  /** Bare base64 of the SPKI DER, as Alipay's console shows its public key. */
  publicKeyBase64: string;
}

/** Generates a fresh RSA-2048 key pair (no key ever leaves the test). */
export const generateTestRsaKeyPair = (): TestRsaKeyPair => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyBase64: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    publicKeyBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
};
