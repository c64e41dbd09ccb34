import { useQuery } from '@tanstack/react-query';
import { useStore } from '../../../shared/store/create-store';
import { getOperator } from '../admin.api';
import type { Operator } from '../admin.types';
import { operatorQueryKey } from '../admin-layout';
import { operatorTokenStore } from '../operator-session';

/** The signed-in operator, from the query the operator layout already ran (undefined while loading). */
export const useOperator = (): Operator | undefined => {
  const token = useStore(operatorTokenStore);
  return useQuery({
    queryKey: operatorQueryKey(token),
    queryFn: ({ signal }) => getOperator(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  }).data;
};
