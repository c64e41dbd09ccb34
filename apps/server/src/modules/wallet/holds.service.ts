/**
 * The money a user has and what is held of it (DESIGN §4 Credit control), for the transactions
 * of other modules: they lock a user's balance and holds in their own lock order (a proxy, then
 * its owner, then the owner's holds and packages) and change the holds as they settle usage.
 */
export { adjustHolds, dropHolds, lockHolds } from './holds.repository';
