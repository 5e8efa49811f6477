import type { Control } from 'react-hook-form';
import { formatRut } from '@escudo/contract/browser';
import { profileTexts as t } from '../texts.ts';
import { ProfileField } from './profile-field.tsx';
import type { ProfileForm } from './profile-schema.ts';

/** Who the customer is: the name and the RUT, formatted as it is typed. */
export function ProfileIdentityFields({ control }: { control: Control<ProfileForm> }) {
  return (
    <>
      <ProfileField control={control} name="name" label={t.nameLabel} autoComplete="name" />
      <ProfileField
        control={control}
        name="rut"
        label={t.rutLabel}
        placeholder={t.rutPlaceholder}
        inputMode="text"
        format={formatRut}
      />
    </>
  );
}
