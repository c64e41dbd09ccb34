import type { ApiKey, ApiKeyV1 } from '@ptc/contracts';
import type { ApiKeyRow } from './api-keys.repository';

/** A V2 key as lists show it: never its secret. */
export const presentApiKey = (row: ApiKeyRow): ApiKey => ({
  key_id: row.publicId,
  name: row.name,
  scope: row.scope,
  allow_list: row.allowList,
  hint: row.hint,
  create_time: row.createdAt.toISOString(),
  last_used_time: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
});

/** The legacy key as its page shows it, or null. */
export const presentApiKeyV1 = (row: ApiKeyRow | undefined): ApiKeyV1 => ({
  key: row
    ? {
        hint: row.hint,
        create_time: row.createdAt.toISOString(),
        last_used_time: row.lastUsedAt?.toISOString() ?? null,
        last_used_ip: row.lastUsedIp,
      }
    : null,
});
