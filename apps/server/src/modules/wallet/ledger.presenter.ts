import { formatPtc, type LedgerDetail, type LedgerEntry, type LedgerReason } from '@ptc/contracts';
import { cityNameOf } from '../areas/place-names';
import type { TrailRow } from './ledger.repository';

/**
 * Figures the services that move money write into an entry's note (the note is for operators and
 * is English): "3 × static-ip residential, 30 day(s) at …" (purchase), "1048576 bytes at …"
 * (usage), "Renewal of static-ip … for 30 day(s) at …" (renewal). The money trail reads them
 * back as data; `ledger.service.test.ts` moves money through those services, so a changed note
 * format fails there.
 */
const PURCHASE_COUNT = /^(\d+) ×/;
const DAYS = /(\d+) day\(s\)/;
const USAGE_BYTES = /^(\d+) bytes/;
/** "Replaced 203.0.113.7 by 203.0.113.9: blocked" (replacement, issue #21). */
const REPLACED = /^Replaced (\S+) by (\S+): (unhealthy|blocked|slow|other)$/;

const numberIn = (pattern: RegExp, text: string | null): number | null => {
  const match = text ? pattern.exec(text) : null;
  return match?.[1] ? Number.parseInt(match[1], 10) : null;
};

/** Why a refund or an adjustment happened, from what it refers to. */
const reasonOf = ({ entry, proxy }: TrailRow): LedgerReason | null => {
  if (entry.kind === 'refund') {
    if (entry.referenceType === 'ledger_entry') return 'charge_refunded';
    if (entry.referenceType !== 'proxy') return null;
    if (entry.note?.includes('retired')) return 'static_ip_retired';
    if (entry.note?.includes('failed') || proxy?.family === 'dynamic-ip') return 'dynamic_ip_failed';
    return proxy?.family?.startsWith('static') ? 'static_ip_retired' : null;
  }
  if (entry.kind === 'adjustment') {
    if (entry.referenceType === 'operator') return 'operator_adjustment';
    if (entry.idempotencyKey.startsWith('account-deleted:')) return 'account_deleted';
  }
  return null;
};

/** What a movement was for, as data (the console words it in the customer's language). */
export const presentLedgerDetail = (row: TrailRow): LedgerDetail => {
  const { entry, proxy, order } = row;
  // An operator's own words (a refund's or an adjustment's reason) stay on the operator side: they
  // are internal and in no particular language.
  const reason = reasonOf(row);
  const days =
    entry.kind === 'purchase' || entry.kind === 'renewal'
      ? (numberIn(DAYS, entry.note) ?? (proxy?.family === 'static-ip' ? proxy.renewDays : null))
      : null;
  return {
    // An operator's e-mail is theirs, not the customer's to read.
    reference: entry.referenceType === 'operator' ? null : entry.referenceId,
    family: proxy?.family ?? null,
    exit_type: proxy?.exitType ?? null,
    country: proxy?.country ?? null,
    state: proxy?.state ?? null,
    city: proxy?.city ?? null,
    city_name:
      proxy?.country && proxy.city ? (cityNameOf(proxy.country, proxy.state, proxy.city) ?? null) : null,
    count: entry.kind === 'purchase' && proxy ? (numberIn(PURCHASE_COUNT, entry.note) ?? 1) : null,
    days,
    gb: row.packageGb,
    bytes: entry.kind === 'usage' ? (USAGE_BYTES.exec(entry.note ?? '')?.[1] ?? null) : null,
    method: order ? (order.kind === 'auto_topup' ? 'auto' : order.method) : null,
    reason,
    ...replacementOf(entry.kind, entry.note),
  };
};

/** The addresses and reason of a replacement, from its note; nothing for other kinds. */
const replacementOf = (kind: string, note: string | null): Partial<LedgerDetail> => {
  if (kind !== 'replacement') return {};
  const match = REPLACED.exec(note ?? '');
  if (!match) return { replaced_ip: null, new_ip: null, replacement_reason: null };
  const [, from, to, why] = match;
  return {
    replaced_ip: from === '?' ? null : (from ?? null),
    new_ip: to === '?' ? null : (to ?? null),
    replacement_reason: why as LedgerDetail['replacement_reason'],
  };
};

/** One movement of the money trail, amounts exact to the micro-PTC. */
export const presentLedgerEntry = (row: TrailRow): LedgerEntry => ({
  id: row.entry.id.toString(),
  time: row.entry.createdAt.toISOString(),
  kind: row.entry.kind,
  amount: formatPtc(row.entry.amount, 6),
  balance_after: formatPtc(row.entry.balanceAfter, 6),
  detail: presentLedgerDetail(row),
  api_key_name: row.apiKeyName,
});
