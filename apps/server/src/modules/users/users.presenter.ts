import type { AccountPlan } from '@ptc/contracts';
import type { UserRow } from '../auth/accounts.service';

/** An account's plan and custom discount as the operator call answers them. */
export const presentAccountPlan = (user: UserRow): AccountPlan => ({
  uid: user.uid,
  plan: user.plan,
  discount_percent: user.discountBasisPoints / 100,
  discount_basis_points: user.discountBasisPoints,
});
