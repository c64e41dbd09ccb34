import {
  allowedVmOperations,
  type Vm,
  type VmConfSummary,
  type VmOperation,
  type VmPayway,
  type VmStatus,
} from '@ptc/contracts';

/** States a PC passes through on its own; the list asks again until none is left. */
export const TRANSITIONAL_STATUSES: readonly VmStatus[] = ['creating', 'starting', 'stopping', 'restarting'];

/** How often the list asks again while a PC is in a transitional state. */
export const VM_POLL_MS = 3_000;

/** Whether a PC is changing state by itself now (creating, starting, shutting down, restarting). */
export const isTransitional = (vm: Pick<Vm, 'status' | 'released'>): boolean =>
  !vm.released && TRANSITIONAL_STATUSES.includes(vm.status);

/** The list's polling interval: {@link VM_POLL_MS} while any PC is transitional, else none. */
export const pollInterval = (vms: readonly Pick<Vm, 'status' | 'released'>[] | undefined): number | false =>
  vms?.some(isTransitional) ? VM_POLL_MS : false;

/**
 * What the customer may do with the PC now: the server's `operations` (it enforces them), or the
 * state table of the contracts when an answer lacks them. Nothing once released.
 */
export const operationsOf = (vm: Pick<Vm, 'status' | 'released'> & { operations?: Vm['operations'] }) => {
  if (vm.released) return [] as VmOperation[];
  return Array.isArray(vm.operations) ? vm.operations : allowedVmOperations(vm.status, vm.released);
};

/** Whether `operation` is allowed for the PC now. */
export const canOperate = (
  vm: Pick<Vm, 'status' | 'released'> & { operations?: Vm['operations'] },
  operation: VmOperation,
): boolean => operationsOf(vm).includes(operation);

/** The state the list shows: 'released' for a released PC, else its status. */
export const displayStatus = (vm: Pick<Vm, 'status' | 'released'>): VmStatus | 'released' =>
  vm.released ? 'released' : vm.status;

/** The tag colour of each state the list shows. */
export const STATUS_COLORS: Readonly<Record<VmStatus | 'released', string>> = {
  creating: 'processing',
  starting: 'processing',
  stopping: 'processing',
  restarting: 'processing',
  running: 'success',
  failed: 'error',
  expired: 'warning',
  offline: 'volcano',
  stopped: 'default',
  released: 'default',
};

/** A configuration's name in the interface language: `name` is Chinese, `en_name`, `ru_name`. */
export const confName = (conf: Pick<VmConfSummary, 'name' | 'en_name' | 'ru_name'>, language: string) => {
  const own = language.startsWith('zh') ? conf.name : language.startsWith('ru') ? conf.ru_name : conf.en_name;
  return own || conf.en_name || conf.name || conf.ru_name;
};

/** Memory in whole (or one-decimal) GB from 1 GB up, else MB: `{ unit, value }`. */
export const memoryOf = (memoryMb: number): { unit: 'GB' | 'MB'; value: string } => {
  if (memoryMb < 1024) return { unit: 'MB', value: String(memoryMb) };
  const gb = memoryMb / 1024;
  return { unit: 'GB', value: Number.isInteger(gb) ? String(gb) : gb.toFixed(1) };
};

/** The price of `days` of configuration `confId` (`pay_value[conf][days]`), or undefined. */
export const priceOf = (
  payway: Pick<VmPayway, 'pay_value'> | undefined,
  confId: number | undefined,
  days: number | undefined,
): string | undefined => {
  if (!payway || confId === undefined || days === undefined) return undefined;
  return payway.pay_value[String(confId)]?.[String(days)];
};

/** Time left, split for display: days and hours, hours and minutes, minutes, or none. */
export type Remaining =
  | { kind: 'days'; days: number; hours: number }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'none' };

/** Splits a number of seconds left into what the list shows (minutes rounded down). */
export const splitRemaining = (seconds: number): Remaining => {
  if (!(seconds > 0)) return { kind: 'none' };
  const minutesLeft = Math.floor(seconds / 60);
  const days = Math.floor(minutesLeft / 1440);
  const hours = Math.floor((minutesLeft % 1440) / 60);
  const minutes = minutesLeft % 60;
  if (days > 0) return { kind: 'days', days, hours };
  if (hours > 0) return { kind: 'hours', hours, minutes };
  return { kind: 'minutes', minutes };
};

/**
 * Seconds left now: the server's `remaining_seconds` when the list was fetched, less the time since
 * (so the browser's clock does not matter).
 */
export const remainingNow = (remainingSeconds: number, fetchedAt: number, now: number = Date.now()) =>
  Math.max(0, remainingSeconds - Math.max(0, Math.floor((now - fetchedAt) / 1000)));

const DAY_MS = 86_400_000;

/** The expiry after renewing `days`: extended from the later of now and the current expiry. */
export const renewedExpiry = (expireTime: string, days: number, now: number = Date.now()): string =>
  new Date(Math.max(now, new Date(expireTime).getTime()) + days * DAY_MS).toISOString();

/**
 * The remote-control WebSocket address for the ticket's `url`: a path is taken on this page's host
 * (ws: on http, wss: on https); a full ws(s) address is used as given.
 */
export const websocketUrl = (url: string, location: Pick<Location, 'protocol' | 'host'>): string => {
  if (/^wss?:\/\//i.test(url)) return url;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${url.startsWith('/') ? '' : '/'}${url}`;
};

/** X keysyms of the keys the remote-control page types besides text. */
export const KEYSYMS = { Return: 0xff0d, BackSpace: 0xff08, Tab: 0xff09 } as const;

/**
 * The X keysyms that type `text` on the remote PC, one per character: Latin-1 maps one to one,
 * a line break is Return and a tab Tab, anything else the Unicode keysym (0x01000000 + code point)
 * X servers such as Xvnc accept. Other control characters are left out.
 */
export const keysymsOf = (text: string): number[] =>
  [...text.replace(/\r\n?/g, '\n')].flatMap((character) => {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\n') return [KEYSYMS.Return];
    if (character === '\t') return [KEYSYMS.Tab];
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return [];
    return [code <= 0xff ? code : 0x01000000 + code];
  });
