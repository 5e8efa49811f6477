import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** the lists change with a new release at most: keep them for the session */
const PLACES_STALE_MS = Infinity;

/** POST /api/auth/getPaisesActivos: the countries served. */
export function useCountries() {
  return useQuery({
    queryKey: ['places', 'countries'],
    queryFn: async ({ signal }) => (await callApi('getPaisesActivos', {}, { signal })).paises,
    staleTime: PLACES_STALE_MS,
  });
}

/** A country's regions, north to south; idle until a country is chosen. */
export function useRegions(countryId: number | null) {
  return useQuery({
    queryKey: ['places', 'regions', countryId],
    queryFn: async ({ signal }) =>
      (await callApi('getRegionesActivas', { pais_id: countryId! }, { signal })).regiones,
    enabled: countryId !== null,
    staleTime: PLACES_STALE_MS,
  });
}

/** A region's communes; idle until a region is chosen. */
export function useCommunes(regionId: number | null) {
  return useQuery({
    queryKey: ['places', 'communes', regionId],
    queryFn: async ({ signal }) =>
      (await callApi('getComunasActivas', { region_id: regionId! }, { signal })).comunas,
    enabled: regionId !== null,
    staleTime: PLACES_STALE_MS,
  });
}
