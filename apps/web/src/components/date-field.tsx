import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { maskDateInput } from '../lib/date-input.ts';
import { componentsTexts } from './texts.ts';

export type DateFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'select' | 'placeholder' | 'slotProps'
> & {
  /** DD-MM-AAAA, as the person typed it (lib/date-input.ts turns it into the API's ISO date) */
  value: string;
  onChange: (text: string) => void;
};

/**
 * A date field that reads and writes DD-MM-AAAA in every browser: a text field with a numeric
 * keyboard on phones, its dashes put in as the digits are typed. The native date input shows the
 * browser's own order (mm/dd/yyyy in an English one), so the panel does not use it (decision 040).
 * The form checks the date with `dateInputProblem` and the field's messages in components/texts.ts.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(maskDateInput(event.target.value))}
      placeholder={componentsTexts.datePlaceholder}
      slotProps={{
        // the placeholder shows the order to type while the field is empty
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
      }}
    />
  );
}
