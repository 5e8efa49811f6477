import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

// the other side changes these lists (an invitation accepted, a member who left): read them again
// each time a tab shows them
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

/** POST /api/app/grupos/misInvitados: the people I invited (decision 015). */
export const myInviteesQueryOptions = queryOptions({
  queryKey: ['network', 'misInvitados'],
  queryFn: ({ signal }) => callApi('misInvitados', {}, { signal }).then((answer) => answer.data),
  ...fresh,
});

/** POST /api/app/grupos/misGrupos: the networks I belong to (decision 015). */
export const myNetworksQueryOptions = queryOptions({
  queryKey: ['network', 'misGrupos'],
  queryFn: ({ signal }) => callApi('misGrupos', {}, { signal }).then((answer) => answer.data),
  ...fresh,
});
