import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { RegisterPage } from './register-page.tsx';

// Register in plain HTML (decision 017): the same rules, messages and moments as the
// form it replaced (spec 5), the banners of the sign-up link, and what goes to the server.

const familia = {
  id: 3,
  name: 'Familia',
  description: 'Para toda la familia',
  image: null,
  max_red: 5,
  max_devices: 4,
  includes: [],
  price: 9990,
};

beforeEach(() => {
  // a visitor: signed out
  authToken.remove();
  answer('signUpByCode', {
    access_token: 'nuevo-token',
    token_type: 'bearer',
    expires_at: '2027-01-01T00:00:00Z',
  } as never);
});

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('Register', () => {
  it('says what is missing once a field is left, and on submit focuses the first field to fix', async () => {
    const person = userEvent.setup();
    renderScreen(<RegisterPage />, '/register');
    expect(await screen.findByText(t.passwordHint)).toBeInTheDocument();
    expect(screen.queryByText(t.fieldRequired)).not.toBeInTheDocument();

    await person.click(field(t.nameLabel));
    await person.tab();
    expect(screen.getByText(t.fieldRequired)).toBeInTheDocument();
    expect(field(t.nameLabel)).toHaveAttribute('aria-invalid', 'true');

    await person.type(field(t.nameLabel), 'Ana');
    expect(screen.queryByText(t.fieldRequired)).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: t.registerSubmit }));
    // e-mail wrong format, password required: the password's hint gives way to its error
    expect(screen.getByText(t.emailFormat)).toBeInTheDocument();
    expect(screen.getByText(t.fieldRequired)).toBeInTheDocument();
    expect(screen.queryByText(t.passwordHint)).not.toBeInTheDocument();
    expect(field(t.emailLabel)).toHaveFocus();
    expect(calls.some((call) => call.name === 'signUpByCode')).toBe(false);

    await person.type(field(t.emailLabel), 'no-es-un-email');
    expect(screen.getByText(t.emailFormat)).toBeInTheDocument();
  });

  it('signs up with the link’s codes, trimmed, and shows Registro Completo', async () => {
    const person = userEvent.setup();
    answer('getSponsorById', {
      sponsor: { name: 'Municipalidad de Ñuñoa', plan: familia, months: 6 },
    } as never);
    renderScreen(<RegisterPage />, '/register?sponsor_code=spons-1&sharecode=share-9');
    expect(
      await screen.findByText('Tu registro es patrocinado por Municipalidad de Ñuñoa.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Se te asignará automáticamente el plan Familia por 6 meses, sin costo adicional para ti.',
      ),
    ).toBeInTheDocument();

    await person.type(field(t.nameLabel), '  Ana Pérez ');
    await person.type(field(t.emailLabel), ' ana@example.cl ');
    await person.type(field(t.passwordLabel), 'clave-larga-123');
    await person.click(screen.getByRole('button', { name: t.registerSubmit }));

    expect(await screen.findByRole('heading', { name: t.registeredTitle })).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'signUpByCode')?.body).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.cl',
      password: 'clave-larga-123',
      code: null,
      security_code: null,
      share_code: 'share-9',
      sharecode: 'share-9',
      sponsor_code: 'spons-1',
    });
    await waitFor(() => expect(authToken.get()).toBe('nuevo-token'));
  });

  it('lists the server’s reasons under its heading, and names the inviter of a network link', async () => {
    const person = userEvent.setup();
    answer('getUserByCode', { user: { name: 'Camila Rojas' }, respuesta: true } as never);
    answer('signUpByCode', refuse(409, 'EMAIL_TAKEN', 'Ya existe una cuenta registrada con este email.'));
    renderScreen(<RegisterPage />, '/register?security_code=sec-7');
    expect(
      await screen.findByText('Vas a ser agregado a la red de seguridad de Camila Rojas'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.haveAccountJoin })).toHaveAttribute(
      'href',
      '/login?security_code=sec-7',
    );

    await person.type(field(t.nameLabel), 'Ana');
    await person.type(field(t.emailLabel), 'ana@example.cl');
    await person.type(field(t.passwordLabel), 'clave-larga-123');
    await person.click(screen.getByRole('button', { name: t.registerSubmit }));

    expect(await screen.findByText(t.formErrorsHeading)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Ya existe una cuenta registrada con este email.');
    expect(calls.find((call) => call.name === 'signUpByCode')?.body).toMatchObject({
      code: 'sec-7',
      security_code: 'sec-7',
    });
  });

  it('says why a sponsor code does not work', async () => {
    answer(
      'getSponsorById',
      refuse(404, 'SPONSOR_NOT_FOUND', 'El código de patrocinio no es válido o ya no está vigente.'),
    );
    renderScreen(<RegisterPage />, '/register?sponsor_code=nope');
    expect(await screen.findByText(t.sponsorChecking)).toBeInTheDocument();
    const refusal = await screen.findByText('El código de patrocinio no es válido o ya no está vigente.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(t.sponsorChecking)).not.toBeInTheDocument();
  });
});
