import { LIMITS } from '@ptc/contracts';
import { captchas, type DatabaseHandle, loginFailures, rateLimits, verificationCodes } from '@ptc/db';
import { createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authJobs } from './auth.jobs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the auth cleanup job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('deletes expired captchas, codes past the daily caps, old sign-in failures and ended limits, and keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const hash = new Uint8Array(32);
    await handle.db.insert(captchas).values([
      { id: 'expired', answerHash: hash, createdAt: ago(10 * MINUTE), expiresAt: ago(5 * MINUTE) },
      { id: 'used-expired', answerHash: hash, expiresAt: ago(1), usedAt: ago(2 * MINUTE) },
      { id: 'live', answerHash: hash, expiresAt: new Date(now.getTime() + 4 * MINUTE) },
    ]);
    const code = (address: string, createdAt: Date, expiresAt: Date) => ({
      channel: 'email' as const,
      address,
      purpose: 'register' as const,
      codeHash: hash,
      createdAt,
      expiresAt,
    });
    await handle.db
      .insert(verificationCodes)
      .values([
        code('stale@example.test', ago(25 * HOUR), ago(25 * HOUR - 10 * MINUTE)),
        code('counted@example.test', ago(2 * HOUR), ago(2 * HOUR - 10 * MINUTE)),
        code('live@example.test', ago(MINUTE), new Date(now.getTime() + 9 * MINUTE)),
      ]);
    await handle.db.insert(loginFailures).values([
      { account: 'old', createdAt: ago(LIMITS.LOGIN_LOCKOUT_MS + MINUTE) },
      { account: 'recent', createdAt: ago(MINUTE) },
    ]);
    await handle.db.insert(rateLimits).values([
      { key: 'captcha_per_ip:203.0.113.1', points: 30, expire: ago(1) },
      { key: 'captcha_per_ip:203.0.113.2', points: 3, expire: new Date(now.getTime() + 30_000) },
    ]);

    const [job] = authJobs({ db: handle.db });
    expect(job?.name).toBe('auth-cleanup');
    await expect(job?.run(now)).resolves.toBe(5);

    expect((await handle.db.select({ id: captchas.id }).from(captchas)).map((row) => row.id)).toEqual([
      'live',
    ]);
    expect(
      (await handle.db.select({ address: verificationCodes.address }).from(verificationCodes))
        .map((row) => row.address)
        .sort(),
    ).toEqual(['counted@example.test', 'live@example.test']);
    expect(
      (await handle.db.select({ account: loginFailures.account }).from(loginFailures)).map(
        (row) => row.account,
      ),
    ).toEqual(['recent']);
    expect((await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
      'captcha_per_ip:203.0.113.2',
    ]);
    // A second round finds nothing left to do.
    await expect(job?.run(now)).resolves.toBe(0);
  });
});
