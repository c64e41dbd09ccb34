import { AsyncLocalStorage } from 'node:async_hooks';

/** Which API key the work under way acts for (issue #17): the money trail records it. */
interface Attribution {
  apiKeyId: bigint | null;
}

const storage = new AsyncLocalStorage<Attribution>();

/**
 * Runs `work` (a request's remaining hooks and handler) with `attribution` as its context: what
 * it sets later (the key authenticated) is what every ledger write under it reads.
 */
export const runAttributed = <T>(attribution: Attribution, work: () => T): T =>
  storage.run(attribution, work);

/** The API key the current request authenticated with; null for the console, jobs and webhooks. */
export const currentApiKeyId = (): bigint | null => storage.getStore()?.apiKeyId ?? null;
