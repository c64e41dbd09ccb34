import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../shared/storage/storage';
import {
  hasRememberedAccount,
  REMEMBERED_ACCOUNT_KEY,
  readRememberedAccount,
  rememberAccount,
} from './remembered-account';

describe('remembered account', () => {
  it('remembers the email of a login with "remember" ticked', () => {
    const storage = createMemoryStorage();
    rememberAccount(storage, 'email', ' alice@example.test ', true);
    expect(readRememberedAccount(storage)).toEqual({ email: 'alice@example.test', account: '' });
    expect(hasRememberedAccount(storage)).toBe(true);
  });

  it('keeps the email and the account name side by side', () => {
    const storage = createMemoryStorage();
    rememberAccount(storage, 'email', 'alice@example.test', true);
    rememberAccount(storage, 'account', 'alice', true);
    expect(readRememberedAccount(storage)).toEqual({ email: 'alice@example.test', account: 'alice' });
  });

  it('forgets everything after a login with "remember" unticked', () => {
    const storage = createMemoryStorage();
    rememberAccount(storage, 'email', 'alice@example.test', true);
    rememberAccount(storage, 'account', 'alice', false);
    expect(readRememberedAccount(storage)).toEqual({ email: '', account: '' });
    expect(hasRememberedAccount(storage)).toBe(false);
  });

  it('never writes anything but the identifiers', () => {
    const storage = createMemoryStorage();
    rememberAccount(storage, 'email', 'alice@example.test', true);
    expect(JSON.parse(storage.getItem(REMEMBERED_ACCOUNT_KEY) ?? '{}')).toEqual({
      email: 'alice@example.test',
      account: '',
    });
  });

  it('reads damaged storage as nothing remembered', () => {
    const storage = createMemoryStorage();
    storage.setItem(REMEMBERED_ACCOUNT_KEY, '{not json');
    expect(readRememberedAccount(storage)).toEqual({ email: '', account: '' });
    storage.setItem(REMEMBERED_ACCOUNT_KEY, JSON.stringify({ email: 42 }));
    expect(readRememberedAccount(storage)).toEqual({ email: '', account: '' });
  });
});
