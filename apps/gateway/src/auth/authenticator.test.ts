import { describe, expect, it } from 'vitest';
import { makeCredential } from '../testing/factories';
import { MemoryCredentialStore } from '../testing/memory-stores';
import { AuthThrottle } from './auth-throttle';
import { isSamePassword, parseBasicAuthorization } from './authenticator';
import { CredentialCache } from './credential-cache';

describe('parseBasicAuthorization', () => {
  it('reads user and password, the password possibly holding colons', () => {
    const header = `Basic ${Buffer.from('user-country-us:pa:ss').toString('base64')}`;
    expect(parseBasicAuthorization(header)).toEqual({ username: 'user-country-us', password: 'pa:ss' });
  });

  it('ignores absent, non-Basic and malformed headers', () => {
    expect(parseBasicAuthorization(undefined)).toBeNull();
    expect(parseBasicAuthorization('Bearer abc')).toBeNull();
    expect(parseBasicAuthorization(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeNull();
  });
});

describe('isSamePassword', () => {
  it('compares passwords of any lengths', () => {
    expect(isSamePassword('secret', 'secret')).toBe(true);
    expect(isSamePassword('secret', 'secreT')).toBe(false);
    expect(isSamePassword('secret', 'secret-longer')).toBe(false);
    expect(isSamePassword('', 'x')).toBe(false);
  });
});

describe('CredentialCache', () => {
  const setup = () => {
    const clock = { now: 0 };
    const user = makeCredential();
    const store = new MemoryCredentialStore([user]);
    const cache = new CredentialCache(store, {
      ttlMs: 5_000,
      negativeTtlMs: 1_000,
      maxEntries: 2,
      now: () => clock.now,
    });
    return { clock, user, store, cache };
  };

  it('answers from memory within the TTL and asks the store after it', async () => {
    const { clock, user, store, cache } = setup();
    await cache.find(user.username);
    clock.now = 3_749;
    await cache.find(user.username);
    expect(store.lookups).toBe(1);
    clock.now = 5_000;
    await cache.find(user.username);
    expect(store.lookups).toBe(2);
  });

  it('looks a credential in use up again in the last quarter of its TTL without making anyone wait', async () => {
    const { clock, user, store } = setup();
    // A store whose answers wait until released.
    let release = () => {};
    const slow = {
      findByUsername: async (username: string) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return store.findByUsername(username);
      },
      checkAdmission: (ids: readonly string[]) => store.checkAdmission(ids),
      onChange: (listener: (proxyId: string | null) => void) => store.onChange(listener),
    };
    const cache = new CredentialCache(slow, {
      ttlMs: 5_000,
      negativeTtlMs: 1_000,
      maxEntries: 2,
      now: () => clock.now,
    });
    const lookup = cache.find(user.username);
    release();
    const first = await lookup;
    clock.now = 3_750;
    // Answered from memory while the store has not answered the refresh.
    expect(await cache.find(user.username)).toBe(first);
    expect(await cache.find(user.username)).toBe(first);
    expect(store.lookups).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.lookups).toBe(2);
    // The refreshed entry lives a whole TTL from the refresh.
    clock.now = 3_750 + 3_749;
    const refreshed = await cache.find(user.username);
    expect(refreshed).toMatchObject({ username: user.username });
    expect(refreshed).not.toBe(first);
    expect(store.lookups).toBe(2);
  });

  it('never answers past the TTL, even when the background lookup failed', async () => {
    const { clock, user, store, cache } = setup();
    await cache.find(user.username);
    store.isFailing = true;
    clock.now = 4_000;
    await expect(cache.find(user.username)).resolves.toMatchObject({ username: user.username });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.lookups).toBe(2);
    clock.now = 5_000;
    await expect(cache.find(user.username)).rejects.toThrow('credential store unavailable');
  });

  it('remembers unknown usernames for a shorter time', async () => {
    const { clock, store, cache } = setup();
    await cache.find('nobody');
    await cache.find('nobody');
    expect(store.lookups).toBe(1);
    clock.now = 1_000;
    await cache.find('nobody');
    expect(store.lookups).toBe(2);
  });

  it('shares one store call between concurrent lookups', async () => {
    const { user, store, cache } = setup();
    await Promise.all([cache.find(user.username), cache.find(user.username), cache.find(user.username)]);
    expect(store.lookups).toBe(1);
  });

  it('drops an entry on invalidation, and does not cache an answer fetched before it', async () => {
    const { user, store, cache } = setup();
    await cache.find(user.username);
    cache.invalidate(user.proxyId);
    const racing = cache.find(user.username);
    cache.invalidate(null);
    await racing;
    await cache.find(user.username);
    expect(store.lookups).toBe(3);
  });

  it('keeps at most maxEntries', async () => {
    const { store, cache } = setup();
    const others = [makeCredential(), makeCredential(), makeCredential()];
    for (const other of others) store.put(other);
    for (const other of others) await cache.find(other.username);
    await cache.find(others[0]?.username ?? '');
    expect(store.lookups).toBe(4);
  });
});

describe('AuthThrottle', () => {
  it('delays failures past the free ones, doubling up to the cap, and forgets after a minute', () => {
    const clock = { now: 0 };
    const throttle = new AuthThrottle({
      freeFailuresPerMinute: 5,
      maxDelayMs: 3_000,
      maxSources: 100,
      now: () => clock.now,
    });
    const delays = Array.from({ length: 10 }, () => throttle.recordFailure('1.2.3.4'));
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 1_000, 2_000, 3_000]);
    expect(throttle.recordFailure('5.6.7.8')).toBe(0);
    clock.now = 61_000;
    expect(throttle.recordFailure('1.2.3.4')).toBe(0);
  });
});
