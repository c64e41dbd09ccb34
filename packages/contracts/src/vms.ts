/**
 * Remote PCs (SPEC §2 Remote PC screen, §3 VM and VM payway, §4 Remote PC statuses, §5, §7 Remote
 * VM, §8; issue #19). Shared by the server's routes and the console's /remote-service pages. Paths
 * are below the API base `/api`; amounts are exact PTC decimal strings; ids are opaque.
 *
 * Errors: invalid parameters 1001/1002 (HTTP 400); another customer's or a missing proxy 4005;
 * balance 3002; host full or provider unavailable 4002 (ERR_MACHINE_DEFICIENCY, the reason in msg);
 * creation suspended by the operator 20002; per-customer limit 20003; another creation under way
 * 20004; another customer's or a missing PC 20005 (the same answer for both); released 20007; an
 * operation the PC's state does not allow 20008.
 */
import { z } from 'zod';
import type { VmStatus } from './statuses';
import { VM_STATUSES } from './statuses';
import { ptcAmountSchema } from './user';

// ---------------------------------------------------------------------------------------------
// Constants

/** What a customer can do with a PC (SPEC §4); which of them a state allows: {@link allowedVmOperations}. */
export const VM_OPERATIONS = ['start', 'stop', 'restart', 'remote', 'renew', 'auto_renew'] as const;
export type VmOperation = (typeof VM_OPERATIONS)[number];

/** `POST /proxy/vm/execute/{action}`. */
export const VM_ACTIONS = ['start', 'stop', 'restart'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];

/** Rental periods offered, in days (creation and manual renewal). */
export const VM_DAYS = [1, 7, 30] as const;
export type VmDays = (typeof VM_DAYS)[number];

/** How long a remote-control ticket is valid, in seconds (single use). */
export const VM_REMOTE_TICKET_SECONDS = 30;
/** Path of the remote-control WebSocket (with `?ticket=`), below the site root. */
export const VM_VNC_PATH = '/api/proxy/vm/vnc';
/** WebSocket subprotocol of the relay (noVNC asks for it). */
export const VM_VNC_SUBPROTOCOL = 'binary';

/** Longest PC id a request may name. */
export const VM_ID_MAX_LENGTH = 64;

// ---------------------------------------------------------------------------------------------
// Which operations each state allows (the server enforces it; the console disables the rest)

const OPERATIONS_BY_STATUS: Readonly<Record<VmStatus, readonly VmOperation[]>> = {
  running: ['stop', 'restart', 'remote', 'renew', 'auto_renew'],
  stopped: ['start', 'renew', 'auto_renew'],
  offline: ['start', 'renew', 'auto_renew'],
  expired: ['renew', 'auto_renew'],
  creating: ['auto_renew'],
  starting: ['auto_renew'],
  stopping: ['auto_renew'],
  restarting: ['auto_renew'],
  failed: [],
};

/**
 * The operations a PC in `status` allows now, in {@link VM_OPERATIONS} order: none once released
 * (nor for an unknown status).
 */
export const allowedVmOperations = (status: VmStatus | string, released: boolean): VmOperation[] => {
  if (released) return [];
  const allowed = (OPERATIONS_BY_STATUS as Record<string, readonly VmOperation[] | undefined>)[status];
  return allowed ? VM_OPERATIONS.filter((operation) => allowed.includes(operation)) : [];
};

/** Whether a PC in `status` allows `operation` now. */
export const isVmOperationAllowed = (
  status: VmStatus | string,
  released: boolean,
  operation: VmOperation,
): boolean => allowedVmOperations(status, released).includes(operation);

// ---------------------------------------------------------------------------------------------
// Requests

/** A PC's public id as requests name it (any other string answers 20005 like a missing PC). */
export const vmIdSchema = z.string().min(1).max(VM_ID_MAX_LENGTH);

/** Days of a rental: one of {@link VM_DAYS}. */
export const vmDaysSchema = z
  .number()
  .int()
  .refine((days) => (VM_DAYS as readonly number[]).includes(days), {
    message: `one of ${VM_DAYS.join(', ')}`,
  });

/** `POST /proxy/vm`: location, configuration and days are required (SPEC §5). */
export const vmCreateRequestSchema = z.object({
  /** Country code of the area list `use_in=vm`. */
  area: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
    .transform((value) => value.toUpperCase()),
  /** Id of a configuration of `GET /proxy/payway/vm`. */
  vm_conf: z.number().int().min(1).max(2_147_483_647),
  days: vmDaysSchema,
  auto_renew: z.boolean().default(false),
  /** The customer's proxy the PC's browser goes out through. */
  proxy_id: z.string().min(1).max(200),
});
export type VmCreateRequest = z.input<typeof vmCreateRequestSchema>;

/** `POST /proxy/vm/execute/{action}` path. */
export const vmExecuteParamsSchema = z.object({ action: z.enum(VM_ACTIONS) });

/** Body naming one PC: `execute/{action}` and `remote`. */
export const vmIdRequestSchema = z.object({ id: vmIdSchema });
export type VmIdRequest = z.input<typeof vmIdRequestSchema>;

/** `POST /proxy/vm/renew/manual`: expiry extended from max(now, expire_time). */
export const vmRenewManualRequestSchema = z.object({ id: vmIdSchema, days: vmDaysSchema });
export type VmRenewManualRequest = z.input<typeof vmRenewManualRequestSchema>;

/** `POST /proxy/vm/renew/auto`. */
export const vmRenewAutoRequestSchema = z.object({ id: vmIdSchema, auto_renew: z.boolean() });
export type VmRenewAutoRequest = z.input<typeof vmRenewAutoRequestSchema>;

/** `GET /proxy/vm` query. */
export const vmListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type VmListQuery = z.input<typeof vmListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A configuration as a PC shows it (names in the three languages). */
export const vmConfSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  en_name: z.string(),
  ru_name: z.string(),
  cpu: z.number().int(),
  memory_mb: z.number().int(),
});
export type VmConfSummary = z.infer<typeof vmConfSummarySchema>;

/** A configuration offered for sale, with its price per day. */
export const vmConfSchema = vmConfSummarySchema.extend({ price_per_day: ptcAmountSchema });
export type VmConf = z.infer<typeof vmConfSchema>;

/** `GET /proxy/payway/vm` (SPEC §3 VM payway). */
export const vmPaywaySchema = z.object({
  vm_conf: z.array(vmConfSchema),
  /** {@link VM_DAYS}. */
  days: z.array(z.number().int()),
  /** What `days` of a configuration cost: `pay_value[conf_id][days]` (30 days may be cheaper). */
  pay_value: z.record(z.string(), z.record(z.string(), ptcAmountSchema)),
  /** Whether a PC can be created now. */
  available: z.boolean(),
  /** Why creation is unavailable (provider missing: the 4002 text; suspended: the 20002 text). */
  message: z.string().nullable(),
});
export type VmPayway = z.infer<typeof vmPaywaySchema>;

/** The proxy a PC goes out through. */
export const vmProxySchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Gateway host:port. */
  address: z.string(),
});

/** A remote PC (SPEC §3 VM). */
export const vmSchema = z.object({
  /** Public id. */
  id: z.string(),
  /** Connection details; null until created. */
  ip: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  /** Country code. */
  area: z.string(),
  vm_conf: vmConfSummarySchema,
  days: z.number().int(),
  auto_renew: z.boolean(),
  status: z.enum(VM_STATUSES),
  released: z.boolean(),
  create_time: z.string(),
  expire_time: z.string(),
  /** 0 once expired. */
  remaining_seconds: z.number().int(),
  /** Null when the proxy no longer exists. */
  proxy: vmProxySchema.nullable(),
  /** {@link allowedVmOperations} now. */
  operations: z.array(z.enum(VM_OPERATIONS)),
  /** Why creation or the last operation failed, in words. */
  failure_reason: z.string().nullable(),
});
export type Vm = z.infer<typeof vmSchema>;

/** `GET /proxy/vm`: newest first. */
export const vmListSchema = z.object({ data: z.array(vmSchema), total: z.number().int() });
export type VmList = z.infer<typeof vmListSchema>;

/** `POST /proxy/vm/remote`: a single-use ticket for the remote-control WebSocket. */
export const vmRemoteSchema = z.object({
  /** Path of the WebSocket with the ticket, e.g. `/api/proxy/vm/vnc?ticket=…`. */
  url: z.string(),
  /** VNC password noVNC answers the PC with. */
  password: z.string(),
  /** Seconds the ticket stays valid ({@link VM_REMOTE_TICKET_SECONDS}). */
  expires_in: z.number().int(),
});
export type VmRemote = z.infer<typeof vmRemoteSchema>;
