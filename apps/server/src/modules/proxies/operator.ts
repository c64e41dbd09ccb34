import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@ptc/contracts';
import type { Config } from '../../config';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Admits operator calls: the `x-admin-token` header must be `ADMIN_TOKEN` (compared in constant
 * time, whatever the lengths). Without a configured token operator calls do not exist (404).
 */
export const assertOperator = (config: Config, given: string | string[] | undefined) => {
  if (!config.adminToken) {
    throw new AppError('ERR_NOT_FOUND', { message: 'Operator calls are disabled (set ADMIN_TOKEN)' });
  }
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(config.adminToken))) {
    throw new AppError('ERR_TOKEN_ERROR');
  }
};
