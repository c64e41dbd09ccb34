import { AppError, type ShareCode } from '@ptc/contracts';
import type { AuthDeps, ClientInfo } from '../auth/auth.deps';
import { findUserByInviteCode } from '../auth/auth.repository';
import { maskInvitee } from './mask';

/**
 * `GET /share_codes/{code}` (SPEC §2 `/authentication/{auth}`, issue #20): whether a share code
 * names a customer, and who, masked.
 *
 * Decision: a share code is a customer's invite code, matched without regard to case, and it
 * grants what their invitation link grants: the visitor who registers with it (or binds it in the
 * user center) becomes that customer's referee, under the invitation programme's reward rules
 * (`referral-reward.ts`), nothing more. A code is valid exactly when registration would accept it
 * as `ref` (`findUserByInviteCode`: a live account, any case). Unknown codes count against the
 * caller's address (`SHARE_CODE_FAILURES_PER_IP`, 101 beyond it) so codes cannot be guessed in
 * bulk; a code found is given back.
 */
export const lookUpShareCode = async (
  deps: AuthDeps,
  client: ClientInfo,
  code: string,
): Promise<ShareCode> => {
  await deps.limits.consume('SHARE_CODE_FAILURES_PER_IP', client.ip);
  const inviter = await findUserByInviteCode(deps.db, code);
  if (!inviter) throw new AppError('REFERRAL_CODE_INVALID');
  await deps.limits.reward('SHARE_CODE_FAILURES_PER_IP', client.ip);
  return { code: inviter.inviteCode, valid: true, inviter: maskInvitee(inviter) };
};
