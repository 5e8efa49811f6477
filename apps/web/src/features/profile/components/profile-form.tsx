import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import type { User } from '@escudo/contract';
import { PHONE_LENGTH, cleanRut, formatRut } from '@escudo/contract/browser';
import { DateField } from '../../../components/date-field.tsx';
import { parseDateInput } from '../../../lib/date-input.ts';
import { showServerFieldErrors, useFormNotice } from '../../../lib/forms.ts';
import { useCommunes, useCountries, useRegions } from '../api/get-places.ts';
import { useUpdateInfo } from '../api/update-info.ts';
import { profileTexts as t } from '../texts.ts';
import { profileDefaults, profileFormSchema, type ProfileForm } from './profile-schema.ts';
import { ChangeEmailDialog } from './change-email-dialog.tsx';
import { EmailChangeUnderWay } from './email-change-under-way.tsx';

const toId = (value: string) => (value === '' ? null : Number(value));

/**
 * The profile form of spec 5: opens with what `app/user/details` holds, formats the RUT as it is
 * typed, cascades país → región → comuna (a change clears what depends on it), and saves with
 * `app/user/updateInfo`; the result shows for 4 s (spec 4: Profile save).
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
  const countries = useCountries();
  const [countryId, setCountryId] = useState(user.info.pais);
  const [regionId, setRegionId] = useState(user.info.region);
  const regions = useRegions(countryId);
  const communes = useCommunes(regionId);
  // until the communes are known, assume they exist: a required comuna is the safe side
  const hasCommunes = communes.data ? communes.data.length > 0 : regionId !== null;
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

  const places = [countries, regions, communes].some((query) => query.isError);
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
            {places ? <Alert severity="warning">{t.placesError}</Alert> : null}
            <Field control={control} name="name" label={t.nameLabel} autoComplete="name" />
            <Field
              control={control}
              name="rut"
              label={t.rutLabel}
              placeholder={t.rutPlaceholder}
              inputMode="text"
              format={formatRut}
            />
            {/* the e-mail is changed apart, with the password and links to both addresses (decision 050) */}
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Field
                control={control}
                name="email"
                label={t.emailLabel}
                type="email"
                autoComplete="email"
                htmlInput={{ readOnly: true }}
              />
              <Button size="small" onClick={() => setIsChangingEmail(true)}>
                {t.changeEmail}
              </Button>
              <EmailChangeUnderWay />
            </Stack>
            <Field
              control={control}
              name="telefono"
              label={t.phoneLabel}
              type="tel"
              autoComplete="tel"
              placeholder={t.phoneExample}
              inputMode="numeric"
              format={(value) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH)}
            />
            <Field
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
            <Field
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
              <Field
                control={control}
                name="comuna"
                label={t.communeLabel}
                options={
                  regionId === null
                    ? []
                    : communes.data?.map((c) => ({ value: String(c.id), label: c.comuna }))
                }
                disabled={regionId === null}
              />
            ) : null}
            <Field control={control} name="direccion" label={t.addressLabel} autoComplete="street-address" />
            <Field
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

/**
 * One field of the form: a text input, or a select when `options` are given (undefined options: the
 * list is loading). `format` rewrites what is typed (the RUT's dots and dash); `onPicked` lets a
 * select clear the fields that depend on it.
 */
function Field({
  control,
  name,
  label,
  options,
  format,
  onPicked,
  htmlInput,
  inputMode,
  ...props
}: {
  control: Control<ProfileForm>;
  name: FieldPath<ProfileForm>;
  label: string;
  options?: { value: string; label: string }[] | undefined;
  format?: (value: string) => string;
  onPicked?: (value: string) => void;
  htmlInput?: Record<string, unknown>;
  inputMode?: 'text' | 'numeric';
} & Pick<TextFieldProps, 'type' | 'autoComplete' | 'placeholder' | 'disabled'>) {
  const isSelect = options !== undefined || onPicked !== undefined || name === 'comuna';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={`profile-${name}`}
          label={label}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            const value = format ? format(event.target.value) : event.target.value;
            field.onChange(value);
            onPicked?.(value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          required
          fullWidth
          select={isSelect}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: isSelect ? true : undefined },
            htmlInput: { ...htmlInput, inputMode },
          }}
        >
          {isSelect ? (
            <>
              <option value="">{options ? t.choose : t.loading}</option>
              {(options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </>
          ) : null}
        </TextField>
      )}
    />
  );
}
