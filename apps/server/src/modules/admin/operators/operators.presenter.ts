import type { AdminOperator } from '@ptc/contracts';
import type { OperatorRow, OperatorWithSignIn } from './operators.repository';

/** An operator as the owner sees one: never its password hash, TOTP secret or recovery codes. */
export const presentAdminOperator = (operator: OperatorWithSignIn): AdminOperator => ({
  id: operator.id.toString(),
  email: operator.email,
  name: operator.name,
  role: operator.role,
  disabled: operator.disabledAt !== null,
  disabled_at: operator.disabledAt?.toISOString() ?? null,
  totp_enrolled: operator.totpSecretSealed !== null,
  created_at: operator.createdAt.toISOString(),
  last_sign_in_at: operator.lastSignInAt?.toISOString() ?? null,
});

/** What the audit trail keeps of an operator: who it is and what it may do, no secret of any kind. */
export const auditViewOf = (operator: OperatorRow) => ({
  email: operator.email,
  name: operator.name,
  role: operator.role,
  disabled: operator.disabledAt !== null,
});
