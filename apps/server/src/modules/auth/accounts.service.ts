/**
 * What other modules may use of the accounts this module keeps: finding a user, changing one, and
 * ending their sessions or sign-in links. They go through here, never through the repositories,
 * so the account tables can change behind this surface.
 */
export {
  findUserByEmail,
  findUserById,
  findUserByInviteCode,
  findUserByPhone,
  findUserByUid,
  findUserByUsername,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './auth.repository';
export { unlinkOAuthAccounts } from './oauth.repository';
