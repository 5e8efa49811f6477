import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useLayoutEffect, useRef } from 'react';
import { caretAfterMask, maskDateInput } from '../lib/date-input.ts';
import { componentsTexts } from './texts.ts';

export type DateFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'select' | 'placeholder' | 'slotProps' | 'inputRef'
> & {
  /** a callback ref, as react-hook-form's `field.ref` */
  inputRef?: (element: HTMLInputElement | null) => void;
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
export function DateField({ value, onChange, inputRef, ...props }: DateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  // where the caret belongs once the masked text is on screen (React puts it at the end)
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && input.current === document.activeElement) {
      input.current?.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });

  return (
    <TextField
      {...props}
      inputRef={(element: HTMLInputElement | null) => {
        input.current = element;
        inputRef?.(element);
      }}
      value={value}
      onChange={(event) => {
        const raw = event.target.value;
        const masked = maskDateInput(raw);
        caret.current = caretAfterMask(raw, event.target.selectionStart ?? raw.length, masked);
        onChange(masked);
      }}
      placeholder={componentsTexts.datePlaceholder}
      slotProps={{
        // the placeholder shows the order to type while the field is empty
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
      }}
    />
  );
}
