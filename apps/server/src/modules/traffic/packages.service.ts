/**
 * Traffic packages as other modules use them: what a user can still use, and taking settled usage
 * out of the packages (soonest to expire first) inside the caller's transaction.
 */
export { addPoolUsage, lockUsablePools, sumUsableBytes } from './traffic-pools.repository';
