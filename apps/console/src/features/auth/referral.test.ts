import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../shared/storage/storage';
import { readStoredReferral, storeReferralFromSearch } from './referral';

describe('referral code', () => {
  it('stores the ?ref= of the register address', () => {
    const storage = createMemoryStorage();
    expect(storeReferralFromSearch('?ref=FRIEND42&utm=mail', storage)).toBe('FRIEND42');
    expect(storage.getItem('ref')).toBe('FRIEND42');
  });

  it('keeps an earlier code when the address has none', () => {
    const storage = createMemoryStorage();
    storage.setItem('ref', 'EARLIER');
    expect(storeReferralFromSearch('', storage)).toBe('EARLIER');
  });

  it('ignores empty and overlong codes', () => {
    const storage = createMemoryStorage();
    storeReferralFromSearch('?ref=%20', storage);
    storeReferralFromSearch(`?ref=${'x'.repeat(33)}`, storage);
    expect(readStoredReferral(storage)).toBeUndefined();
  });
});
