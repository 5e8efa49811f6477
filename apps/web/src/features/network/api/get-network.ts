import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/grupos/misInvitados: the people I invited (issue 15). */
export const myInviteesQueryOptions = queryOptions({
  queryKey: ['network', 'misInvitados'],
  queryFn: ({ signal }) => callApi('misInvitados', {}, { signal }).then((answer) => answer.data),
});

/** POST /api/app/grupos/misGrupos: the networks I belong to (issue 15). */
export const myNetworksQueryOptions = queryOptions({
  queryKey: ['network', 'misGrupos'],
  queryFn: ({ signal }) => callApi('misGrupos', {}, { signal }).then((answer) => answer.data),
});
