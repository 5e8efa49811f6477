import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshOperatorAtenciones } from './list-atenciones.ts';

/** POST /api/operator/atenciones/open: a new atención for the customer with that e-mail. */
export function useOpenAtencion() {
  return useMutation({
    mutationFn: (email: string) => callApi('openAtencion', { email }),
    onSuccess: () => refreshOperatorAtenciones(),
  });
}
