import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@escudo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { profileTexts as t } from '../texts.ts';
import ProfileDialog from './profile-dialog.tsx';

// react-easy-crop measures the picture and the crop area, which happy-dom cannot lay out: a stand-in
// reports a crop of the whole picture, as the library does once the picture has loaded
vi.mock('react-easy-crop', async () => {
  const { useEffect } = await import('react');
  return {
    default: function Cropper({
      onCropComplete,
      onMediaLoaded,
    }: {
      onCropComplete: (area: unknown, pixels: unknown) => void;
      onMediaLoaded: () => void;
    }) {
      // once, when the picture has loaded
      useEffect(() => {
        onMediaLoaded();
        onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 400, height: 400 });
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      return null;
    },
  };
});

const ana: User = {
  ...user,
  info: {
    avatar: null,
    direccion: 'Av. Grecia 1234',
    telefono: '56912345678',
    rut: '123456785',
    pais: 1,
    region: 13,
    comuna: 131,
    genero: 2,
    nacimiento: '1990-05-17',
    cuadrante_id: null,
    codigo_invitacion: 'ANA12345',
    cuadrante: null,
  },
};

beforeEach(() => {
  answer('getPaisesActivos', { paises: [{ id: 1, name: 'Chile' }] });
  answer('getRegionesActivas', (body) =>
    (body as { pais_id: number }).pais_id === 1
      ? {
          regiones: [
            { id: 5, region: 'Valparaíso' },
            { id: 13, region: 'Metropolitana' },
          ],
        }
      : { regiones: [] },
  );
  answer('getComunasActivas', (body) =>
    (body as { region_id: number }).region_id === 13
      ? {
          comunas: [
            { id: 131, comuna: 'Ñuñoa' },
            { id: 132, comuna: 'Providencia' },
          ],
        }
      : { comunas: [{ id: 51, comuna: 'Viña del Mar' }] },
  );
  answer('updateInfo', { code: 200 });
  answer('userDetails', { user: ana });
});

function openProfile(account: User = ana) {
  queryClient.setQueryData(userQueryOptions.queryKey, account);
  renderScreen(<ProfileDialog user={account} open onClose={() => undefined} />);
  return screen.getByRole('form', { name: t.title });
}

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: t.save }));

describe('ProfileDialog', () => {
  it('opens with what the account holds, the places showing as loading until their lists arrive', async () => {
    answer('getPaisesActivos', () => new Promise(() => undefined));
    openProfile();
    expect(screen.getByRole('dialog', { name: t.title })).toBeInTheDocument();
    expect(field(t.nameLabel)).toHaveValue('Ana Pérez');
    expect(field(t.rutLabel)).toHaveValue('12.345.678-5');
    expect(field(t.emailLabel)).toHaveValue('ana@example.cl');
    expect(screen.getByRole('textbox', { name: t.phoneLabel })).toHaveValue('56912345678');
    expect(field(t.addressLabel)).toHaveValue('Av. Grecia 1234');
    expect(within(select(t.countryLabel)).getByRole('option', { name: t.loading })).toBeInTheDocument();
    expect(
      await within(select(t.regionLabel)).findByRole('option', { name: 'Metropolitana' }),
    ).toBeInTheDocument();
    expect(select(t.genderLabel)).toHaveDisplayValue(t.genderFemale);
  });

  it('shows the chosen place, and a new region clears the comuna, which is then required', async () => {
    openProfile();
    await waitFor(() => expect(select(t.countryLabel)).toHaveDisplayValue('Chile'));
    await waitFor(() => expect(select(t.regionLabel)).toHaveDisplayValue('Metropolitana'));
    await waitFor(() => expect(select(t.communeLabel)).toHaveDisplayValue('Ñuñoa'));

    await userEvent.selectOptions(select(t.regionLabel), 'Valparaíso');
    expect(select(t.communeLabel)).toHaveDisplayValue(t.choose);
    expect(
      await within(select(t.communeLabel)).findByRole('option', { name: 'Viña del Mar' }),
    ).toBeInTheDocument();
    await save();
    expect(await screen.findByText(t.required)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'updateInfo')).toBe(false);
  });

  it('says what is wrong before saving', async () => {
    openProfile({ ...ana, info: { ...ana.info, telefono: null, rut: null } });
    await waitFor(() => expect(select(t.communeLabel)).toHaveDisplayValue('Ñuñoa'));
    await userEvent.clear(field(t.nameLabel));
    await userEvent.type(field(t.rutLabel), '123456789');
    await userEvent.type(screen.getByRole('textbox', { name: t.phoneLabel }), '5691');
    await save();
    expect(await screen.findByText(t.rutInvalid)).toBeInTheDocument();
    expect(screen.getByText(t.required)).toBeInTheDocument();
    expect(screen.getByText('Debe tener 11 dígtos. Ej (56912345678)')).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'updateInfo')).toBe(false);
  });

  it('saves the profile, RUT clean, and says so', async () => {
    openProfile();
    await waitFor(() => expect(select(t.communeLabel)).toHaveDisplayValue('Ñuñoa'));
    await userEvent.clear(field(t.nameLabel));
    await userEvent.type(field(t.nameLabel), 'Ana María Pérez');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent(t.saved);
    expect(calls.find((call) => call.name === 'updateInfo')?.body).toEqual({
      name: 'Ana María Pérez',
      email: 'ana@example.cl',
      direccion: 'Av. Grecia 1234',
      telefono: '56912345678',
      rut: '123456785',
      pais: 1,
      region: 13,
      comuna: 131,
      genero: 2,
      nacimiento: '1990-05-17',
    });
  });

  it('reads and writes the birth date DD-MM-AAAA, checks it, and sends the ISO date', async () => {
    openProfile();
    await waitFor(() => expect(select(t.communeLabel)).toHaveDisplayValue('Ñuñoa'));
    const birth = field(t.birthLabel);
    // a text field in every browser, not the native date input whose order follows the browser's language
    expect(birth).toHaveValue('17-05-1990');
    expect(birth).toHaveAttribute('type', 'text');
    expect(birth).toHaveAttribute('inputmode', 'numeric');
    expect(birth).toHaveAttribute('placeholder', 'DD-MM-AAAA');

    await userEvent.clear(birth);
    await userEvent.type(birth, '0503');
    expect(birth).toHaveValue('05-03');
    await save();
    expect(await screen.findByText('Ingresa la fecha como DD-MM-AAAA.')).toBeInTheDocument();
    await userEvent.type(birth, '1949');
    expect(birth).toHaveValue('05-03-1949');
    expect(await screen.findByText(t.birthRange)).toBeInTheDocument();
    await userEvent.clear(birth);
    await userEvent.type(birth, '31021990');
    expect(await screen.findByText('Esa fecha no existe. Revisa el día y el mes.')).toBeInTheDocument();
    // no future birth date
    await userEvent.clear(birth);
    await userEvent.type(birth, `0101${new Date().getFullYear() + 1}`);
    expect(await screen.findByText(t.birthRange)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'updateInfo')).toBe(false);

    await userEvent.clear(birth);
    await userEvent.type(birth, '5/3/1990');
    expect(birth).toHaveValue('05-03-1990');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent(t.saved);
    expect(calls.find((call) => call.name === 'updateInfo')?.body).toMatchObject({
      nacimiento: '1990-03-05',
    });
  });
});

describe('ProfileDialog: refusals, the e-mail and the avatar', () => {
  it("shows the server's refusal on the field it names, and says the save failed", async () => {
    answer(
      'updateInfo',
      refuse(400, 'VALIDATION', 'La dirección no es válida.', { direccion: 'La dirección no es válida.' }),
    );
    openProfile();
    await waitFor(() => expect(select(t.communeLabel)).toHaveDisplayValue('Ñuñoa'));
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.saveFailed);
    expect(field(t.addressLabel)).toHaveAccessibleDescription('La dirección no es válida.');
    expect(field(t.addressLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the e-mail only through «Cambiar email», with the password, and shows the change under way', async () => {
    const appliesAt = '2026-12-08T21:00:00.000Z';
    answer('changeEmail', (body) => {
      if ((body as { password: string }).password !== 'una-clave-segura')
        return refuse(400, 'WRONG_PASSWORD', 'La contraseña no es correcta.', {
          password: 'La contraseña no es correcta.',
        });
      // the server now holds the change under way, which user details carry
      const email = (body as { email: string }).email;
      answer('userDetails', {
        user: {
          ...user,
          email_change: { email, applies_at: appliesAt, new_address_confirmed: false, confirmed: false },
        },
      });
      return { status: 'sent', email, applies_at: appliesAt };
    });
    answer('cancelEmailChange', () => {
      answer('userDetails', { user });
      return { status: 'cancelled' };
    });
    openProfile();
    // the profile's own field cannot be edited
    expect(field(t.emailLabel)).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: t.changeEmail }));
    const dialog = await screen.findByRole('dialog', { name: t.changeEmailTitle });
    const send = () => userEvent.click(within(dialog).getByRole('button', { name: t.sendLink }));

    // both fields are needed before anything is sent
    await send();
    expect(await within(dialog).findByText(t.passwordRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'changeEmail')).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.newEmailLabel }),
      'ana.nueva@example.cl',
    );
    const password = within(dialog).getByLabelText(t.currentPasswordLabel);
    await userEvent.type(password, 'otra-clave');
    await send();
    await waitFor(() => expect(password).toHaveAccessibleDescription('La contraseña no es correcta.'));

    await userEvent.clear(password);
    await userEvent.type(password, 'una-clave-segura');
    await send();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t.changeEmailTitle })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.name === 'changeEmail').at(-1)?.body).toEqual({
      email: 'ana.nueva@example.cl',
      password: 'una-clave-segura',
    });
    expect(
      await screen.findByText(
        'Te enviamos un enlace a ana.nueva@example.cl: ábrelo con tu cuenta abierta para confirmar el cambio. Por seguridad, el cambio se aplicará el 08-12-2026 18:00, o antes si lo confirmas desde tu email actual.',
      ),
    ).toBeInTheDocument();
    // until it applies, the profile keeps (and saves) the account's e-mail
    expect(field(t.emailLabel)).toHaveValue('ana@example.cl');
    // the owner may drop it from here
    await userEvent.click(screen.getByRole('button', { name: t.cancelEmailChange }));
    expect(await screen.findByText(t.emailChangeCancelled)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'cancelEmailChange')).toBe(true);
  });

  it('says why an e-mail change was refused when it is not about a field (a limit)', async () => {
    answer('changeEmail', refuse(429, 'TOO_MANY_REQUESTS', 'Demasiadas solicitudes para cambiar tu email.'));
    openProfile();
    await userEvent.click(screen.getByRole('button', { name: t.changeEmail }));
    const dialog = await screen.findByRole('dialog', { name: t.changeEmailTitle });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.newEmailLabel }),
      'ana.nueva@example.cl',
    );
    await userEvent.type(within(dialog).getByLabelText(t.currentPasswordLabel), 'una-clave-segura');
    await userEvent.click(within(dialog).getByRole('button', { name: t.sendLink }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Demasiadas solicitudes para cambiar tu email.',
    );
  });

  it('says so when the lists of places cannot be loaded', async () => {
    answer('getPaisesActivos', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    openProfile();
    // one retry, 1 s later, before the form gives up
    expect(await screen.findByText(t.placesError)).toBeInTheDocument();
    expect(field(t.nameLabel)).toHaveValue('Ana Pérez');
  });

  it('takes only pictures for the avatar, and crops one before sending it', async () => {
    openProfile();
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.click(screen.getByRole('button', { name: t.changePhoto }));
    await userEvent.upload(picker, new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByText(t.notAnImage)).toBeInTheDocument();

    await userEvent.upload(picker, new File(['jpeg'], 'yo.jpg', { type: 'image/jpeg' }));
    const crop = await screen.findByRole('dialog', { name: t.cropTitle });
    expect(screen.queryByText(t.notAnImage)).not.toBeInTheDocument();
    expect(within(crop).getByText(t.cropHint)).toBeInTheDocument();
    expect(within(crop).getByRole('slider', { name: t.zoom })).toHaveValue('1');
    expect(within(crop).getByRole('button', { name: t.savePhoto })).toBeEnabled();
    await userEvent.click(within(crop).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.cropTitle })).not.toBeInTheDocument());
    expect(calls.some((call) => call.name === 'updateAvatar')).toBe(false);
  });
});
