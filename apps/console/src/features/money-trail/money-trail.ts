import {
  formatPtc,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
  type LedgerQuery,
  parsePtc,
} from '@ptc/contracts';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { getPlaceNamer } from '../../shared/i18n/place-names';
import { formatBytes } from '../proxy-list/proxy-display';

/**
 * The money trail at the console's edge: what the customer asks for, how each movement reads in
 * their language, and the CSV they download. Amounts stay decimal strings and `bigint` micro-PTC;
 * nothing here is a float.
 */

export { LEDGER_KINDS, type LedgerEntry, type LedgerKind };

/** Movements per page at first. */
export const TRAIL_PAGE_SIZE = 20;

/** What the trail's table asks for. */
export interface TrailFilter {
  page: number;
  pageSize: number;
  /** Days, both ends included, in the browser's time zone. */
  range: readonly [Dayjs, Dayjs] | null;
  /** Kinds to show; every kind when empty. */
  kinds: readonly LedgerKind[];
}

/** The query of a trail page (`GET /proxy/charges/ledger`). */
export const toLedgerQuery = ({ page, pageSize, range, kinds }: TrailFilter): LedgerQuery => ({
  page,
  page_size: pageSize,
  ...(range
    ? { start: range[0].startOf('day').toISOString(), end: range[1].endOf('day').toISOString() }
    : {}),
  ...(kinds.length > 0 ? { kind: kinds.join(',') } : {}),
});

/** Translates a key with values (the console translator's `t`, narrowed to what this module needs). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * An exact amount as the trail shows it: at least two decimals, more only where the movement has
 * them (a traffic charge of 0.000931 PTC stays 0.000931), with its sign ("+200.00", "−0.000931").
 */
export const formatTrailAmount = (text: string, withSign = false): string => {
  const micro = parsePtc(text);
  const exact = formatPtc(micro < 0n ? -micro : micro, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
  if (!withSign) return micro < 0n ? `-${exact}` : exact;
  return micro < 0n ? `−${exact}` : `+${exact}`;
};

/** The product a movement is about ("Static proxy by IP, residential"). */
const productOf = (entry: LedgerEntry, t: Translate): string | null => {
  const { family, exit_type: exitType } = entry.detail;
  if (!family) return null;
  const name = t(`moneyTrail.family.${family}`);
  return exitType
    ? t('moneyTrail.productWithType', { product: name, type: t(`moneyTrail.exitType.${exitType}`) })
    : name;
};

/** Where the proxy is: its city, state and country in the customer's language. */
const areaOf = ({ detail }: LedgerEntry, locale: string): string | null =>
  detail.country
    ? getPlaceNamer(locale).place({
        country: detail.country,
        state: detail.state,
        city: detail.city,
        city_name: detail.city_name,
      })
    : null;

const termOf = (days: number | null, t: Translate): string | null => {
  if (days === null) return null;
  return days === 1 ? t('moneyTrail.term.day') : t('moneyTrail.term.days', { days });
};

const joined = (parts: (string | null)[]) => parts.filter(Boolean).join(' · ');

/** What a movement was for, in the customer's language, without who made it. */
const describeMovement = (entry: LedgerEntry, t: Translate, locale: string): string => {
  const { detail } = entry;
  const product = productOf(entry, t);
  const area = areaOf(entry, locale);
  const term = termOf(detail.days, t);
  const orderNo = detail.reference ?? '';
  switch (entry.kind) {
    case 'topup':
      if (!detail.method) return t('moneyTrail.kind.topup');
      return detail.method === 'auto'
        ? t('moneyTrail.describe.autoTopUp', { orderNo })
        : t('moneyTrail.describe.topUp', { orderNo, method: t(`charge.bill.${detail.method}`) });
    case 'bonus':
      return detail.reference ? t('moneyTrail.describe.bonus', { orderNo }) : t('moneyTrail.kind.bonus');
    case 'purchase':
      if (detail.gb !== null) return t('moneyTrail.describe.package', { gb: detail.gb });
      if (!product) return t('moneyTrail.kind.purchase');
      return joined([t('moneyTrail.describe.purchase', { product, count: detail.count ?? 1 }), area, term]);
    case 'usage':
      return joined([
        t('moneyTrail.describe.usage', {
          traffic: detail.bytes ? formatBytes(detail.bytes) : '—',
          product: product ?? t('moneyTrail.family.unknown'),
        }),
        area,
      ]);
    case 'renewal':
      return joined([t('moneyTrail.describe.renewal', { product: product ?? '' }), area, term]);
    case 'refund':
      if (detail.reason === 'dynamic_ip_failed') return t('moneyTrail.describe.refund.dynamicIpFailed');
      if (detail.reason === 'static_ip_retired') return t('moneyTrail.describe.refund.staticIpRetired');
      if (detail.reason === 'charge_refunded') return t('moneyTrail.describe.refund.charge');
      return t('moneyTrail.kind.refund');
    case 'adjustment':
      if (detail.reason === 'account_deleted') return t('moneyTrail.describe.accountDeleted');
      return t('moneyTrail.describe.adjustment');
    case 'replacement':
      return joined([
        detail.replaced_ip && detail.new_ip
          ? t('moneyTrail.describe.replacement', { from: detail.replaced_ip, to: detail.new_ip })
          : t('moneyTrail.kind.replacement'),
        detail.replacement_reason ? t(`moneyTrail.replacementReason.${detail.replacement_reason}`) : null,
        product,
        area,
      ]);
    default:
      return t(`moneyTrail.kind.${entry.kind}`);
  }
};

/**
 * What a movement was for, in the customer's language, and "via API key <name>" when a script
 * made it with one of the account's keys (issue #17).
 */
export const describeEntry = (entry: LedgerEntry, t: Translate, locale: string): string => {
  const description = describeMovement(entry, t, locale);
  return entry.api_key_name
    ? joined([description, t('moneyTrail.viaApiKey', { name: entry.api_key_name })])
    : description;
};

/** One CSV field, quoted when it must be (RFC 4180), and never read as a formula by a spreadsheet. */
const csvField = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The CSV of movements: time (ISO, UTC), kind, description, amount and balance after, both exact
 * to the micro-PTC as the server keeps them (no float, no rounding), and the reference.
 */
export const toTrailCsv = (entries: readonly LedgerEntry[], t: Translate, locale: string): string => {
  const header = [
    t('moneyTrail.column.time'),
    t('moneyTrail.column.kind'),
    t('moneyTrail.column.description'),
    t('moneyTrail.column.amount'),
    t('moneyTrail.column.balanceAfter'),
    t('moneyTrail.column.reference'),
  ];
  const rows = entries.map((entry) => [
    entry.time,
    t(`moneyTrail.kind.${entry.kind}`),
    describeEntry(entry, t, locale),
    formatPtc(parsePtc(entry.amount), 6),
    formatPtc(parsePtc(entry.balance_after), 6),
    entry.detail.reference ?? '',
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
};

/** The CSV file's name: `balance-history-YYYYMMDD-HHmm.csv`. */
export const trailCsvName = (now = dayjs()) => `balance-history-${now.format('YYYYMMDD-HHmm')}.csv`;
