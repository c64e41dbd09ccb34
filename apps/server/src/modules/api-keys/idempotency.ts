import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, ERRORS, IDEMPOTENCY_HEADER, isAppError, textInputProblem } from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/authentication';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyRow,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository';

/** How long a key is remembered (and replayed). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Longest `Idempotency-Key` value. */
export const IDEMPOTENCY_KEY_MAX = 255;

// A retry arriving while the first request runs waits for its answer this long, polling the row.
const WAIT_MS = 20_000;
const POLL_MS = 50;
// A claim without an answer this old belongs to a request that died (a crash): no request lives
// this long, so nobody is coming to finish it.
const ABANDONED_MS = 10 * 60_000;

/** What is stored of an answer. */
type StoredAnswer = { ok: unknown } | { error: { code: number; msg: string; data: unknown } };

const replayed = new WeakSet<FastifyRequest>();

/** Whether the request's answer was replayed from an earlier request with the same key. */
export const wasReplayed = (request: FastifyRequest) => replayed.has(request);

/** The request's `Idempotency-Key`, null when it sends none; 1002 for an unusable one. */
const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX || textInputProblem(value) !== null) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters`,
      data: { fields: [{ field: 'Idempotency-Key', reason: 'type' }] },
    });
  }
  return value;
};

/** JSON with object keys sorted, so equal bodies give equal text whatever their key order. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : typeof inner === 'bigint'
        ? inner.toString()
        : inner,
  ) ?? 'null';

/** SHA-256 of what makes two requests the same: method, path with query, and body. */
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');

/** An answer as JSON stores it (bigints as decimal strings), and as a replay gives it back. */
const asJson = (value: unknown): unknown => JSON.parse(canonicalJson(value));

const replay = <T>(request: FastifyRequest, row: IdempotencyRow): T => {
  replayed.add(request);
  const answer = row.response as StoredAnswer;
  if ('error' in answer) throw AppError.fromEnvelope(answer.error.code, answer.error.msg, answer.error.data);
  return answer.ok as T;
};

const reusedKey = () =>
  new AppError('ERR_ARGUMENT_TYPE', {
    message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: this Idempotency-Key was already used for a different request`,
    data: { fields: [{ field: 'Idempotency-Key', reason: 'type' }], reason: 'idempotency_key_reused' },
  });

/**
 * Runs `run` once per (user, `Idempotency-Key`) for 24 hours (issue #17): the first request
 * claims the key in the database (a unique row, so one claim wins on every process), runs, and
 * stores its answer, an error envelope included; a retry with the same key and the same
 * method, path and body gets that answer back without running anything (concurrent retries
 * wait for it), and one with a different request is refused (1002). Without the header it just
 * runs. `run` should answer presented data (JSON: bigints come back as strings on a replay).
 * An unexpected failure (not a catalogue error) and a refusal to retry later (HTTP 429) give the
 * key up, so a retry runs again.
 */
export const withIdempotency = async <T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> => {
  const key = idempotencyKeyOf(request);
  if (key === null) return run();
  const { db } = request.server;
  const userId = currentUser(request).id;
  const fingerprint = fingerprintOf(request);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claimIdempotencyKey(db, userId, key, fingerprint)) {
      let result: T;
      try {
        result = await run();
      } catch (error) {
        // A refusal that asks to retry later (429: 101, 4003 one generation per second…) ran
        // nothing: the key is given up, so the retry the refusal asks for runs instead of
        // replaying "too frequent" for 24 hours.
        if (!isAppError(error) || error.httpStatus === 429) {
          await releaseIdempotencyKey(db, userId, key);
          throw error;
        }
        const envelope = { code: error.code, msg: error.message, data: asJson(error.data ?? null) };
        await storeIdempotentAnswer(db, userId, key, error.httpStatus, { error: envelope });
        throw error;
      }
      await storeIdempotentAnswer(db, userId, key, 200, { ok: asJson(result) });
      return result;
    }
    const row = await findIdempotencyKey(db, userId, key);
    if (!row) continue;
    if (Date.now() - row.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
      await releaseIdempotencyKey(db, userId, key, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
      continue;
    }
    if (row.fingerprint !== fingerprint) throw reusedKey();
    if (row.status !== null) return replay<T>(request, row);
    if (Date.now() - row.createdAt.getTime() >= ABANDONED_MS) {
      // Its money may or may not have moved: running again could charge twice.
      throw new AppError('ERR_ARGUMENT_TYPE', {
        message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: the first request with this Idempotency-Key did not finish; check its outcome, then retry with a new key`,
        data: {
          fields: [{ field: 'Idempotency-Key', reason: 'type' }],
          reason: 'idempotency_key_unfinished',
        },
      });
    }
    if (Date.now() >= deadline) {
      throw new AppError('FREQUENTLY', {
        message: 'A request with this Idempotency-Key is still being processed: retry later',
        data: { retry_after: 1 },
      });
    }
    await sleep(POLL_MS);
  }
};
