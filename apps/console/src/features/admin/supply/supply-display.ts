import {
  type AdminExit,
  type AdminExitChanges,
  type AdminExitPage,
  type AdminNewExits,
  ERRORS,
  type EXIT_KINDS,
  type EXIT_STATES,
  type ExitType,
  isAppError,
} from '@ptc/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { OPERATOR_BASE_PATH } from '../../../routes.paths';
import type { OperatorRole } from '../admin.types';

/** The address of the supply pages. */
export const SUPPLY_PATH = `${OPERATOR_BASE_PATH}/supply`;

/** How an exit reaches the internet: directly, or through an upstream HTTP or SOCKS5 provider. */
export type ExitKind = (typeof EXIT_KINDS)[number];
/** The filterable state of an exit. */
export type ExitState = (typeof EXIT_STATES)[number];

/** What an operator may do with the supply, and the roles the server lets do it (every role reads). */
export const SUPPLY_ACTION_ROLES = {
  /** Add, edit, disable, retire, import, switch the demo supply. */
  change: ['owner'],
  /** Run a health check now. */
  check: ['owner', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** True when an operator with `role` may use `action` (the pages show it only then). */
export const canOperatorRunSupply = (
  role: OperatorRole | undefined,
  action: keyof typeof SUPPLY_ACTION_ROLES,
): boolean => role !== undefined && (SUPPLY_ACTION_ROLES[action] as readonly OperatorRole[]).includes(role);

/** The filters of the exits table (`GET /admin/exits`); empty ones are not sent. */
export interface ExitFilters {
  kind?: ExitKind;
  type?: ExitType;
  /** Two-letter country code. */
  country?: string;
  /** `true`: static addresses only, `false`: rotating exits only. */
  static?: 'true' | 'false';
  state?: ExitState;
  /** Host, IP, label or account text. */
  q?: string;
}

/** The placeholders upstream credential templates may use, filled per connection by the gateway. */
export const TEMPLATE_PLACEHOLDERS = ['user', 'cc', 'state', 'city', 'sid', 'life'] as const;

/** A username template as most residential providers expect one. */
export const TEMPLATE_EXAMPLE = '{user}-country-{cc}-session-{sid}';

/** The columns of a static inventory file, in order (the server's `INVENTORY_COLUMNS`). */
export const INVENTORY_COLUMNS = [
  'ip',
  'country',
  'state',
  'city',
  'type',
  'kind',
  'host',
  'port',
  'username',
  'password',
  'line',
  'label',
] as const;

/** The columns every inventory file must have. */
export const REQUIRED_INVENTORY_COLUMNS = ['ip', 'country', 'type'] as const;

/** The query keys of the supply pages (below `['admin']`, which a sign-out clears). */
export const SUPPLY_KEYS = {
  overview: ['admin', 'supply'] as const,
  exits: ['admin', 'exits'] as const,
  checks: (id: string) => ['admin', 'exit-checks', id] as const,
};

/** Puts an exit as the server answered it into every cached page of the exits table. */
export const replaceCachedExit = (queryClient: QueryClient, exit: AdminExit): void => {
  queryClient.setQueriesData<AdminExitPage>({ queryKey: SUPPLY_KEYS.exits }, (page) =>
    page ? { ...page, records: page.records.map((row) => (row.id === exit.id ? exit : row)) } : page,
  );
};

/** Where an exit leaves: `host:port` of its upstream, or its own IP for a direct exit. */
export const exitAddress = (exit: Pick<AdminExit, 'kind' | 'host' | 'port' | 'ip'>): string =>
  exit.kind === 'direct' ? (exit.ip ?? '—') : `${exit.host ?? '?'}:${exit.port ?? '?'}`;

/** A place's codes, widest last: "new york · NY · US". */
export const placeCodes = (place: { country: string; state: string | null; city: string | null }): string =>
  [place.city, place.state, place.country].filter(Boolean).join(' · ');

/** A 24 h success rate (0–1) in percent with at most one decimal, or a dash without checks. */
export const formatRate = (rate: number | null): string =>
  rate === null ? '—' : `${Number((rate * 100).toFixed(1))}%`;

/** An area as the form holds it. */
export interface AreaValues {
  country?: string;
  state?: string;
  city?: string;
}

/** The upstream part of the exit form. */
interface UpstreamValues {
  kind: ExitKind;
  host?: string;
  port?: number | null;
  account?: string;
  username_template?: string;
  /** Written only: empty keeps the stored one (edits) or sets none (new exits). */
  password_template?: string;
}

/** The form adding exits: one per area and line. */
export interface NewExitsValues extends UpstreamValues {
  type: ExitType;
  lines: number[];
  areas: AreaValues[];
  label?: string;
  ip?: string;
}

/** The form editing one exit. */
export interface ExitChangesValues extends UpstreamValues {
  type: ExitType;
  line: number;
  area: AreaValues;
  label?: string;
  ip?: string;
}

/** Trimmed text, or undefined when empty. */
const textOf = (value: string | null | undefined): string | undefined => value?.trim() || undefined;

/** A place as the API takes it: upper-case codes, the optional parts only when given. */
export const toPlace = (area: AreaValues): { country: string; state?: string; city?: string } => {
  const state = textOf(area.state)?.toUpperCase();
  const city = textOf(area.city);
  return {
    country: (area.country ?? '').trim().toUpperCase(),
    ...(state ? { state } : {}),
    ...(city ? { city } : {}),
  };
};

/** What `POST /admin/exits` takes from the add form (a direct exit sends no upstream fields). */
export const toNewExits = (values: NewExitsValues): AdminNewExits => {
  const upstream =
    values.kind === 'direct'
      ? {}
      : {
          host: textOf(values.host),
          port: values.port ?? undefined,
          account: textOf(values.account),
          username_template: textOf(values.username_template),
          password_template: values.password_template || undefined,
        };
  const optional = { ...upstream, label: textOf(values.label), ip: textOf(values.ip) };
  return {
    kind: values.kind,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    type: values.type,
    lines: [...new Set(values.lines)].sort((a, b) => a - b),
    areas: values.areas.map(toPlace),
  };
};

/**
 * What `PATCH /admin/exits/:id` takes from the edit form: only what changed, since new upstream
 * details restart the exit's health judgement. The password template goes only when a new one
 * was typed; a switch to direct clears the upstream fields.
 */
export const toExitChanges = (exit: AdminExit, values: ExitChangesValues): AdminExitChanges => {
  const changes: AdminExitChanges = {};
  if (values.kind !== exit.kind) changes.kind = values.kind;
  if (values.kind === 'direct') {
    if (exit.kind !== 'direct') {
      Object.assign(changes, { host: null, port: null, account: null, username_template: null });
    }
  } else {
    const host = textOf(values.host) ?? null;
    const port = values.port ?? null;
    const account = textOf(values.account) ?? null;
    const usernameTemplate = textOf(values.username_template) ?? null;
    if (host !== exit.host) changes.host = host;
    if (port !== exit.port) changes.port = port;
    if (account !== exit.account) changes.account = account;
    if (usernameTemplate !== exit.username_template) changes.username_template = usernameTemplate;
    if (values.password_template) changes.password_template = values.password_template;
  }
  if (values.type !== exit.type) changes.type = values.type;
  if (values.line !== exit.line) changes.line = values.line;
  const area = toPlace(values.area);
  if (
    area.country !== exit.country ||
    (area.state ?? null) !== exit.state ||
    (area.city ?? null) !== exit.city
  ) {
    changes.area = area;
  }
  const label = textOf(values.label) ?? null;
  if (label !== exit.label) changes.label = label;
  const ip = textOf(values.ip) ?? null;
  if (ip !== exit.ip) changes.ip = ip;
  return changes;
};

/** One bad line of an inventory file, as the server reports it (line 1 is the header). */
export interface InventoryLineError {
  line: number;
  message: string;
}

/** A refused import: the first bad lines and how many there were in all. */
export interface InventoryRefusal {
  errors: InventoryLineError[];
  error_count: number;
}

/** The numbered bad lines of a refused import (code 1002), or null for any other failure. */
export const inventoryRefusalOf = (error: unknown): InventoryRefusal | null => {
  if (!isAppError(error) || error.key !== 'ERR_ARGUMENT_TYPE') return null;
  const data = error.data as Partial<InventoryRefusal> | null;
  if (!data || !Array.isArray(data.errors)) return null;
  return { errors: data.errors, error_count: data.error_count ?? data.errors.length };
};

/**
 * The server's own sentence about a refusal ("unknown state code "XX" in US"), when it says more
 * than the code table does; operators need it to fix the form.
 */
export const refusalDetail = (error: unknown): string | null => {
  if (!isAppError(error) || !error.key) return null;
  return error.message && error.message !== ERRORS[error.key].message ? error.message : null;
};
