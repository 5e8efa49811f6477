import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from './date-field.tsx';
import { componentsTexts as t } from './texts.ts';

// The shared date field: DD-MM-AAAA typed with a numeric keyboard, dashes put in as digits arrive.

function Birth({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DateField id="birth" label="Fecha de nacimiento" value={value} onChange={setValue} />;
}

describe('DateField', () => {
  it('is a text field asking for DD-MM-AAAA, with a numeric keyboard', () => {
    render(<Birth />);
    const field = screen.getByRole('textbox', { name: 'Fecha de nacimiento' });
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('placeholder', t.datePlaceholder);
  });

  it('puts the dashes in as the digits are typed, and keeps a fixed digit in its place', async () => {
    render(<Birth />);
    const field = screen.getByRole('textbox', { name: 'Fecha de nacimiento' });
    await userEvent.type(field, '05031990');
    expect(field).toHaveValue('05-03-1990');
    // the caret after "05-03", the 3 replaced by a 4
    await userEvent.type(field, '{backspace}4', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(field).toHaveValue('05-04-1990');
  });
});
