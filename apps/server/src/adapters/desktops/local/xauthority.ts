import { randomBytes } from 'node:crypto';

const FAMILY_WILD = 0xffff;

const counted = (data: Buffer): Buffer => {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(data.length);
  return Buffer.concat([length, data]);
};

/**
 * An Xauthority file holding one MIT-MAGIC-COOKIE-1 for display `display` (any host), so that
 * only processes given the file (the PC's own) can connect to the PC's X server.
 */
export const xauthorityFile = (display: number): Buffer => {
  const family = Buffer.alloc(2);
  family.writeUInt16BE(FAMILY_WILD);
  return Buffer.concat([
    family,
    counted(Buffer.alloc(0)),
    counted(Buffer.from(String(display))),
    counted(Buffer.from('MIT-MAGIC-COOKIE-1')),
    counted(randomBytes(16)),
  ]);
};
