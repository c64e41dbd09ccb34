import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../shared/storage/storage';
import {
  essentialColumns,
  optionalColumns,
  readColumnChoice,
  shownColumns,
  writeColumnChoice,
} from './column-choice';

describe('the column choice', () => {
  it('shows traffic used for families paid by traffic and the expiry for the others', () => {
    expect(essentialColumns('dynamic-traffic')).toContain('traffic_used');
    expect(essentialColumns('static-ip')).toContain('expire_time');
    expect(essentialColumns('dynamic-ip')).not.toContain('traffic_used');
  });

  it('offers only columns that are not already shown', () => {
    for (const family of ['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip'] as const) {
      const essential = essentialColumns(family);
      expect(optionalColumns(family).filter((key) => essential.includes(key))).toEqual([]);
    }
    expect(optionalColumns('static-ip')).toContain('auto_renew');
    expect(optionalColumns('dynamic-traffic')).not.toContain('auto_renew');
  });

  it('remembers a choice per family and drops what the family does not offer', () => {
    const storage = createMemoryStorage();
    writeColumnChoice(storage, 'static-ip', ['remark', 'auto_renew']);
    expect(readColumnChoice(storage, 'static-ip')).toEqual(['auto_renew', 'remark']);
    expect(readColumnChoice(storage, 'dynamic-traffic')).toEqual([]);
    storage.setItem('proxy-list-columns:dynamic-traffic', '["auto_renew","password","nonsense"]');
    expect(readColumnChoice(storage, 'dynamic-traffic')).toEqual(['password']);
    storage.setItem('proxy-list-columns:dynamic-ip', 'not json');
    expect(readColumnChoice(storage, 'dynamic-ip')).toEqual([]);
  });

  it('puts chosen columns after the essential ones and the actions last', () => {
    expect(shownColumns('dynamic-traffic', ['remark', 'password'])).toEqual([
      'username',
      'host',
      'location',
      'protocol',
      'status',
      'switch',
      'traffic_used',
      'remark',
      'password',
      'actions',
    ]);
  });
});
