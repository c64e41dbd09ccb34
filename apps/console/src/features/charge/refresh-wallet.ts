import { queryClient } from '../../shared/api/query-client';
import { loadUserInfo } from '../auth/auth.api';
import { WALLET_QUERY_KEYS } from './charge.api';

/**
 * After a payment: reloads the user info (the header shows its balance) and the billing records.
 * A failure here is not the payment's: the balance is shown again on the next load.
 */
export const refreshAfterPayment = async (): Promise<void> => {
  await Promise.all([
    loadUserInfo().catch((error: unknown) =>
      console.warn('[wallet] the user info could not be reloaded', error),
    ),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEYS.records }),
  ]);
};
