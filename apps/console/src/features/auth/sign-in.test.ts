import type { UserInfo } from '@ptc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type SignInDeps, signInWith } from './sign-in';

const USER = { user_name: 'alice', email: 'alice@example.test' } as UserInfo;

/** Fake session storage recording the order of what happened. */
const createDeps = (loadUserInfo: () => Promise<UserInfo> = async () => USER) => {
  const events: string[] = [];
  let token: string | null = null;
  const deps: SignInDeps<{ token: string }> = {
    storeToken: (value) => {
      token = value;
      events.push(`store ${value}`);
    },
    loadUserInfo: async () => {
      events.push(`load with ${token}`);
      return loadUserInfo();
    },
    clearToken: () => {
      token = null;
      events.push('clear');
    },
  };
  return { deps, events, getToken: () => token };
};

describe('signInWith', () => {
  it('stores the token, then fetches the user info with it', async () => {
    const { deps, events, getToken } = createDeps();
    const result = await signInWith(async () => ({ token: 't-1', is_new: false }), deps);
    expect(events).toEqual(['store t-1', 'load with t-1']);
    expect(getToken()).toBe('t-1');
    expect(result).toEqual({ session: { token: 't-1', is_new: false }, user: USER });
  });

  it('clears the token and rethrows when the sign-in call fails', async () => {
    const { deps, events, getToken } = createDeps();
    const failure = new Error('wrong email or password');
    await expect(signInWith(() => Promise.reject(failure), deps)).rejects.toBe(failure);
    expect(events).toEqual(['clear']);
    expect(getToken()).toBeNull();
  });

  it('clears the stored token and rethrows when the user info cannot be fetched', async () => {
    const failure = new Error('token error');
    const { deps, events, getToken } = createDeps(() => Promise.reject(failure));
    await expect(signInWith(async () => ({ token: 't-2' }), deps)).rejects.toBe(failure);
    expect(events).toEqual(['store t-2', 'load with t-2', 'clear']);
    expect(getToken()).toBeNull();
  });

  it('hands the whole answer to storeToken (a guest session brings its analytics email)', async () => {
    const storeToken = vi.fn();
    await signInWith(async () => ({ token: 't-3', tourist_email: 'guest-x@example.test' }), {
      storeToken,
      loadUserInfo: async () => USER,
      clearToken: () => {},
    });
    expect(storeToken).toHaveBeenCalledWith('t-3', { token: 't-3', tourist_email: 'guest-x@example.test' });
  });
});
