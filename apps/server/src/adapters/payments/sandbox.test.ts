import { describe, expect, it } from 'vitest';
import { createSandboxProvider, type SandboxPageSubject } from './sandbox';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const issuedAccess = async (expiresAt: Date) => {
  const sandbox = createSandboxProvider({ publicUrl: 'http://127.0.0.1:1' });
  const checkout = await sandbox.createCheckout({
    orderNo: 'T1',
    userUid: 'U1',
    method: 'card',
    payAmount: 1n as never,
    currency: 'USD',
    description: 'top-up',
    notifyUrl: '',
    returnUrl: '',
    expiresAt,
  });
  if (checkout.kind !== 'redirect') throw new Error('expected a redirect');
  return { sandbox, access: new URL(checkout.url).searchParams.get('access') ?? '' };
};

describe('sandbox page links', () => {
  const subject: SandboxPageSubject = { page: 'checkout', orderNo: 'T1', userUid: 'U1' };

  it('accepts the issued spelling of the MAC and no other', async () => {
    const { sandbox, access } = await issuedAccess(new Date(Date.now() + 60_000));
    expect(sandbox.verifyPageAccess(subject, access)).toBe(true);
    // The last character of a 32-byte MAC in base64url carries 4 bits and 2 unused ones:
    // every other character there must be refused, including those that decode to the same bytes.
    const stem = access.slice(0, -1);
    const others = [...BASE64URL].filter((c) => c !== access.at(-1));
    expect(others.filter((c) => sandbox.verifyPageAccess(subject, stem + c))).toEqual([]);
  });

  it('refuses another page, order or owner, and a lapsed link', async () => {
    const { sandbox, access } = await issuedAccess(new Date(Date.now() + 60_000));
    expect(sandbox.verifyPageAccess({ ...subject, orderNo: 'T2' }, access)).toBe(false);
    expect(sandbox.verifyPageAccess({ ...subject, userUid: 'U2' }, access)).toBe(false);
    expect(sandbox.verifyPageAccess({ page: 'card', userUid: 'U1' }, access)).toBe(false);
    expect(sandbox.verifyPageAccess(subject, access, new Date(Date.now() + 120_000))).toBe(false);
  });
});
