import { AppError, ERRORS, type ErrorKey, isAppError } from '@ptc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * Sends the failure envelope of `error` with the HTTP status of its class; a 429 whose data
 * carries `retry_after` (seconds) also says it in `Retry-After`.
 */
export const sendError = (reply: FastifyReply, error: AppError) => {
  const retryAfter = (error.data as { retry_after?: unknown } | null)?.retry_after;
  if (error.httpStatus === 429 && typeof retryAfter === 'number')
    reply.header('retry-after', String(retryAfter));
  return reply
    .status(error.httpStatus)
    .send({ code: error.code, msg: error.message, data: error.data ?? null });
};

type Source = 'body' | 'querystring' | 'params' | 'headers';

const sourceData = (request: FastifyRequest, source: Source): unknown =>
  source === 'querystring' ? request.query : source === 'headers' ? request.headers : request[source];

const valueAt = (data: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
    data,
  );

/**
 * Turns schema validation failures into 1001 (a required field is absent or empty) or
 * 1002 (present but of the wrong type or shape), naming the field.
 */
const validationError = (request: FastifyRequest, error: FastifyError): AppError => {
  const source = (error.validationContext ?? 'body') as Source;
  const issues = (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const value = valueAt(sourceData(request, source), path);
    const field = path.join('.') || source;
    const missing = value === undefined || value === '' || (path.length === 0 && value === null);
    return { field, missing, message: issue.message ?? 'invalid' };
  });
  const first = issues.find((issue) => issue.missing) ?? issues[0];
  const key: ErrorKey = first?.missing ? 'ERR_ARGUMENT_MISSING' : 'ERR_ARGUMENT_TYPE';
  const text = first?.missing ? `${first.field} is required` : `${first?.field}: ${first?.message}`;
  return new AppError(key, {
    message: `${ERRORS[key].message}: ${text}`,
    data: { fields: issues.map(({ field, missing }) => ({ field, reason: missing ? 'missing' : 'type' })) },
  });
};

/** Maps Fastify's own request errors (body parsing, limits) onto catalogue codes. */
const frameworkError = (error: FastifyError): AppError | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('ERR_ARGUMENT_MISSING', {
        message: `${ERRORS.ERR_ARGUMENT_MISSING.message}: body`,
      });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('ERR_ARGUMENT_TYPE', {
        message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: body is not valid JSON`,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('ERR_PROTOCOL_ERROR', {
        message: `${ERRORS.ERR_PROTOCOL_ERROR.message}: ${error.message}`,
      });
    default:
      return null;
  }
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a path
 * parameter over the router's length limit, a URL that does not decode) leaves in the envelope
 * too (1002, naming neither the path nor its length), not as Fastify's own JSON echoing the URL.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  sendError(
    reply,
    new AppError('ERR_ARGUMENT_TYPE', {
      message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: ${
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'a path parameter is too long'
          : 'the path is not a valid URL'
      }`,
      data: { fields: [{ field: 'params', reason: 'type' }] },
    }),
  );

/** Every failure leaves in the `{code, msg, data}` envelope; stack traces never leave the process. */
export const envelopePlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isAppError(error)) return sendError(reply, error);
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return sendError(reply, validationError(request, error));
      }
      const mapped = frameworkError(error);
      if (mapped) return sendError(reply, mapped);
      if (error.statusCode === 429) return sendError(reply, new AppError('FREQUENTLY'));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(reply, new AppError('ERR_PROTOCOL_ERROR', { message: error.message }));
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, new AppError('ERR_INTERNAL_ERROR'));
    });
  },
  { name: 'envelope' },
);
