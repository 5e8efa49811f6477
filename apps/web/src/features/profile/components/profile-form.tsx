import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@escudo/contract';
import { cleanRut, formatRut } from '@escudo/contract/browser';
import { parseDateInput } from '../../../lib/date-input.ts';
import { showServerFieldErrors, useFormNotice } from '../../../lib/forms.ts';
import { useUpdateInfo } from '../api/update-info.ts';
import { profileTexts as t } from '../texts.ts';
import { profileDefaults, profileFormSchema, type ProfileForm } from './profile-schema.ts';
import { ChangeEmailDialog } from './change-email-dialog.tsx';
import { ProfileAddressFields, useProfilePlaces } from './profile-address-fields.tsx';
import { ProfileContactFields } from './profile-contact-fields.tsx';
import { ProfileIdentityFields } from './profile-identity-fields.tsx';
import { ProfilePersonalFields } from './profile-personal-fields.tsx';

/**
 * The profile form of spec 5: opens with what `app/user/details` holds, formats the RUT as it is
 * typed, cascades país → región → comuna (a change clears what depends on it), and saves with
 * `app/user/updateInfo`; the result shows for 4 s (spec 4: Profile save). Its sections, in the order
 * shown: who (name, RUT), contact (e-mail, phone), address, and gender and birth date.
 */
export function ProfileFormFields({
  user,
  onCancel,
  header,
}: {
  user: User;
  onCancel: () => void;
  /** shown above the fields, in the same scrolling area (the avatar editor) */
  header?: ReactNode;
}) {
  const [notice, setNotice] = useFormNotice();
  const places = useProfilePlaces(user);
  const { hasCommunes } = places;
  const update = useUpdateInfo();
  const [isChangingEmail, setIsChangingEmail] = useState(false);

  const { control, handleSubmit, setValue, setError } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema(hasCommunes)),
    mode: 'onTouched',
    defaultValues: { ...profileDefaults(user), rut: formatRut(user.info.rut ?? '') },
  });

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    update.mutate(toUpdateInfo(values, hasCommunes), {
      onSuccess: () => setNotice({ severity: 'success', text: t.saved }),
      onError: (error) => {
        // the server names the fields it refused (a comuna of another region)
        showServerFieldErrors(error, values, setError);
        setNotice({ severity: 'error', text: t.saveFailed });
      },
    });
  });

  return (
    <>
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t.title}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogContent>
          {header}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {places.hasFailed ? <Alert severity="warning">{t.placesError}</Alert> : null}
            <ProfileIdentityFields control={control} />
            <ProfileContactFields control={control} onChangeEmail={() => setIsChangingEmail(true)} />
            <ProfileAddressFields control={control} setValue={setValue} places={places} />
            <ProfilePersonalFields control={control} />
          </Stack>
        </DialogContent>
        <FormActions notice={notice} onCancel={onCancel} isSaving={update.isPending} />
      </Box>
      {/* outside the profile's form: its own form's submit must not reach the profile's through React */}
      <ChangeEmailDialog
        open={isChangingEmail}
        onClose={() => setIsChangingEmail(false)}
        onSent={() => setIsChangingEmail(false)}
      />
    </>
  );
}

/** What `app/user/updateInfo` takes, from the form's values (the comuna only where the región has them). */
function toUpdateInfo(values: ProfileForm, hasCommunes: boolean) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    direccion: values.direccion.trim(),
    telefono: values.telefono.trim(),
    rut: cleanRut(values.rut),
    pais: Number(values.pais),
    region: Number(values.region),
    comuna: hasCommunes ? Number(values.comuna) : null,
    genero: Number(values.genero) as 1 | 2,
    // checked by the form's schema: a complete, real date
    nacimiento: parseDateInput(values.nacimiento)!,
  };
}

/** 'Cerrar' and 'Guardar', with the result of the last save beside them. */
function FormActions({
  notice,
  onCancel,
  isSaving,
}: {
  notice: ReturnType<typeof useFormNotice>[0];
  onCancel: () => void;
  isSaving: boolean;
}) {
  // the result shows beside the buttons, where the eye is after pressing 'Guardar'
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
      {notice ? (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          sx={{ flexBasis: '100%', m: 0 }}
        >
          {notice.text}
        </Alert>
      ) : null}
      <Button onClick={onCancel} disabled={isSaving}>
        {t.close}
      </Button>
      <Button type="submit" variant="contained" loading={isSaving}>
        {t.save}
      </Button>
    </DialogActions>
  );
}
