import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorMessages } from '@escudo/contract/browser';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { securityTexts as t } from '../texts.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  'a2b3c-d4e5f',
  'g6h7j-k8m9n',
  'pqrst-uvwxy',
  'z2345-6789a',
  'bcdef-ghjkm',
  'npqrs-tuvwx',
  'yz234-56789',
];

function showSection(isOn: boolean) {
  authToken.set('sesion');
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, two_factor_enabled: isOn });
  renderScreen(<TwoFactorSection />);
  return { person: userEvent.setup(), section: screen.getByRole('region', { name: t.twoFactorTitle }) };
}

beforeEach(() => {
  answer('accountActivity', { activity: [], total: 0 });
});

describe('the two-step sign-in section', () => {
  it('turns it on: the secret to type, a wrong code refused, then the recovery codes once', async () => {
    answer('twoFactorStart', { secret: SECRET, otpauth_url: `otpauth://totp/Escudo:ana?secret=${SECRET}` });
    const { person, section } = showSection(false);
    expect(within(section).getByText(t.twoFactorOff)).toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: t.twoFactorActivate }));

    // the password first, checked by the server
    answer(
      'twoFactorStart',
      refuse(400, 'WRONG_PASSWORD', errorMessages.WRONG_PASSWORD, {
        password: errorMessages.WRONG_PASSWORD,
      }),
    );
    const password = within(section).getByLabelText(t.deletePasswordLabel);
    await person.click(within(section).getByRole('button', { name: t.twoFactorPasswordContinue }));
    expect(password).toHaveAccessibleDescription(t.deletePasswordRequired);
    expect(calls.filter((call) => call.name === 'twoFactorStart')).toHaveLength(0);
    await person.type(password, 'no-es-la-clave');
    await person.click(within(section).getByRole('button', { name: t.twoFactorPasswordContinue }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(errorMessages.WRONG_PASSWORD));
    answer('twoFactorStart', { secret: SECRET, otpauth_url: `otpauth://totp/Escudo:ana?secret=${SECRET}` });
    await person.clear(password);
    await person.type(password, 'una-clave-segura');
    await person.click(within(section).getByRole('button', { name: t.twoFactorPasswordContinue }));
    expect(calls.filter((call) => call.name === 'twoFactorStart').at(-1)?.body).toEqual({
      password: 'una-clave-segura',
    });

    const secret = await within(section).findByRole('textbox', { name: t.twoFactorSecretLabel });
    expect(secret).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = within(section).getByRole('textbox', { name: t.twoFactorCodeLabel });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    answer('twoFactorConfirm', refuse(400, 'TWO_FACTOR_CODE_INVALID', errorMessages.TWO_FACTOR_CODE_INVALID));
    await person.type(code, '111111');
    await person.click(within(section).getByRole('button', { name: t.twoFactorConfirm }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      errorMessages.TWO_FACTOR_CODE_INVALID,
    );

    answer('twoFactorConfirm', { recovery_codes: codes });
    answer('userDetails', { user: { ...user, two_factor_enabled: true } });
    await person.type(code, '222222');
    await person.click(within(section).getByRole('button', { name: t.twoFactorConfirm }));
    const list = await within(section).findByRole('list', { name: t.recoveryListLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(calls.filter((call) => call.name === 'twoFactorConfirm').map((call) => call.body)).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
    expect(within(section).getByRole('button', { name: t.recoveryCopy })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: t.recoveryDownload })).toBeInTheDocument();

    await person.click(within(section).getByRole('button', { name: t.recoveryDone }));
    expect(within(section).queryByRole('list', { name: t.recoveryListLabel })).not.toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText(t.twoFactorOn)).toBeInTheDocument());
    expect(within(section).getByRole('button', { name: t.twoFactorDeactivate })).toBeInTheDocument();
  });

  it('says when the QR code is no longer good, and starts again from the password to a new one', async () => {
    const NEW_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    const { person, section } = showSection(false);
    await person.click(within(section).getByRole('button', { name: t.twoFactorActivate }));
    answer('twoFactorStart', { secret: SECRET, otpauth_url: `otpauth://totp/Escudo:ana?secret=${SECRET}` });
    await person.type(within(section).getByLabelText(t.deletePasswordLabel), 'una-clave-segura');
    await person.click(within(section).getByRole('button', { name: t.twoFactorPasswordContinue }));
    await within(section).findByRole('textbox', { name: t.twoFactorSecretLabel });

    // the person came back to it more than 15 minutes later
    answer(
      'twoFactorConfirm',
      refuse(409, 'TWO_FACTOR_SETUP_EXPIRED', errorMessages.TWO_FACTOR_SETUP_EXPIRED),
    );
    await person.type(within(section).getByRole('textbox', { name: t.twoFactorCodeLabel }), '111111');
    await person.click(within(section).getByRole('button', { name: t.twoFactorConfirm }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      errorMessages.TWO_FACTOR_SETUP_EXPIRED,
    );
    // the dead secret is no longer offered to scan or type
    expect(within(section).queryByRole('textbox', { name: t.twoFactorSecretLabel })).not.toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: t.twoFactorCodeLabel })).not.toBeInTheDocument();

    await person.click(within(section).getByRole('button', { name: t.twoFactorRestart }));
    const password = within(section).getByLabelText(t.deletePasswordLabel);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    answer('twoFactorStart', {
      secret: NEW_SECRET,
      otpauth_url: `otpauth://totp/Escudo:ana?secret=${NEW_SECRET}`,
    });
    await person.type(password, 'una-clave-segura');
    await person.click(within(section).getByRole('button', { name: t.twoFactorPasswordContinue }));
    expect(await within(section).findByRole('textbox', { name: t.twoFactorSecretLabel })).toHaveValue(
      'KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU',
    );
    expect(calls.filter((call) => call.name === 'twoFactorStart')).toHaveLength(2);

    answer('twoFactorConfirm', { recovery_codes: codes });
    answer('userDetails', { user: { ...user, two_factor_enabled: true } });
    await person.type(within(section).getByRole('textbox', { name: t.twoFactorCodeLabel }), '222222');
    await person.click(within(section).getByRole('button', { name: t.twoFactorConfirm }));
    expect(await within(section).findByRole('list', { name: t.recoveryListLabel })).toBeInTheDocument();
  });

  it('turns it off with the password and a code, and shows a refusal in the dialog', async () => {
    const { person, section } = showSection(true);
    await person.click(within(section).getByRole('button', { name: t.twoFactorDeactivate }));
    const dialog = await screen.findByRole('dialog', { name: t.disableTitle });
    const send = within(dialog).getByRole('button', { name: t.twoFactorDeactivate });
    await person.click(send);
    expect(within(dialog).getByText(t.disablePasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.disableCodeRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'twoFactorDisable')).toHaveLength(0);

    answer('twoFactorDisable', refuse(400, 'WRONG_PASSWORD', errorMessages.WRONG_PASSWORD));
    await person.type(within(dialog).getByLabelText(t.disablePasswordLabel, { selector: 'input' }), 'clave');
    await person.type(within(dialog).getByRole('textbox', { name: t.disableCodeLabel }), '123456');
    await person.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorMessages.WRONG_PASSWORD);

    answer('twoFactorDisable', { code: 200 });
    answer('userDetails', { user: { ...user, two_factor_enabled: false } });
    await person.type(within(dialog).getByRole('textbox', { name: t.disableCodeLabel }), '654321');
    await person.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.name === 'twoFactorDisable').at(-1)?.body).toEqual({
      password: 'clave',
      code: '654321',
    });
    await waitFor(() => expect(within(section).getByText(t.twoFactorOff)).toBeInTheDocument());
  });
});
