import { AppError } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { recordAudit } from '../admin/audit/audit.service';
import type { OperatorAct } from '../admin/operators/operators.service';
import { findUserByUid } from '../auth/auth.repository';
import { forgetTwoFactor } from './two-factor.service';

/**
 * `POST /api/admin/customers/{uid}/two_factor/reset` (owner, support): forgets the customer's
 * second factor, recovery codes, remembered devices and open challenges, so the password alone
 * signs in again (for a customer who lost the phone and the recovery codes). Audited with the
 * reason. 2001 for an unknown customer.
 */
export const resetCustomerTwoFactor = async (db: Database, uid: string, reason: string, act: OperatorAct) => {
  const user = await findUserByUid(db, uid);
  if (!user) throw new AppError('ERR_NO_USER');
  const result = await forgetTwoFactor(db, user.id);
  await recordAudit(db, {
    operator: act.operator,
    action: 'customer.two_factor.reset',
    target: { type: 'user', id: uid },
    before: { two_factor: result.was_enabled },
    after: { two_factor: false, reason, devices_forgotten: result.devices_forgotten },
    clientIp: act.clientIp,
  });
  return result;
};
