import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Device, User } from '@escudo/contract';
import {
  clearSelectedDevice,
  selectDevice,
  useSelectedDevice,
} from '../../../lib/session/selected-device.ts';
import { useUser } from '../../../lib/session/user-details.ts';
import { componentsTexts } from '../../../components/texts.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { device, iphone, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { devicesTexts as t } from '../texts.ts';
import { DeviceList } from './device-list.tsx';

// Each phone's menu in the sidebar (decision 044): renaming it and removing it from the account.

let account: User;
beforeEach(() => {
  clearSelectedDevice();
  account = { ...user, dispositivos: [device, iphone] };
  answer('userDetails', () => ({ user: account }));
});

/** The sidebar's list, as it shows the signed-in user's phones, and which one is selected. */
function AccountDevices() {
  const { data } = useUser();
  const selected = useSelectedDevice();
  return (
    <>
      <DeviceList devices={data?.dispositivos ?? []} />
      <p>{selected ? `Seleccionado: ${selected.device_name}` : 'Ninguno seleccionado'}</p>
    </>
  );
}

const list = () => screen.getByRole('region', { name: t.heading });
const menuOf = (phone: Device) => screen.findByRole('button', { name: `Opciones de ${phone.device_name}` });

async function choose(phone: Device, item: string) {
  await userEvent.click(await menuOf(phone));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('DeviceMenu', () => {
  it('renames a phone: shows its name, checks the new one, saves it and the list shows it', async () => {
    answer('renameDevice', (body) => {
      const { name } = body as { name: string };
      account = { ...account, dispositivos: [{ ...device, device_name: name }, iphone] };
      return { device: { ...device, device_name: name } };
    });
    renderScreen(<AccountDevices />);
    await choose(device, t.rename);
    const dialog = await screen.findByRole('dialog', { name: t.renameTitle });
    const field = within(dialog).getByRole('textbox', { name: t.renameLabel });
    expect(field).toHaveValue('Teléfono de Ana');

    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.renameSave }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'renameDevice')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(41));
    await userEvent.click(within(dialog).getByRole('button', { name: t.renameSave }));
    expect(within(dialog).getByText('El nombre no puede superar los 40 caracteres.')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, ' Celular del trabajo ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.renameSave }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.name === 'renameDevice')?.body).toEqual({
      device_id: device.device_id,
      name: 'Celular del trabajo',
    });
    expect(
      within(list()).getByRole('button', { name: /^Android Samsung Celular del trabajo Galaxy A54/ }),
    ).toBeInTheDocument();
  });

  it('removes a phone with the password, keeping its data by default; it leaves the list and the selection', async () => {
    const plan = {
      id: 1,
      plan_id: 2,
      started_at: '2026-11-01T12:00:00.000Z',
      expires_at: null,
      expires_on: null,
      plan: {
        id: 2,
        name: 'Protección',
        description: '',
        image: null,
        max_red: 5,
        max_devices: 2,
        includes: [],
        price: 4990,
      },
    };
    account = { ...account, plan };
    answer('removeDevice', () => {
      account = { ...account, dispositivos: [iphone] };
      return { status: 'removed' };
    });
    selectDevice(device);
    renderScreen(<AccountDevices />);
    expect(await screen.findByText('Seleccionado: Teléfono de Ana')).toBeInTheDocument();
    expect(within(list()).getByText('Lugares de tu plan: 2 de 2')).toBeInTheDocument();
    await choose(device, t.remove);
    const dialog = await screen.findByRole('dialog', { name: 'Quitar Teléfono de Ana' });
    expect(within(dialog).getByText(t.removeWhat)).toBeInTheDocument();
    expect(within(dialog).getByText(t.removeSlot)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: t.removeKeep })).toBeChecked();
    // no code field without two-step sign-in
    expect(
      within(dialog).queryByRole('textbox', { name: componentsTexts.secondStepCodeLabel }),
    ).not.toBeInTheDocument();

    // nothing is sent without the password
    await userEvent.click(within(dialog).getByRole('button', { name: t.removeConfirm }));
    expect(within(dialog).getByText(t.removePasswordRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'removeDevice')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(new RegExp(t.removePasswordLabel)), 'una-clave');
    await userEvent.click(within(dialog).getByRole('button', { name: t.removeConfirm }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Teléfono de Ana ya no está en tu cuenta y su lugar en tu plan quedó libre.',
    );
    expect(calls.find((call) => call.name === 'removeDevice')?.body).toEqual({
      device_id: device.device_id,
      password: 'una-clave',
      delete_data: false,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.understood }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Opciones de Teléfono de Ana' })).not.toBeInTheDocument();
    expect(screen.getByText('Ninguno seleccionado')).toBeInTheDocument();
    // the plan's place is free
    expect(within(list()).getByText('Lugares de tu plan: 1 de 2')).toBeInTheDocument();
  });

  it('with a wrong password says so on the field and keeps the phone; with two-step sign-in asks the code', async () => {
    account = { ...account, two_factor_enabled: true };
    const wrong = 'La contraseña no es correcta. Revísala e inténtalo nuevamente.';
    answer('removeDevice', refuse(400, 'WRONG_PASSWORD', wrong, { password: wrong }));
    renderScreen(<AccountDevices />);
    await choose(iphone, t.remove);
    const dialog = await screen.findByRole('dialog', { name: 'Quitar iPhone de Ana' });
    await userEvent.click(within(dialog).getByRole('radio', { name: t.removeDelete }));
    await userEvent.type(within(dialog).getByLabelText(new RegExp(t.removePasswordLabel)), 'mala');
    await userEvent.click(within(dialog).getByRole('button', { name: t.removeConfirm }));
    expect(within(dialog).getByText(componentsTexts.secondStepCodeRequired)).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: componentsTexts.secondStepCodeLabel }),
      '123456',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.removeConfirm }));
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'removeDevice')?.body).toEqual({
      device_id: iphone.device_id,
      password: 'mala',
      code: '123456',
      delete_data: true,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
  });
});
