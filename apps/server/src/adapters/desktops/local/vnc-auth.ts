import { createCipheriv, randomInt } from 'node:crypto';

/** VNC's DES uses each key byte with its bits in reverse order. */
const reverseBits = (byte: number): number => {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit += 1) if (byte & (1 << bit)) reversed |= 1 << (7 - bit);
  return reversed;
};

/**
 * Single DES (ECB, no padding) with an 8-byte key. OpenSSL 3 moved single DES to its legacy
 * provider; two-key triple DES with both keys equal (E_K(D_K(E_K(x)))) is the same cipher and
 * stays in the default provider.
 */
const des = (key: Buffer, data: Buffer): Buffer => {
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/** The password as VNC uses it: its first 8 bytes, zero-padded. */
const passwordKey = (password: string): Buffer => {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  return Buffer.from(key.map(reverseBits));
};

/** VNC's fixed obfuscation key for password files (`vncpasswd -f` writes the same bytes). */
const PASSWORD_FILE_KEY = Buffer.from([23, 82, 107, 6, 35, 78, 88, 7].map(reverseBits));

/** The 8 bytes of a TigerVNC / RealVNC password file for `password`. */
export const vncPasswordFile = (password: string): Buffer => {
  const plain = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(plain, 0, 0, 8);
  return des(PASSWORD_FILE_KEY, plain);
};

/** The client's answer to a VncAuth challenge (16 bytes). */
export const vncAuthResponse = (password: string, challenge: Buffer): Buffer =>
  des(passwordKey(password), challenge);

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random VNC password: 8 characters (VncAuth reads no more), ~46 bits. */
export const generateVncPassword = (): string =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Whether this Node's OpenSSL can do the DES VNC needs (it throws otherwise). */
export const vncCryptoWorks = (): boolean => {
  try {
    return vncPasswordFile('abcdefgh').toString('hex') === 'db8ab02565e3b4c2';
  } catch {
    return false;
  }
};
