import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { openAlertsQueryOptions } from './get-open-alerts.ts';

/** POST app/alertas/cerrar: the owner ends one of their alerts ('Terminar alerta'). */
export function useCloseAlert() {
  return useMutation({
    mutationFn: (alertId: number) => callApi('closeAlert', { alert_id: alertId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: openAlertsQueryOptions.queryKey }),
  });
}
