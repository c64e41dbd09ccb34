import { parsePtc } from '@ptc/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { wallet as enUS } from '../../locales/en-US/wallet';
import { wallet as ruRU } from '../../locales/ru-RU/wallet';
import {
  describeEntry,
  formatTrailAmount,
  type LedgerEntry,
  type Translate,
  toLedgerQuery,
  toTrailCsv,
} from './money-trail';

/** A translator over one language's wallet texts, as the console's translator interpolates them. */
const translator =
  (texts: Record<string, string>): Translate =>
  (key, values = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const entry = (
  overrides: Partial<Omit<LedgerEntry, 'detail'>> & { detail?: Partial<LedgerEntry['detail']> },
): LedgerEntry => ({
  id: '1',
  time: '2026-11-27T08:00:00.000Z',
  kind: 'purchase',
  amount: '-1.000000',
  balance_after: '0.000000',
  ...overrides,
  detail: {
    reference: null,
    family: null,
    exit_type: null,
    country: null,
    state: null,
    city: null,
    city_name: null,
    count: null,
    days: null,
    gb: null,
    bytes: null,
    method: null,
    reason: null,
    ...overrides.detail,
  },
});

const en = translator(enUS);

describe('the money trail', () => {
  it('describes a free replacement of a static IP with its addresses and reason (issue #21)', () => {
    const replaced = entry({
      kind: 'replacement',
      amount: '0.000000',
      detail: {
        family: 'static-ip',
        exit_type: 'residential',
        replaced_ip: '203.0.113.7',
        new_ip: '203.0.113.9',
        replacement_reason: 'blocked',
      },
    });
    expect(describeEntry(replaced, translator(enUS), 'en-US')).toBe(
      'IP replaced free of charge: 203.0.113.7 → 203.0.113.9 · blocked by a target site · Static proxy by IP (residential)',
    );
    expect(describeEntry(replaced, translator(ruRU), 'ru-RU')).toContain(
      'IP заменён бесплатно: 203.0.113.7 → 203.0.113.9',
    );
    expect(formatTrailAmount(replaced.amount, true)).toBe('+0.00');
  });

  it('says "via API key <name>" after a movement a script made with one of the account’s keys', () => {
    const bought = entry({ detail: { gb: 10 }, api_key_name: 'nightly job' });
    expect(describeEntry(bought, en, 'en-US')).toBe('Traffic package 10 GB · via API key nightly job');
    expect(describeEntry(bought, translator(ruRU), 'ru-RU')).toBe(
      'Пакет трафика 10 ГБ · через API-ключ «nightly job»',
    );
    expect(describeEntry(entry({ detail: { gb: 10 }, api_key_name: null }), en, 'en-US')).toBe(
      'Traffic package 10 GB',
    );
    expect(toTrailCsv([bought], en, 'en-US')).toContain('via API key nightly job');
  });

  it('says what each movement was for, in the customer language', () => {
    expect(describeEntry(entry({ detail: { gb: 10 } }), en, 'en-US')).toBe('Traffic package 10 GB');
    expect(describeEntry(entry({ detail: { gb: 10 } }), translator(ruRU), 'ru-RU')).toBe(
      'Пакет трафика 10 ГБ',
    );
    expect(
      describeEntry(
        entry({
          detail: { family: 'static-ip', exit_type: 'residential', country: 'US', count: 2, days: 30 },
        }),
        en,
        'en-US',
      ),
    ).toBe('Static proxy by IP (residential) × 2 · United States · 30 days');
    expect(
      describeEntry(
        entry({ kind: 'usage', detail: { family: 'dynamic-traffic', bytes: '268435456' } }),
        en,
        'en-US',
      ),
    ).toBe('Traffic 256.00 MB · Rotating proxy by traffic');
    expect(
      describeEntry(
        entry({ kind: 'topup', amount: '200.000000', detail: { method: 'card', reference: 'T1' } }),
        en,
        'en-US',
      ),
    ).toBe('Top-up by Card, order T1');
    expect(describeEntry(entry({ kind: 'topup', amount: '5.000000' }), en, 'en-US')).toBe('Top-up');
    expect(
      describeEntry(entry({ kind: 'refund', detail: { reason: 'dynamic_ip_failed' } }), en, 'en-US'),
    ).toContain('within 3 minutes');
  });

  it('shows amounts exactly, with at least two decimals and their sign', () => {
    expect(formatTrailAmount('200.000000', true)).toBe('+200.00');
    expect(formatTrailAmount('-0.000931', true)).toBe('−0.000931');
    expect(formatTrailAmount('1.234500')).toBe('1.2345');
    expect(formatTrailAmount('-15.000000')).toBe('-15.00');
  });

  it('writes a CSV whose amounts are the exact micro-PTC, quoting what must be quoted', () => {
    const rows = [
      entry({
        id: '2',
        kind: 'usage',
        amount: '-0.000931',
        balance_after: '219.999069',
        detail: { bytes: '1024' },
      }),
      entry({
        id: '1',
        kind: 'topup',
        amount: '220.000000',
        balance_after: '220.000000',
        detail: { method: 'card', reference: 'T1' },
      }),
    ];
    const lines = toTrailCsv(rows, en, 'en-US').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Kind,Details,Amount (PTC),Balance after (PTC),Reference');
    expect(lines[1]).toBe(
      '2026-11-27T08:00:00.000Z,Traffic charge,Traffic 1.00 KB · a proxy,-0.000931,219.999069,',
    );
    expect(lines[2]).toBe(
      '2026-11-27T08:00:00.000Z,Top-up,"Top-up by Card, order T1",220.000000,220.000000,T1',
    );
    // The balance of each row is the one before plus its amount, to the micro-PTC.
    expect(parsePtc('220.000000') + parsePtc('-0.000931')).toBe(parsePtc('219.999069'));
  });

  it('asks the server for whole days and the chosen kinds', () => {
    const day = dayjs('2026-11-20T12:00:00');
    const query = toLedgerQuery({ page: 2, pageSize: 50, range: [day, day], kinds: ['usage', 'purchase'] });
    expect(query).toMatchObject({ page: 2, page_size: 50, kind: 'usage,purchase' });
    expect(dayjs(query.start).isSame(day.startOf('day'))).toBe(true);
    expect(dayjs(query.end).isSame(day.endOf('day'))).toBe(true);
    expect(toLedgerQuery({ page: 1, pageSize: 20, range: null, kinds: [] })).toEqual({
      page: 1,
      page_size: 20,
    });
  });
});
