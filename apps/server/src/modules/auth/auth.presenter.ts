import { formatPtc, REWARDS, type UserInfo } from '@ptc/contracts';
import { spendableOf } from '../wallet/ledger.service';
import type { UserRow } from './auth.repository';

/** The survey's flags of `user/info` (issue #20), from the rewards module; none for other answers. */
export interface SurveyFlags {
  question_switch: boolean;
  show_questionnaire_windows: boolean;
  to_band_phone: boolean;
  has_gift: boolean;
}

/** Shapes a user row as `GET /user/info` (SPEC §3). */
export const presentUserInfo = (user: UserRow, publicUrl: string, survey?: SurveyFlags): UserInfo => ({
  uid: user.uid,
  user_name: user.username,
  username: user.username,
  email: user.email,
  phone: user.phone,
  balance: formatPtc(spendableOf(user), 6),
  balance_held: formatPtc(user.balance - spendableOf(user), 6),
  invite_code: user.inviteCode,
  invitation_link: `${publicUrl}/register?ref=${encodeURIComponent(user.inviteCode)}`,
  ref: user.referrerCode,
  is_new_user: user.isNewUser,
  question_switch: survey?.question_switch ?? false,
  show_questionnaire_windows: survey?.show_questionnaire_windows ?? false,
  to_band_phone: survey?.to_band_phone ?? false,
  has_gift: survey?.has_gift ?? false,
  has_pwd: user.passwordHash !== null,
  inv_switch: user.totalTopUp >= REWARDS.INVITATION_UNLOCK_TOTAL_TOP_UP,
  is_tourist: user.isTourist,
  plan: user.plan,
  discount_percent: user.discountBasisPoints / 100,
});
