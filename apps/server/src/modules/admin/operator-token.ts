import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@ptc/contracts';
import type { Config } from '../../config';

/** The header operator calls carry their token in. */
export const OPERATOR_TOKEN_HEADER = 'x-admin-token';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Admits operator calls: the `x-admin-token` header must be `ADMIN_TOKEN`, compared in constant
 * time whatever the lengths (both sides are hashed first, so neither the token nor its length
 * leaks through timing). Without a configured token operator calls do not exist (404).
 */
export const assertOperator = (config: Pick<Config, 'adminToken'>, given: string | string[] | undefined) => {
  if (!config.adminToken) {
    throw new AppError('ERR_NOT_FOUND', { message: 'Operator calls are disabled (set ADMIN_TOKEN)' });
  }
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(config.adminToken))) {
    throw new AppError('ERR_TOKEN_ERROR');
  }
};
