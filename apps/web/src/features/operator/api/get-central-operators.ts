import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const centralOperatorsKey = ['operator', 'central', 'operators'];

/** POST /api/operator/central/operators: whom a supervisor can give an event to, asked when needed. */
export function useCentralOperators(isEnabled: boolean) {
  return useQuery({
    queryKey: centralOperatorsKey,
    queryFn: ({ signal }) => callApi('getCentralOperators', {}, { signal }),
    enabled: isEnabled,
  });
}

export function refreshCentralOperators(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: centralOperatorsKey });
}
