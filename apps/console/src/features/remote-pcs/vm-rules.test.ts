import { allowedVmOperations, VM_STATUSES } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { REMOTE_PC_TEXTS } from './remote-pc-texts';
import {
  canOperate,
  confName,
  displayStatus,
  isTransitional,
  KEYSYMS,
  keysymsOf,
  memoryOf,
  operationsOf,
  pollInterval,
  priceOf,
  remainingNow,
  renewedExpiry,
  splitRemaining,
  VM_POLL_MS,
  websocketUrl,
} from './vm-rules';

describe('remote PC rules', () => {
  it('polls while a PC is creating, starting, shutting down or restarting, and only then', () => {
    expect(
      ['creating', 'starting', 'stopping', 'restarting'].map((status) =>
        isTransitional({ status, released: false } as never),
      ),
    ).toEqual([true, true, true, true]);
    for (const status of ['running', 'failed', 'expired', 'offline', 'stopped'] as const) {
      expect(isTransitional({ status, released: false }), status).toBe(false);
    }
    expect(isTransitional({ status: 'creating', released: true })).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([{ status: 'running', released: false }])).toBe(false);
    expect(
      pollInterval([
        { status: 'running', released: false },
        { status: 'starting', released: false },
      ]),
    ).toBe(VM_POLL_MS);
  });

  it("enables the server's operations, the contracts' table when an answer lacks them, none once released", () => {
    expect(operationsOf({ status: 'running', released: false, operations: ['renew'] })).toEqual(['renew']);
    expect(operationsOf({ status: 'running', released: false })).toEqual(
      allowedVmOperations('running', false),
    );
    expect(operationsOf({ status: 'running', released: true, operations: ['renew'] })).toEqual([]);
    expect(canOperate({ status: 'stopped', released: false, operations: ['start', 'renew'] }, 'start')).toBe(
      true,
    );
    expect(canOperate({ status: 'stopped', released: false, operations: ['start', 'renew'] }, 'remote')).toBe(
      false,
    );
  });

  it("shows 'released' for a released PC and every status of VM_STATUSES has a text in each language", () => {
    expect(displayStatus({ status: 'expired', released: true })).toBe('released');
    expect(displayStatus({ status: 'offline', released: false })).toBe('offline');
    for (const texts of Object.values(REMOTE_PC_TEXTS)) {
      for (const status of [...VM_STATUSES, 'released']) {
        expect(texts[`remotePc.status.${status}` as keyof typeof texts], status).toBeTruthy();
      }
    }
  });

  it('names a configuration in the interface language, falling back to another name', () => {
    const conf = { name: '标准', en_name: 'Standard', ru_name: 'Стандарт' };
    expect(confName(conf, 'zh-CN')).toBe('标准');
    expect(confName(conf, 'en-US')).toBe('Standard');
    expect(confName(conf, 'ru-RU')).toBe('Стандарт');
    expect(confName({ ...conf, ru_name: '' }, 'ru-RU')).toBe('Standard');
  });

  it('writes memory in GB from 1 GB up', () => {
    expect(memoryOf(512)).toEqual({ unit: 'MB', value: '512' });
    expect(memoryOf(4096)).toEqual({ unit: 'GB', value: '4' });
    expect(memoryOf(1536)).toEqual({ unit: 'GB', value: '1.5' });
  });

  it('reads the price of a configuration and days from pay_value', () => {
    const payway = { pay_value: { '1': { '1': '1.20', '30': '30.00' } } };
    expect(priceOf(payway, 1, 30)).toBe('30.00');
    expect(priceOf(payway, 1, 7)).toBeUndefined();
    expect(priceOf(payway, 2, 1)).toBeUndefined();
    expect(priceOf(payway, undefined, 1)).toBeUndefined();
  });

  it('splits the time left and counts it down from when the list was fetched', () => {
    expect(splitRemaining(0)).toEqual({ kind: 'none' });
    expect(splitRemaining(59)).toEqual({ kind: 'minutes', minutes: 0 });
    expect(splitRemaining(3 * 3600 + 125)).toEqual({ kind: 'hours', hours: 3, minutes: 2 });
    expect(splitRemaining(6 * 86_400 + 23 * 3600 + 3599)).toEqual({ kind: 'days', days: 6, hours: 23 });
    expect(remainingNow(600, 1_000_000, 1_000_000 + 61_000)).toBe(539);
    expect(remainingNow(30, 0, 120_000)).toBe(0);
  });

  it('renews from the later of now and the expiry', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(renewedExpiry('2026-11-30T12:00:00.000Z', 7, now)).toBe('2026-12-07T12:00:00.000Z');
    expect(renewedExpiry('2026-11-20T12:00:00.000Z', 1, now)).toBe('2026-11-28T12:00:00.000Z');
  });

  it("opens the relay's path on this page's host, wss on https", () => {
    const path = '/api/proxy/vm/vnc?ticket=abc';
    expect(websocketUrl(path, { protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/api/proxy/vm/vnc?ticket=abc',
    );
    expect(websocketUrl(path, { protocol: 'https:', host: 'console.example' })).toBe(
      'wss://console.example/api/proxy/vm/vnc?ticket=abc',
    );
    expect(websocketUrl('wss://relay.example/x', { protocol: 'http:', host: 'h' })).toBe(
      'wss://relay.example/x',
    );
  });
});

describe('typing on the remote PC', () => {
  it('maps Latin-1 one to one, line breaks and tabs to their keys, anything else to Unicode keysyms', () => {
    expect(keysymsOf('Ab1 é')).toEqual([0x41, 0x62, 0x31, 0x20, 0xe9]);
    expect(keysymsOf('a\r\nb\tc\n')).toEqual([0x61, KEYSYMS.Return, 0x62, KEYSYMS.Tab, 0x63, KEYSYMS.Return]);
    expect(keysymsOf('中😀')).toEqual([0x01000000 + 0x4e2d, 0x01000000 + 0x1f600]);
    expect(keysymsOf('\u0000\u0007\u009b')).toEqual([]);
  });
});

describe('remote PC texts', () => {
  const [first, ...others] = Object.entries(REMOTE_PC_TEXTS);
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

  it.each(others)('%s has exactly the keys and placeholders of en-US, none empty', (_locale, texts) => {
    const [, english] = first ?? ['', {}];
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders((english as Record<string, string>)[key] ?? ''));
    }
  });
});
