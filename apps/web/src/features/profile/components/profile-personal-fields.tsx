import { Controller, type Control } from 'react-hook-form';
import { DateField } from '../../../components/date-field.tsx';
import { profileTexts as t } from '../texts.ts';
import { ProfileField } from './profile-field.tsx';
import type { ProfileForm } from './profile-schema.ts';

/** The customer's gender and birth date (DD-MM-AAAA, decision 040). */
export function ProfilePersonalFields({ control }: { control: Control<ProfileForm> }) {
  return (
    <>
      <ProfileField
        control={control}
        name="genero"
        label={t.genderLabel}
        options={[
          { value: '2', label: t.genderFemale },
          { value: '1', label: t.genderMale },
        ]}
      />
      <Controller
        control={control}
        name="nacimiento"
        render={({ field, fieldState }) => (
          <DateField
            id="profile-nacimiento"
            label={t.birthLabel}
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={field.onChange}
            autoComplete="bday"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            required
            fullWidth
          />
        )}
      />
    </>
  );
}
