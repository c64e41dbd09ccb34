import { AppError } from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import {
  authenticateOperator,
  type OperatorRole,
  type SignedInOperator,
} from './operators/operators.service';

/** The header operator calls carry their session token in (never a customer's `Authorization`). */
export const OPERATOR_SESSION_HEADER = 'x-operator-session';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: SignedInOperator;
    operatorSessionId?: bigint;
  }
}

/** The session token of an operator call. */
export const operatorTokenOf = (request: FastifyRequest) => {
  const header = request.headers[OPERATOR_SESSION_HEADER];
  return typeof header === 'string' && header.length <= 128 ? header : undefined;
};

/**
 * Admits a signed-in operator whose role is among `roles` (2004 without a valid operator session,
 * whatever customer session the request carries; 403 for another role).
 */
export const requireOperator =
  (...roles: OperatorRole[]) =>
  async (request: FastifyRequest) => {
    const found = await authenticateOperator(request.server.db, operatorTokenOf(request));
    if (!found) throw new AppError('ERR_TOKEN_ERROR');
    if (!roles.includes(found.operator.role)) {
      throw new AppError('ERR_FORBIDDEN', {
        message: `Forbidden: the ${found.operator.role} role cannot do this`,
      });
    }
    request.operator = found.operator;
    request.operatorSessionId = found.session.id;
  };

/** The operator a guarded handler runs for. */
export const currentOperator = (request: FastifyRequest): SignedInOperator => {
  if (!request.operator) throw new AppError('ERR_TOKEN_ERROR');
  return request.operator;
};
