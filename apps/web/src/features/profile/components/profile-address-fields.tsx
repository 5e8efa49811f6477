import { useState } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import type { User } from '@escudo/contract';
import { useCommunes, useCountries, useRegions } from '../api/get-places.ts';
import { profileTexts as t } from '../texts.ts';
import { ProfileField } from './profile-field.tsx';
import type { ProfileForm } from './profile-schema.ts';

const toId = (value: string) => (value === '' ? null : Number(value));

/**
 * The lists of places the address picks from, país → región → comuna, starting at the customer's own;
 * `hasCommunes` says whether the región has comunas (the form then requires one).
 */
export function useProfilePlaces(user: User) {
  const countries = useCountries();
  const [countryId, setCountryId] = useState(user.info.pais);
  const [regionId, setRegionId] = useState(user.info.region);
  const regions = useRegions(countryId);
  const communes = useCommunes(regionId);
  // until the communes are known, assume they exist: a required comuna is the safe side
  const hasCommunes = communes.data ? communes.data.length > 0 : regionId !== null;
  const hasFailed = [countries, regions, communes].some((query) => query.isError);
  return {
    countries,
    regions,
    communes,
    countryId,
    setCountryId,
    regionId,
    setRegionId,
    hasCommunes,
    hasFailed,
  };
}

/** Where the customer lives: país, región and comuna (a change clears what depends on it), and the street. */
export function ProfileAddressFields({
  control,
  setValue,
  places: { countries, regions, communes, countryId, setCountryId, regionId, setRegionId, hasCommunes },
}: {
  control: Control<ProfileForm>;
  setValue: UseFormSetValue<ProfileForm>;
  places: ReturnType<typeof useProfilePlaces>;
}) {
  return (
    <>
      <ProfileField
        control={control}
        name="pais"
        label={t.countryLabel}
        options={countries.data?.map((c) => ({ value: String(c.id), label: c.name }))}
        onPicked={(value) => {
          setCountryId(toId(value));
          setRegionId(null);
          setValue('region', '');
          setValue('comuna', '');
        }}
      />
      <ProfileField
        control={control}
        name="region"
        label={t.regionLabel}
        options={
          countryId === null ? [] : regions.data?.map((r) => ({ value: String(r.id), label: r.region }))
        }
        disabled={countryId === null}
        onPicked={(value) => {
          setRegionId(toId(value));
          setValue('comuna', '');
        }}
      />
      {hasCommunes ? (
        <ProfileField
          control={control}
          name="comuna"
          label={t.communeLabel}
          options={
            regionId === null ? [] : communes.data?.map((c) => ({ value: String(c.id), label: c.comuna }))
          }
          disabled={regionId === null}
        />
      ) : null}
      <ProfileField control={control} name="direccion" label={t.addressLabel} autoComplete="street-address" />
    </>
  );
}
