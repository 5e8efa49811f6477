import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { userQueryOptions } from '../lib/session/user-details.ts';
import { answer, calls, refuse } from '../testing/fake-network.ts';
import { user } from '../testing/fixtures.ts';
import { renderScreen } from '../testing/render.tsx';
import { PasswordAgainFields, useNeedsSecondStep, usePasswordAgainForm } from './password-again.tsx';
import { componentsTexts } from './texts.ts';

// The password typed again (and the two-step code when the account has it on), as a dialog of the
// panel uses it: here a confirmation checked by `validatePass`, the wipe's call.

const texts = {
  passwordLabel: 'Tu contraseña',
  passwordHelp: 'La de tu cuenta.',
  passwordRequired: 'Ingresa tu contraseña.',
};
const wrong = 'La contraseña no es correcta. Revísala e inténtalo nuevamente.';

function Confirmation() {
  const [isDone, setIsDone] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const confirmation = usePasswordAgainForm({
    asksCode: useNeedsSecondStep(),
    isPending: isSending,
    onSubmit: async (values) => {
      setIsSending(true);
      try {
        await callApi('validatePass', values);
        setIsDone(true);
      } finally {
        setIsSending(false);
      }
    },
  });
  return (
    <form onSubmit={confirmation.submit} noValidate>
      <PasswordAgainFields form={confirmation} texts={texts} />
      <button type="submit">Confirmar</button>
      {isDone ? <p role="status">Confirmada</p> : null}
    </form>
  );
}

function showConfirmation({ hasSecondStep }: { hasSecondStep: boolean }) {
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, two_factor_enabled: hasSecondStep });
  renderScreen(<Confirmation />);
  return {
    person: userEvent.setup(),
    password: screen.getByLabelText(texts.passwordLabel, { selector: 'input' }),
    send: screen.getByRole('button', { name: 'Confirmar' }),
  };
}

describe('PasswordAgainFields', () => {
  it('refuses an empty password on the field, without calling the server', async () => {
    const { person, password, send } = showConfirmation({ hasSecondStep: false });
    expect(password).toHaveAccessibleDescription(texts.passwordHelp);
    expect(
      screen.queryByRole('textbox', { name: componentsTexts.secondStepCodeLabel }),
    ).not.toBeInTheDocument();
    await person.click(send);
    expect(password).toHaveAccessibleDescription(texts.passwordRequired);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // the focus stays where the person put it
    expect(send).toHaveFocus();
    expect(calls.filter((call) => call.name === 'validatePass')).toEqual([]);
    // typing takes the message away
    await person.type(password, 'c');
    expect(password).toHaveAccessibleDescription(texts.passwordHelp);
  });

  it("shows the server's refusal of the password on the field", async () => {
    answer('validatePass', refuse(400, 'WRONG_PASSWORD', wrong, { password: wrong }));
    const { person, password, send } = showConfirmation({ hasSecondStep: false });
    await person.type(password, 'equivocada');
    await person.click(send);
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(password).toHaveAccessibleDescription(wrong);
    expect(password).toHaveValue('equivocada');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks the two-step code when the account has it on, sends it trimmed and empties it after a try', async () => {
    answer('validatePass', refuse(400, 'TWO_FACTOR_CODE_INVALID', 'El código no es correcto.'));
    const { person, password, send } = showConfirmation({ hasSecondStep: true });
    const code = screen.getByRole('textbox', { name: componentsTexts.secondStepCodeLabel });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(componentsTexts.secondStepCodeHelp);

    await person.type(password, 'secreta1');
    await person.click(send);
    expect(code).toHaveAccessibleDescription(componentsTexts.secondStepCodeRequired);
    expect(calls.filter((call) => call.name === 'validatePass')).toEqual([]);

    await person.type(code, ' 123456 ');
    const codeLabel = document.querySelector(`label[for="${code.id}"]`);
    expect(codeLabel).toHaveAttribute('data-shrink', 'true');
    await person.click(send);
    await expect.poll(() => (code as HTMLInputElement).value).toBe('');
    // the label comes down over the emptied field, as over one never typed in
    expect(codeLabel).toHaveAttribute('data-shrink', 'false');
    expect(calls.find((call) => call.name === 'validatePass')?.body).toEqual({
      password: 'secreta1',
      code: '123456',
    });
    // a used code is gone, not missing: its help comes back; the password stays for the next try
    expect(code).toHaveAccessibleDescription(componentsTexts.secondStepCodeHelp);
    expect(password).toHaveValue('secreta1');
  });

  it('hands the password to the caller, which goes on once the server agrees', async () => {
    answer('validatePass', { status: true });
    const { person, password, send } = showConfirmation({ hasSecondStep: false });
    await person.type(password, 'secreta1');
    await person.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmada');
    expect(calls.filter((call) => call.name === 'validatePass').map((call) => call.body)).toEqual([
      { password: 'secreta1' },
    ]);
  });
});
