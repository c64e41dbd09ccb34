import { isAppError, type VmStatus } from '@ptc/contracts';
import { findNoticeAddress } from '../proxies/lifecycle/lifecycle.repository';
import type { VmsDeps } from './vms.deps';
import { presentPtc, priceOf } from './vms.presenter';
import {
  claimStaleWork,
  deleteOldTickets,
  disableAutoRenew,
  findConfiguration,
  findDueAutoRenewals,
  findDueExpiry,
  findDueRelease,
  findInStatuses,
  findStaleTransitional,
  updateVmFrom,
  type VmRow,
} from './vms.repository';
import { DAY_MS, renewVm, runCreation, WORK_LEASE_MS } from './vms.service';
import { vmRenewedMessage, vmRenewFailedMessage } from './vms-messages';

/** Auto renew runs this long before expiry (SPEC §4, as static IPs). */
export const VM_AUTO_RENEW_LEAD_MS = 12 * 3_600_000;
/** An expired PC is destroyed this long after expiry (its grace period). */
export const VM_RELEASE_AFTER_MS = DAY_MS;
/** PCs handled per round: jobs run every minute, so a backlog drains without long rounds. */
const PER_ROUND = 100;

/** Whether the provider can be reached at all (a provider of kind `none` cannot). */
const providerReachable = async (deps: VmsDeps) =>
  (await deps.provider.availability().catch(() => ({ available: false }))).available;

const noticeTime = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

/**
 * Settles PCs left in a transitional status by a process that ended (its work lease ran out):
 * a creation is carried out again (the provider creates by id idempotently); a start, stop or
 * restart is settled from what the provider says (running, else stopped after a stop, else
 * offline).
 */
export const settleStaleWork = async (deps: VmsDeps, now: Date) => {
  let handled = 0;
  for (const stale of await findStaleTransitional(deps.db, now, PER_ROUND)) {
    const claimed = await claimStaleWork(
      deps.db,
      stale.id,
      stale.status,
      now,
      new Date(now.getTime() + WORK_LEASE_MS),
    );
    if (!claimed) continue;
    handled += 1;
    if (claimed.status === 'creating') {
      await runCreation(deps, claimed.id);
      continue;
    }
    const state = await deps.provider.state(claimed.publicId).catch(() => null);
    if (state === null) continue;
    const settled: VmStatus =
      state === 'running' ? 'running' : claimed.status === 'stopping' ? 'stopped' : 'offline';
    await updateVmFrom(deps.db, claimed.id, [claimed.status], {
      status: settled,
      failureReason:
        settled === 'offline'
          ? `The ${claimed.status.replace(/ing$/, '')} was interrupted (server restart)`
          : null,
      workLeaseUntil: null,
    });
  }
  return handled;
};

/**
 * Offline (SPEC §4): a PC the database says runs but its provider does not (stopped, or gone after
 * a host restart) becomes offline; the customer can start it again. Old tickets are deleted too.
 */
export const reconcileVms = async (deps: VmsDeps, now: Date) => {
  let handled = 0;
  for (const vm of await findInStatuses(deps.db, ['running'], 1_000)) {
    // A provider that cannot answer says nothing about the PC: it is left as it is.
    const state = await deps.provider.state(vm.publicId).catch(() => null);
    if (state === null || state === 'running') continue;
    const offline = await updateVmFrom(deps.db, vm.id, ['running'], {
      status: 'offline',
      failureReason:
        state === 'missing'
          ? 'The PC is not on its host any more (host restarted?); start it again'
          : 'The PC stopped on its own (host restarted?); start it again',
    });
    if (offline) handled += 1;
  }
  await deleteOldTickets(deps.db, new Date(now.getTime() - 3_600_000));
  return handled + (await settleStaleWork(deps, now));
};

/**
 * Expiry (SPEC §4): a PC whose period ended is stopped and becomes expired (renewable until
 * released). A PC the provider cannot stop now is tried again next round, unless the provider
 * is unreachable altogether (nothing of it can run here then).
 */
export const expireVms = async (deps: VmsDeps, now: Date) => {
  let handled = 0;
  for (const vm of await findDueExpiry(deps.db, now, PER_ROUND)) {
    try {
      await deps.provider.stop(vm.publicId);
    } catch (error) {
      if (await providerReachable(deps)) {
        deps.log.warn({ err: error, vm: vm.publicId }, 'could not stop an expired remote PC');
        continue;
      }
    }
    if (await updateVmFrom(deps.db, vm.id, [vm.status], { status: 'expired' })) handled += 1;
  }
  return handled;
};

/**
 * Release (SPEC §4): 24 h after expiry an expired PC that was not renewed is destroyed with its
 * data and marked released; it can no longer be renewed (20007).
 */
export const releaseVms = async (deps: VmsDeps, now: Date) => {
  let handled = 0;
  for (const vm of await findDueRelease(deps.db, new Date(now.getTime() - VM_RELEASE_AFTER_MS), PER_ROUND)) {
    try {
      await deps.provider.destroy(vm.publicId);
    } catch (error) {
      if (await providerReachable(deps)) {
        deps.log.warn({ err: error, vm: vm.publicId }, 'could not destroy a released remote PC');
        continue;
      }
    }
    const done = await updateVmFrom(deps.db, vm.id, ['expired'], {
      releasedAt: now,
      accessPassword: null,
      autoRenew: false,
    });
    if (done) handled += 1;
  }
  return handled;
};

const noticeFacts = async (deps: VmsDeps, vm: VmRow, days: number) => {
  const configuration = await findConfiguration(deps.db, vm.configurationId);
  return {
    pc: configuration ? `${vm.publicId} (${configuration.enName})` : vm.publicId,
    price: configuration ? presentPtc(priceOf(configuration, days)) : '?',
    days,
    expiresAt: noticeTime(vm.expiresAt),
  };
};

const mail = async (
  deps: VmsDeps,
  userId: bigint,
  build: (lang: string) => { subject: string; text: string },
) => {
  const address = await findNoticeAddress(deps.db, userId);
  if (!address?.email) return;
  // A mail that cannot be sent is not retried every minute: the state already changed.
  await deps.mailer.send({ to: address.email, ...build(address.lang) }).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'remote PC notice not sent');
  });
};

/**
 * Auto renew (SPEC §4): 12 h before expiry a PC with the flag on is renewed for as many days as
 * last bought, on the same machine, charged as `renewal` (one ledger key per period, so a second
 * run changes nothing) and the owner is mailed. Without enough balance the flag goes off and the
 * owner is mailed once; the PC then expires normally.
 */
export const autoRenewVms = async (deps: VmsDeps, now: Date) => {
  const dueBefore = new Date(now.getTime() + VM_AUTO_RENEW_LEAD_MS);
  const isDue = (vm: VmRow) => vm.autoRenew && vm.expiresAt.getTime() <= dueBefore.getTime();
  let handled = 0;
  for (const { id } of await findDueAutoRenewals(deps.db, dueBefore, PER_ROUND)) {
    try {
      const renewal = await renewVm(deps, id, null, now, isDue);
      if (!renewal || renewal.charged === 0n) continue;
      handled += 1;
      const facts = await noticeFacts(deps, renewal.vm, renewal.days);
      await updateVmFrom(deps.db, id, [renewal.vm.status], { renewNoticeFor: renewal.vm.expiresAt });
      await mail(deps, renewal.vm.userId, (lang) => vmRenewedMessage(lang, facts));
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.key !== 'ERR_BALANCE_NOT_ENOUGH') continue;
      // Only the round that turns the flag off mails (once).
      const vm = await disableAutoRenew(deps.db, id);
      if (!vm) continue;
      handled += 1;
      const facts = await noticeFacts(deps, vm, vm.days);
      await mail(deps, vm.userId, (lang) => vmRenewFailedMessage(lang, facts));
    }
  }
  return handled;
};
