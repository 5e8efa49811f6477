import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { PHONE_LENGTH } from '@escudo/contract/browser';
import { profileTexts as t } from '../texts.ts';
import { EmailChangeUnderWay } from './email-change-under-way.tsx';
import { ProfileField } from './profile-field.tsx';
import type { ProfileForm } from './profile-schema.ts';

/** How to reach the customer: the e-mail (changed apart, `onChangeEmail`) and the phone number. */
export function ProfileContactFields({
  control,
  onChangeEmail,
}: {
  control: Control<ProfileForm>;
  onChangeEmail: () => void;
}) {
  return (
    <>
      {/* the e-mail is changed apart, with the password and links to both addresses (decision 050) */}
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <ProfileField
          control={control}
          name="email"
          label={t.emailLabel}
          type="email"
          autoComplete="email"
          htmlInput={{ readOnly: true }}
        />
        <Button size="small" onClick={onChangeEmail}>
          {t.changeEmail}
        </Button>
        <EmailChangeUnderWay />
      </Stack>
      <ProfileField
        control={control}
        name="telefono"
        label={t.phoneLabel}
        type="tel"
        autoComplete="tel"
        placeholder={t.phoneExample}
        inputMode="numeric"
        format={(value) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH)}
      />
    </>
  );
}
