import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  isVmOperationAllowed,
  type Micro,
  VM_DAYS,
  VM_REMOTE_TICKET_SECONDS,
  VM_STATUSES,
  VM_VNC_PATH,
  type Vm,
  type VmAction,
  type VmList,
  type VmPayway,
  type VmRemote,
  type VmStatus,
  type vmCreateRequestSchema,
  type vmListQuerySchema,
  type vmRenewAutoRequestSchema,
  type vmRenewManualRequestSchema,
} from '@ptc/contracts';
import { and, type Database, eq, isNull, isUniqueViolation, proxies } from '@ptc/db';
import type { z } from 'zod';
import { DesktopClosedError, type DesktopSpec } from '../../adapters/desktops';
import { countSupply } from '../areas/areas.repository';
import type { UserRow } from '../auth/auth.repository';
import { moveMoney } from '../wallet/ledger.service';
import { gatewayForDesktops, publicGatewayOf, type VmsDeps } from './vms.deps';
import { presentConf, presentPayValues, presentVm, priceOf } from './vms.presenter';
import {
  countCapacityUse,
  countHeldVms,
  findConfiguration,
  findOwnVm,
  findRecord,
  hasCreatingVm,
  insertTicket,
  insertVm,
  listActiveConfigurations,
  listRecords,
  lockHostCapacity,
  lockUser,
  lockVm,
  updateVm,
  updateVmFrom,
  type VmRecord,
  type VmRow,
} from './vms.repository';

export const DAY_MS = 86_400_000;
/** How long a process may work on a PC before the reconcile job takes over (a crash, a restart). */
export const WORK_LEASE_MS = 10 * 60_000;
/** Longest failure reason kept (the table's limit). */
const FAILURE_REASON_MAX = 500;

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

const notFound = () => new AppError('ERR_VM_NOT_FOUND');
const released = () =>
  new AppError('ERR_VM_FREED', {
    message: 'This remote PC was released; it can no longer be used or renewed',
  });
const cannotOperate = (operation: string, status: VmStatus) =>
  new AppError('ERR_VM_INVALID_STATUS_CHANGE', {
    message: `Cannot operate: ${operation} is not possible while the PC is ${status}`,
  });
const hostFull = () =>
  new AppError('ERR_MACHINE_DEFICIENCY', {
    message: 'No machine available: this host runs as many remote PCs as it can; try again later',
  });

/** A new public id of a PC (the provider names the desktop by it): /^[a-z0-9-]{1,64}$/. */
const newVmPublicId = () => `pc-${randomBytes(10).toString('hex')}`;

/** Text safe to store and show as a failure reason: one line, no controls, at most 500 characters. */
export const failureReasonOf = (prefix: string, error: unknown) => {
  const detail = error instanceof Error ? error.message : String(error);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing controls is the point.
  const clean = `${prefix}: ${detail}`.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > FAILURE_REASON_MAX ? `${clean.slice(0, FAILURE_REASON_MAX - 1)}…` : clean;
};

/** SHA-256 of a ticket: only this is stored. */
export const hashTicket = (ticket: string) => new Uint8Array(createHash('sha256').update(ticket).digest());

const present = async (deps: VmsDeps, vmId: bigint, now = new Date()): Promise<Vm> => {
  const record = await findRecord(deps.db, vmId);
  if (!record) throw notFound();
  return presentVm(record, publicGatewayOf(deps), now);
};

/** What the provider needs to run a PC: its limits and the proxy its browser goes out through. */
export const specOf = (deps: VmsDeps, record: VmRecord): DesktopSpec => {
  if (!record.proxy) throw new Error('the proxy attached to this PC no longer exists');
  const gateway = gatewayForDesktops(deps.config);
  return {
    id: record.vm.publicId,
    cpu: record.configuration.cpu,
    memoryMb: record.configuration.memoryMb,
    proxy: {
      host: gateway.host,
      port: gateway.port,
      username: record.proxy.username,
      password: record.proxy.password,
    },
    ...(deps.config.vms.homeUrl ? { homeUrl: deps.config.vms.homeUrl } : {}),
  };
};

/** Why no PC can be created now (the 20002 or 4002 error), or null when one can. */
export const creationUnavailable = async (deps: VmsDeps): Promise<AppError | null> => {
  if (deps.config.vms.creationSuspended) {
    return new AppError('ERR_VM_CREATE_SUSPENDED', {
      message: 'VM creation suspended: the operator has paused new remote PCs; please try again later',
    });
  }
  const availability = await deps.provider.availability().catch((error: unknown) => ({
    available: false as const,
    reason: error instanceof Error ? error.message : String(error),
  }));
  if (!availability.available) {
    return new AppError('ERR_MACHINE_DEFICIENCY', {
      message: `No machine available: ${availability.reason}`,
    });
  }
  return null;
};

/** `GET /proxy/payway/vm`: configurations, periods and prices, and whether creation is open. */
export const paywayOf = async (deps: VmsDeps): Promise<VmPayway> => {
  const [configurations, unavailable] = await Promise.all([
    listActiveConfigurations(deps.db),
    creationUnavailable(deps),
  ]);
  return {
    vm_conf: configurations.map(presentConf),
    days: [...VM_DAYS],
    pay_value: presentPayValues(configurations),
    available: unavailable === null,
    message: unavailable?.message ?? null,
  };
};

/** `GET /proxy/vm`: the customer's PCs, newest first. */
export const listVms = async (
  deps: VmsDeps,
  user: UserRow,
  query: z.output<typeof vmListQuerySchema>,
): Promise<VmList> => {
  const now = new Date();
  const { records, total } = await listRecords(
    deps.db,
    user.id,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  const gateway = publicGatewayOf(deps);
  return { data: records.map((record) => presentVm(record, gateway, now)), total };
};

// ---------------------------------------------------------------------------------------------
// Creation

/**
 * Settles a failed creation once: status failed with the reason, and the creation charge back to
 * the balance (its own ledger key, so a second call refunds nothing).
 */
export const failCreation = async (deps: VmsDeps, vmId: bigint, reason: string) =>
  inTransaction(deps.db, async (t) => {
    const vm = await lockVm(t, vmId);
    if (vm?.status !== 'creating') return null;
    const refund = vm.costTotal;
    if (refund > 0n) {
      await moveMoney(t, {
        userId: vm.userId,
        amount: refund,
        kind: 'refund',
        idempotencyKey: `vm-refund:${vm.publicId}`,
        reference: { type: 'vm', id: vm.publicId },
        note: 'Refund of a remote PC whose creation failed',
      });
    }
    return updateVm(t, vm.id, {
      status: 'failed',
      failureReason: reason,
      costTotal: 0n,
      workLeaseUntil: null,
    });
  });

/**
 * Has the provider create (and start) a PC in `creating`: running with its connection details, or
 * failed and refunded. Safe to repeat: the provider creates by id idempotently, and only a PC
 * still in `creating` changes.
 */
/**
 * Work the provider gave up because the server is stopping ({@link DesktopClosedError}): not the
 * PC's failure, so nothing is refunded or settled now. The PC keeps its transitional status and its
 * work lease ends at once, so the reconcile job of the next start carries the work out again
 * (creating) or settles it from what the provider says.
 */
const leaveForNextStart = (deps: VmsDeps, vmId: bigint, status: VmStatus) =>
  updateVmFrom(deps.db, vmId, [status], { workLeaseUntil: new Date() });

export const runCreation = async (deps: VmsDeps, vmId: bigint) => {
  const record = await findRecord(deps.db, vmId);
  if (record?.vm.status !== 'creating' || record.vm.releasedAt) return;
  let access: Awaited<ReturnType<VmsDeps['provider']['create']>>;
  try {
    access = await deps.provider.create(specOf(deps, record));
  } catch (error) {
    if (error instanceof DesktopClosedError) {
      await leaveForNextStart(deps, vmId, 'creating');
      return;
    }
    deps.log.warn({ err: error, vm: record.vm.publicId }, 'remote PC creation failed');
    await failCreation(deps, vmId, failureReasonOf('VM creation failed', error));
    return;
  }
  const running = await updateVmFrom(deps.db, vmId, ['creating'], {
    status: 'running',
    accessAddress: access.address,
    accessUsername: access.username,
    accessPassword: access.password,
    failureReason: null,
    workLeaseUntil: null,
  });
  if (!running) {
    // Settled meanwhile (by the reconcile job): nothing of ours may keep running.
    deps.log.warn({ vm: record.vm.publicId }, 'remote PC created after its creation was settled');
  }
};

/** The customer's live proxy of this public id, else 4005 (missing and someone else's alike). */
const ownLiveProxy = async (db: Database, userId: bigint, publicId: string) => {
  const [row] = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(and(eq(proxies.userId, userId), eq(proxies.publicId, publicId), isNull(proxies.deletedAt)));
  if (!row) throw new AppError('ERR_NO_THIS_USER_TOKEN');
  return row;
};

/**
 * `POST /proxy/vm`: checks, charges the period through the ledger (`purchase`, reference `vm`)
 * and stores the PC in `creating`, all in one transaction under the customer's row lock; answers
 * at once and has the provider create it in the background.
 */
export const createVm = async (
  deps: VmsDeps,
  user: UserRow,
  input: z.output<typeof vmCreateRequestSchema>,
  now = new Date(),
): Promise<Vm> => {
  const unavailable = await creationUnavailable(deps);
  if (unavailable) throw unavailable;
  const configuration = await findConfiguration(deps.db, input.vm_conf);
  if (!configuration?.active) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: 'Argument type error: vm_conf: no such configuration',
    });
  }
  const [area] = await countSupply(deps.db, 'vm', 'country', { country: input.area });
  if (!area || area.available <= 0) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: 'Argument type error: area: remote PCs are not offered in this area',
    });
  }
  const proxy = await ownLiveProxy(deps.db, user.id, input.proxy_id);
  const price: Micro = priceOf(configuration, input.days);
  const publicId = newVmPublicId();
  let vm: VmRow;
  try {
    vm = await inTransaction(deps.db, async (t) => {
      await lockUser(t, user.id);
      if (await hasCreatingVm(t, user.id)) throw new AppError('ERR_VM_CREATING');
      if ((await countHeldVms(t, user.id)) >= deps.config.vms.customerLimit) {
        throw new AppError('ERR_AZURE_LIMIT', {
          message: `VM personal limit reached: at most ${deps.config.vms.customerLimit} remote PCs per customer`,
        });
      }
      await lockHostCapacity(t);
      if ((await countCapacityUse(t)) >= deps.config.vms.hostCapacity) throw hostFull();
      const created = await insertVm(t, {
        publicId,
        userId: user.id,
        area: input.area,
        configurationId: configuration.id,
        proxyId: proxy.id,
        days: input.days,
        autoRenew: input.auto_renew,
        status: 'creating',
        provider: deps.provider.name,
        costTotal: price,
        expiresAt: new Date(now.getTime() + input.days * DAY_MS),
        workLeaseUntil: new Date(now.getTime() + WORK_LEASE_MS),
      });
      await moveMoney(t, {
        userId: user.id,
        amount: -price,
        kind: 'purchase',
        idempotencyKey: `vm-create:${publicId}`,
        reference: { type: 'vm', id: publicId },
        note: `Remote PC ${configuration.enName} for ${input.days} day(s)`,
      });
      return created;
    });
  } catch (error) {
    // Two creations that passed the check at once: the partial unique index keeps one.
    if (isUniqueViolation(error)) throw new AppError('ERR_VM_CREATING');
    throw error;
  }
  // Answered as stored (creating), before the provider is asked.
  const answer = await present(deps, vm.id, now);
  deps.work.start(`create ${publicId}`, () => runCreation(deps, vm.id));
  return answer;
};

// ---------------------------------------------------------------------------------------------
// Operations

/** The customer's PC, or 20005 (missing and someone else's alike), or 20007 once released. */
const ownVm = async (db: Database, user: UserRow, publicId: string) => {
  const vm = await findOwnVm(db, user.id, publicId);
  if (!vm) throw notFound();
  if (vm.releasedAt) throw released();
  return vm;
};

const requireOperation = (vm: VmRow, operation: Parameters<typeof isVmOperationAllowed>[2]) => {
  if (!isVmOperationAllowed(vm.status, vm.releasedAt !== null, operation)) {
    throw cannotOperate(operation, vm.status);
  }
};

const TRANSITION: Record<VmAction, { from: VmStatus[]; to: VmStatus }> = {
  start: { from: ['stopped', 'offline'], to: 'starting' },
  stop: { from: ['running'], to: 'stopping' },
  restart: { from: ['running'], to: 'restarting' },
};

/**
 * Carries out a start, stop or restart the request set in motion and settles the final status:
 * start → running (failure: back to where it was, with the reason); stop → stopped (failure:
 * running if it still runs, else offline); restart → running (failure: running if it still runs,
 * else offline).
 */
export const runOperation = async (deps: VmsDeps, vmId: bigint, action: VmAction, previous: VmStatus) => {
  const record = await findRecord(deps.db, vmId);
  const transitional = TRANSITION[action].to;
  if (!record || record.vm.status !== transitional) return;
  const id = record.vm.publicId;
  try {
    if (action === 'start') await deps.provider.start(specOf(deps, record));
    else if (action === 'stop') await deps.provider.stop(id);
    else await deps.provider.restart(specOf(deps, record));
  } catch (error) {
    if (error instanceof DesktopClosedError) {
      await leaveForNextStart(deps, vmId, transitional);
      return;
    }
    deps.log.warn({ err: error, vm: id, action }, 'remote PC operation failed');
    const state = await deps.provider.state(id).catch(() => 'missing' as const);
    const settled: VmStatus =
      action === 'start'
        ? state === 'running'
          ? 'running'
          : previous
        : state === 'running'
          ? 'running'
          : 'offline';
    await updateVmFrom(deps.db, vmId, [transitional], {
      status: settled,
      failureReason: failureReasonOf(`${action[0]?.toUpperCase()}${action.slice(1)} failed`, error),
      workLeaseUntil: null,
    });
    return;
  }
  await updateVmFrom(deps.db, vmId, [transitional], {
    status: action === 'stop' ? 'stopped' : 'running',
    failureReason: null,
    workLeaseUntil: null,
  });
};

/**
 * `POST /proxy/vm/execute/{action}`: start (stopped or offline, within the host's capacity),
 * stop or restart (running). Answers the PC in the transitional status at once; the provider
 * works in the background.
 */
export const executeVm = async (
  deps: VmsDeps,
  user: UserRow,
  action: VmAction,
  publicId: string,
  now = new Date(),
): Promise<Vm> => {
  const vm = await ownVm(deps.db, user, publicId);
  requireOperation(vm, action);
  if (action === 'start' && vm.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('ERR_VM_INVALID_STATUS_CHANGE', {
      message: 'Cannot operate: this PC has expired; renew it first',
    });
  }
  const { from, to } = TRANSITION[action];
  const changes = { status: to, workLeaseUntil: new Date(now.getTime() + WORK_LEASE_MS) };
  const moved =
    action === 'start'
      ? await inTransaction(deps.db, async (t) => {
          await lockHostCapacity(t);
          if ((await countCapacityUse(t)) >= deps.config.vms.hostCapacity) throw hostFull();
          return updateVmFrom(t, vm.id, from, changes);
        })
      : await updateVmFrom(deps.db, vm.id, from, changes);
  // Its status moved between the read and the update (another request or a job).
  if (!moved) {
    const current = await findOwnVm(deps.db, user.id, publicId);
    throw cannotOperate(action, current?.status ?? vm.status);
  }
  const answer = await present(deps, vm.id, now);
  deps.work.start(`${action} ${vm.publicId}`, () => runOperation(deps, vm.id, action, vm.status));
  return answer;
};

// ---------------------------------------------------------------------------------------------
// Renewal

/**
 * The ledger key of renewing the period that ends at `expiresAt`: one charge per period, whoever
 * (the customer or the auto-renew job) gets there first.
 */
export const vmRenewalKey = (vm: Pick<VmRow, 'publicId' | 'expiresAt'>) =>
  `vm-renewal:${vm.publicId}:${vm.expiresAt.toISOString()}`;

/** What a renewal did. */
export interface VmRenewal {
  vm: VmRow;
  charged: Micro;
  days: number;
}

/**
 * Renews a PC for `days` in one transaction under its row lock: charges `renewal` through the
 * ledger (reference `vm`) and extends the expiry from max(now, expiry); an expired PC comes back
 * stopped. `isDue` (the auto-renew job) re-checks under the lock; null when no longer due.
 */
export const renewVm = async (
  deps: VmsDeps,
  vmId: bigint,
  days: number | null,
  now: Date,
  isDue: (vm: VmRow) => boolean = () => true,
): Promise<VmRenewal | null> =>
  inTransaction(deps.db, async (t) => {
    const vm = await lockVm(t, vmId);
    if (!vm) throw notFound();
    if (vm.releasedAt) throw released();
    requireOperation(vm, 'renew');
    if (!isDue(vm)) return null;
    const configuration = await findConfiguration(t, vm.configurationId);
    if (!configuration) throw new Error('a PC without its configuration');
    const period = days ?? vm.days;
    const price = priceOf(configuration, period);
    const { applied } = await moveMoney(t, {
      userId: vm.userId,
      amount: -price,
      kind: 'renewal',
      idempotencyKey: vmRenewalKey(vm),
      reference: { type: 'vm', id: vm.publicId },
      note: `Renewal of remote PC ${configuration.enName} for ${period} day(s)`,
    });
    if (!applied) return { vm, charged: 0n, days: period };
    const from = Math.max(now.getTime(), vm.expiresAt.getTime());
    const renewed = await updateVm(t, vm.id, {
      expiresAt: new Date(from + period * DAY_MS),
      days: period,
      status: vm.status === 'expired' ? 'stopped' : vm.status,
      costTotal: vm.costTotal + price,
    });
    return { vm: renewed, charged: price, days: period };
  });

/** `POST /proxy/vm/renew/manual`. */
export const renewVmManually = async (
  deps: VmsDeps,
  user: UserRow,
  input: z.output<typeof vmRenewManualRequestSchema>,
  now = new Date(),
): Promise<Vm> => {
  const vm = await ownVm(deps.db, user, input.id);
  await renewVm(deps, vm.id, input.days, now);
  return present(deps, vm.id, now);
};

const AUTO_RENEW_STATUSES = VM_STATUSES.filter((status) => isVmOperationAllowed(status, false, 'auto_renew'));

/** `POST /proxy/vm/renew/auto`: auto renew on or off. */
export const setVmAutoRenew = async (
  deps: VmsDeps,
  user: UserRow,
  input: z.output<typeof vmRenewAutoRequestSchema>,
): Promise<Vm> => {
  const vm = await ownVm(deps.db, user, input.id);
  requireOperation(vm, 'auto_renew');
  const changed = await updateVmFrom(deps.db, vm.id, AUTO_RENEW_STATUSES, { autoRenew: input.auto_renew });
  if (!changed) {
    // Released or failed between the read and the update.
    const current = await ownVm(deps.db, user, input.id);
    throw cannotOperate('auto_renew', current.status);
  }
  return present(deps, vm.id);
};

// ---------------------------------------------------------------------------------------------
// Remote control

/**
 * `POST /proxy/vm/remote`: a single-use ticket for the remote-control WebSocket (30 s, bound to
 * the PC and its owner, stored hashed) and the PC's VNC password. Only while running.
 */
export const issueRemoteTicket = async (
  deps: VmsDeps,
  user: UserRow,
  publicId: string,
  now = new Date(),
): Promise<VmRemote> => {
  const vm = await ownVm(deps.db, user, publicId);
  requireOperation(vm, 'remote');
  let password: string;
  try {
    password = (await deps.provider.vnc(vm.publicId)).password;
  } catch (error) {
    deps.log.warn({ err: error, vm: vm.publicId }, 'remote PC screen unavailable');
    throw new AppError('ERR_VM_INVALID_STATUS_CHANGE', {
      message: 'Cannot operate: the PC is not running on its host now; start it again',
    });
  }
  const ticket = randomBytes(32).toString('base64url');
  await insertTicket(deps.db, {
    tokenHash: hashTicket(ticket),
    vmId: vm.id,
    userId: user.id,
    expiresAt: new Date(now.getTime() + VM_REMOTE_TICKET_SECONDS * 1_000),
  });
  return {
    url: `${VM_VNC_PATH}?ticket=${ticket}`,
    password,
    expires_in: VM_REMOTE_TICKET_SECONDS,
  };
};
