import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { profileTexts as t } from '../texts.ts';
import type { ProfileForm } from './profile-schema.ts';

/**
 * One field of the profile form: a text input, or a select when `options` are given (undefined options:
 * the list is loading). `format` rewrites what is typed (the RUT's dots and dash); `onPicked` lets a
 * select clear the fields that depend on it.
 */
export function ProfileField({
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
