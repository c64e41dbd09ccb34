import {
  AppError,
  envelopeSchema,
  GENERATES,
  PROXY_TYPES,
  proxyIdSchema,
  proxyRowSchema,
} from '@ptc/contracts';
import { z } from 'zod';

/** What every proxy route shares: its OpenAPI tag and session, and the parameters several of them take. */
export const tags = ['Proxies'];
export const security = [{ session: [] }];

export const tokenParams = z.object({ token_id: proxyIdSchema });
export const familyParams = z.object({ generate: z.enum(GENERATES), proxy_type: z.enum(PROXY_TYPES) });
export const switchValue = z.coerce.number().pipe(z.union([z.literal(5), z.literal(6)]));
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');
export const rowEnvelope = { 200: envelopeSchema(proxyRowSchema) };

/** A field the console sends in the form or in the query (SPEC §7 "query plus form"); 1001 in neither. */
export const formOrQuery = <K extends string, T>(
  name: K,
  body: { [key in K]?: T } | null | undefined,
  query: { [key in K]?: T },
): T => {
  const value = body?.[name] ?? query[name];
  if (value === undefined) {
    throw new AppError('ERR_ARGUMENT_MISSING', { message: `Argument missing: ${name} is required` });
  }
  return value;
};
