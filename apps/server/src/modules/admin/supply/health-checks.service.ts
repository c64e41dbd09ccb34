import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type Database, eq, exitHealthChecks, exits, sql } from '@ptc/db';
import { type ProbeResult, type ProbeTarget, probeExit } from '@ptc/gateway';
import { toExit } from '@ptc/gateway/store';
import { forgetAreaLists } from '../../areas/areas.service';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { type ExitRow, findExit, listChecks, listDueChecks, pruneChecks } from './supply.repository';
import { describeExit } from './supply.service';

/** How health checks run (config `supplyChecks`). */
export interface HealthCheckSettings {
  probeUrl: string;
  timeoutMs: number;
  intervalMs: number;
}

/** Checks kept for the figures: a week. */
const KEEP_CHECKS_MS = 7 * 86_400_000;
/** Exits checked side by side in a scheduled round, and at most per round (a round stays within a few probe timeouts, so a stop never waits long). */
const CONCURRENCY = 16;
const PER_ROUND = 64;

/** The probe URL, resolved (every round, so a moved probe host is followed). */
const resolveProbe = async (url: string): Promise<ProbeTarget> => {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = parsed.port ? Number(parsed.port) : 80;
  const path = `${parsed.pathname}${parsed.search}` || '/';
  if (isIP(host)) return { host, port, path, addresses: [host] };
  const found = await lookup(host, { all: true, order: 'ipv4first' });
  return { host, port, path, addresses: found.map((entry) => entry.address) };
};

/**
 * Records a check and judges the exit by it: a pass makes an upstream healthy again (and clears
 * the gateway's failure count); a second failure in a row takes it out of rotation. A direct exit
 * is never judged (its failure is this host's or the probe's), only recorded.
 */
const recordCheck = async (db: Database, exit: ExitRow, result: ProbeResult, at: Date) => {
  await db.insert(exitHealthChecks).values({
    exitId: exit.id,
    checkedAt: at,
    isOk: result.isOk,
    latencyMs: result.latencyMs,
    error: result.error,
  });
  const judged = exit.kind !== 'direct';
  await db
    .update(exits)
    .set({
      lastCheckedAt: at,
      lastCheckOk: result.isOk,
      lastLatencyMs: result.latencyMs,
      lastError: result.error,
      ...(judged && result.isOk ? { isHealthy: true, failureCount: 0 } : {}),
      ...(judged && !result.isOk
        ? {
            failureCount: sql`${exits.failureCount} + 1`,
            lastFailureAt: at,
            isHealthy: sql`${exits.isHealthy} and ${exits.lastCheckOk} is not false`,
          }
        : {}),
    })
    .where(eq(exits.id, exit.id));
  if (judged) forgetAreaLists();
};

const runCheck = async (db: Database, exit: ExitRow, settings: HealthCheckSettings, probe?: ProbeTarget) => {
  let result: ProbeResult;
  try {
    result = await probeExit(
      toExit(exit),
      probe ?? (await resolveProbe(settings.probeUrl)),
      settings.timeoutMs,
    );
  } catch (error) {
    result = {
      isOk: false,
      latencyMs: null,
      error: `the probe URL: ${(error as Error).message}`.slice(0, 500),
    };
  }
  await recordCheck(db, exit, result, new Date());
  return result;
};

/** An operator's check of one exit, now: answers the result and the exit as it stands after it. */
export const checkExitNow = async (
  db: Database,
  id: bigint,
  settings: HealthCheckSettings,
  actor: AuditActor,
) => {
  const exit = await findExit(db, id);
  if (!exit) return null;
  const result = await runCheck(db, exit, settings);
  await recordAudit(db, {
    ...actor,
    action: 'exit.check',
    target: { type: 'exit', id: id.toString() },
    after: { ok: result.isOk, latency_ms: result.latencyMs, error: result.error },
  });
  return {
    check: { ok: result.isOk, latency_ms: result.latencyMs, error: result.error },
    exit: await describeExit(db, id),
  };
};

/** The latest checks of an exit. */
export const recentChecks = async (db: Database, id: bigint, limit = 50) =>
  (await listChecks(db, id, limit)).map((check) => ({
    checked_at: check.checkedAt.toISOString(),
    ok: check.isOk,
    latency_ms: check.latencyMs,
    error: check.error,
  }));

/**
 * The scheduled check (job `supply-health`): every upstream exit in use is checked once per
 * interval, a few side by side; checks older than a week are dropped. Answers how many ran.
 */
export const checkDueExits = async (db: Database, settings: HealthCheckSettings, now = new Date()) => {
  await pruneChecks(db, new Date(now.getTime() - KEEP_CHECKS_MS));
  const due = await listDueChecks(db, now, settings.intervalMs, PER_ROUND);
  if (due.length === 0) return 0;
  let probe: ProbeTarget;
  try {
    probe = await resolveProbe(settings.probeUrl);
  } catch (error) {
    // The probe's own name does not resolve: that says nothing about the exits; try next round.
    throw new Error(`supply health: cannot resolve ${settings.probeUrl}: ${(error as Error).message}`);
  }
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const exit = due[next++] as ExitRow;
      await runCheck(db, exit, settings, probe);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return due.length;
};
