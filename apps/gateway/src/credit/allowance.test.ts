import { describe, expect, it } from 'vitest';
import { Allowance, BYTES_PER_GB } from './allowance';
import { OwnerCredit } from './owner-credit';

const PRICE = 5_000_000;
const KIB = 1024;

/** An owner with local credit that never asks a store for more. */
const ownerWith = (credit: { packageBytes?: number; money?: number }, maxCarveBytes = 64 * KIB) => {
  const owner = new OwnerCredit('owner', {
    sizes: {
      minReservationBytes: 1,
      maxReservationBytes: 1,
      minCarveBytes: 64 * KIB,
      maxCarveBytes,
    },
    now: () => 0,
    reserve: () => {},
    canCarve: () => true,
  });
  owner.add({ packageBytes: credit.packageBytes ?? 0, money: credit.money ?? 0 });
  return owner;
};

/** An allowance of `owner` whose connection consumed `consumed()` bytes. */
const connectionOf = (owner: OwnerCredit) => {
  let consumed = 0;
  const allowance = owner.open('proxy', PRICE);
  allowance.measure(() => consumed);
  return {
    allowance,
    /** The connection moved `bytes` more and the meter attributed them: the package bytes among them. */
    move: (bytes: number) => {
      consumed += bytes;
      return allowance.attribute(bytes);
    },
  };
};

const moneyOf = (bytes: number) => (bytes * PRICE) / BYTES_PER_GB;

describe('allowance: bytes are attributed to the credit they were carved from', () => {
  it('counts package bytes carved after money bytes as package bytes', () => {
    const owner = ownerWith({ money: moneyOf(64 * KIB) });
    const { allowance, move } = connectionOf(owner);
    expect(allowance.limit).toBe(64 * KIB);
    expect(move(32 * KIB)).toBe(0);
    // A package arrives; the next carve comes from it.
    owner.add({ packageBytes: 64 * KIB, money: 0 });
    allowance.topUp();
    expect(allowance.packageLimit).toBe(64 * KIB);
    // The carved package bytes are used first, then the rest of the money bytes.
    expect(move(64 * KIB)).toBe(64 * KIB);
    expect(move(32 * KIB)).toBe(0);
  });

  it('charges a read past the limit to package bytes the owner still has before money', () => {
    const owner = ownerWith({ packageBytes: 256 * KIB });
    const { allowance, move } = connectionOf(owner);
    expect(allowance.limit).toBe(64 * KIB);
    // One read of 128 KiB crosses the 64 KiB limit: the 64 KiB past it come from the package too.
    expect(move(128 * KIB)).toBe(128 * KIB);
    expect(owner.packageBytes).toBe(128 * KIB);
    expect(owner.money).toBe(0);
    allowance.close();
    expect(owner.packageBytes).toBe(128 * KIB);
  });

  it('charges a read past the limit to money once the package is gone, and gives back nothing twice', () => {
    const owner = ownerWith({ packageBytes: 64 * KIB });
    const { allowance, move } = connectionOf(owner);
    expect(move(96 * KIB)).toBe(64 * KIB);
    expect(owner.money).toBeCloseTo(-moneyOf(32 * KIB), 9);
    allowance.close();
    expect(owner.packageBytes).toBe(0);
    expect(owner.money).toBeCloseTo(-moneyOf(32 * KIB), 9);
  });

  it('gives back unused money before unused package bytes when shrunk, counting bytes not attributed yet', () => {
    const owner = ownerWith({ packageBytes: 16 * KIB, money: moneyOf(48 * KIB) });
    const { allowance, move } = connectionOf(owner);
    expect(allowance.packageLimit).toBe(16 * KIB);
    expect(move(8 * KIB)).toBe(8 * KIB);
    expect(allowance.shrink()).toBe(56 * KIB);
    // 8 KiB of package were not used: they go back with the 48 KiB of money.
    expect(owner.packageBytes).toBe(8 * KIB);
    expect(owner.money).toBeCloseTo(moneyOf(48 * KIB), 9);
    allowance.close();
    expect(owner.packageBytes).toBe(8 * KIB);
  });

  it('is an Allowance the meter can rely on: attributed never exceeds the limit', () => {
    const owner = ownerWith({ packageBytes: 10 * KIB });
    const { allowance, move } = connectionOf(owner);
    move(50 * KIB);
    expect(allowance).toBeInstanceOf(Allowance);
    expect(allowance.attributed).toBeLessThanOrEqual(allowance.limit);
    expect(allowance.attributedPackage).toBe(10 * KIB);
  });
});

describe('allowance: credit is carved in whole bytes', () => {
  it('never leaves a fraction of a byte that looks like credit to a waiting connection', () => {
    const owner = ownerWith({ money: moneyOf(1000 * KIB) }, 1024 * KIB);
    // A first connection that used an odd amount makes the next first carve a fraction.
    const first = connectionOf(owner);
    first.move(300_001);
    first.allowance.close();
    const { allowance, move } = connectionOf(owner);
    expect(Number.isInteger(allowance.limit)).toBe(true);
    move(allowance.limit);
    // The owner has a sliver of money left, less than a byte's worth: the connection gets nothing.
    owner.money = moneyOf(0.3);
    expect(allowance.check()).toBe(false);
    expect(allowance.left()).toBe(0);
    allowance.whenCredited(() => {
      throw new Error('credited with less than a byte');
    });
    expect(owner.share()).toBe(true);
  });
});
