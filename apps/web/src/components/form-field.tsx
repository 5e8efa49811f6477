import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

/**
 * A labelled text input with its helper or error text: MUI's outlined TextField, assembled from its
 * parts. TextField itself also bundles the whole Select/Menu/Popover family for its `select` mode,
 * which no form here uses, and Login must load fast (issue "Foundation": first load budget).
 */
export type FormFieldProps = Omit<OutlinedInputProps, 'label' | 'error' | 'id'> & {
  id: string;
  label: string;
  error?: boolean;
  helperText?: ReactNode;
};

export function FormField({
  id,
  label,
  error = false,
  helperText,
  fullWidth = true,
  ...inputProps
}: FormFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...inputProps} id={id} label={label} aria-describedby={helperId} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
