import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NetworkInvitee, NetworkMembership, User } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { networkTexts as t } from '../texts.ts';
import { SecurityNetworkDialog } from './security-network-dialog.tsx';

// Home's 'Red de seguridad': the people I invited (and the invitation form), the networks I belong to.

const camila: NetworkInvitee = {
  id: 21,
  estado: 'aceptada',
  created_at: '2026-11-02T15:30:00.000Z',
  personas: [{ name: 'Camila Rojas', email: 'camila@example.cl', info: { telefono: '56987654321' } }],
};
const pedro: NetworkInvitee = {
  id: 22,
  estado: 'pendiente',
  created_at: '2026-11-10T12:00:00.000Z',
  personas: [{ name: 'Pedro Soto', email: 'pedro@example.cl', info: { telefono: null } }],
};
const bruno: NetworkMembership = {
  id: 31,
  anfitrion: [{ name: 'Bruno Díaz', email: 'bruno@example.cl', info: { telefono: '56911112222' } }],
};
const familyPlan: User['plan'] = {
  id: 1,
  plan_id: 3,
  started_at: '2026-01-01T00:00:00.000Z',
  expires_at: null,
  expires_on: null,
  plan: {
    id: 3,
    name: 'Familia',
    description: 'Para toda la familia',
    image: null,
    max_red: 2,
    max_devices: 4,
    includes: [],
    price: 9990,
  },
};

function openNetwork(plan: User['plan'] = null) {
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, plan });
  renderScreen(<SecurityNetworkDialog open onClose={() => undefined} />);
  return screen.getByRole('dialog', { name: t.title });
}

const panel = (tab: string) => screen.getByRole('tabpanel', { name: tab });

describe('SecurityNetworkDialog', () => {
  it('says it is loading my network, with the invitation form ready', async () => {
    answer('misInvitados', () => new Promise(() => undefined));
    openNetwork();
    expect(screen.getByRole('tab', { name: t.tabMine })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel(t.tabMine)).getByRole('status')).toHaveTextContent(t.loading);
    expect(within(panel(t.tabMine)).getByRole('form', { name: t.inviteHeading })).toBeInTheDocument();
  });

  it('says nobody was invited yet, and how many people the plan allows', async () => {
    answer('misInvitados', { data: [] });
    openNetwork(familyPlan);
    expect(await screen.findByText(t.emptyMine)).toBeInTheDocument();
    expect(screen.getByText(t.emptyMineHint)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Tu plan permite 2 personas en tu red (las invitaciones pendientes cuentan): tienes 0.',
      ),
    ).toBeInTheDocument();
  });

  it('offers to try again when my network cannot be read', async () => {
    answer('misInvitados', refuse(403, 'FORBIDDEN', 'No puedes ver esta red.'));
    openNetwork();
    expect(await screen.findByText(/No pudimos cargar tu red de seguridad/)).toHaveTextContent(
      `${t.loadError} No puedes ver esta red.`,
    );
    answer('misInvitados', { data: [camila] });
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Camila Rojas')).toBeInTheDocument();
  });

  it('lists the people I invited with their state, and removes one after asking', async () => {
    let invitees = [camila, pedro];
    answer('misInvitados', () => ({ data: invitees }));
    answer('eliminarDeRed', () => {
      invitees = [camila];
      return { code: 200 };
    });
    openNetwork(familyPlan);
    const list = await screen.findByRole('list', { name: t.tabMine });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Camila Rojas');
    expect(first).toHaveTextContent('camila@example.cl');
    expect(first).toHaveTextContent('Teléfono: 56987654321');
    expect(first).toHaveTextContent(`${t.statusAccepted} Invitado el 02-11-2026 12:30`);
    expect(second).toHaveTextContent('Pedro Soto');
    expect(second).toHaveTextContent(t.statusPending);
    expect(second).not.toHaveTextContent('Teléfono:');
    // the plan's two places are taken, pending invitation included
    expect(screen.getByText(t.limitReached)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.invite })).toBeDisabled();

    await userEvent.click(within(list).getByRole('button', { name: 'Eliminar a Pedro Soto de mi red' }));
    const confirm = screen.getByRole('dialog', { name: t.removeTitle });
    expect(
      within(confirm).getByText('La invitación enviada a Pedro Soto dejará de servir.'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: t.confirmRemove }));
    expect(
      await screen.findByText('Pedro Soto ya no forma parte de tu red de seguridad.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({ name: 'eliminarDeRed', body: { id: 22 } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: t.invite })).toBeEnabled();
  });

  it('checks the invitation before sending it, and says who it was sent to', async () => {
    const person = userEvent.setup();
    answer('misInvitados', { data: [] });
    answer('enviarInvitacion', { code: 200 });
    openNetwork();
    const form = await screen.findByRole('form', { name: t.inviteHeading });
    await person.click(within(form).getByRole('button', { name: t.invite }));
    expect(within(form).getAllByText(t.fieldRequired)).toHaveLength(3);
    await person.type(within(form).getByLabelText(t.nameLabel), 'Marta Vidal');
    await person.type(within(form).getByLabelText(t.phoneLabel), '5691234');
    await person.type(within(form).getByLabelText(t.emailLabel), 'marta@');
    await person.click(within(form).getByRole('button', { name: t.invite }));
    expect(within(form).getByText(t.phoneFormat)).toBeInTheDocument();
    expect(within(form).getByText(t.emailFormat)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'enviarInvitacion')).toBe(false);

    await person.type(within(form).getByLabelText(t.phoneLabel), '5678');
    await person.type(within(form).getByLabelText(t.emailLabel), 'example.cl');
    await person.click(within(form).getByRole('button', { name: t.invite }));
    expect(await within(form).findByText('Enviamos la invitación a marta@example.cl.')).toBeInTheDocument();
    expect(calls).toContainEqual({
      name: 'enviarInvitacion',
      body: { name: 'Marta Vidal', phone: '56912345678', invitado: 'marta@example.cl' },
    });
    expect(within(form).getByLabelText(t.nameLabel)).toHaveValue('');
  });

  it("shows the server's refusal of an invitation", async () => {
    const person = userEvent.setup();
    answer('misInvitados', { data: [camila] });
    answer(
      'enviarInvitacion',
      refuse(409, 'ALREADY_IN_NETWORK', 'Esa persona ya está en tu red de seguridad.'),
    );
    openNetwork();
    const form = await screen.findByRole('form', { name: t.inviteHeading });
    await person.type(within(form).getByLabelText(t.nameLabel), 'Camila Rojas');
    await person.type(within(form).getByLabelText(t.phoneLabel), '56987654321');
    await person.type(within(form).getByLabelText(t.emailLabel), 'camila@example.cl');
    await person.click(within(form).getByRole('button', { name: t.invite }));
    expect(await within(form).findByText('Esa persona ya está en tu red de seguridad.')).toBeInTheDocument();
    expect(within(form).getByLabelText(t.nameLabel)).toHaveValue('Camila Rojas');
  });

  it('lists the networks I belong to, or says there are none, and leaves one after asking', async () => {
    let memberships = [bruno];
    answer('misInvitados', { data: [] });
    answer('misGrupos', () => ({ data: memberships }));
    answer('salirDeRed', () => {
      memberships = [];
      return { code: 200 };
    });
    openNetwork();
    await userEvent.click(screen.getByRole('tab', { name: t.tabBelong }));
    const list = await screen.findByRole('list', { name: t.tabBelong });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Bruno Díaz');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Red de Bruno Díaz');

    await userEvent.click(within(list).getByRole('button', { name: 'Salir de la red de Bruno Díaz' }));
    const confirm = screen.getByRole('dialog', { name: t.leaveTitle });
    expect(within(confirm).getByText('Dejarás de recibir los avisos de Bruno Díaz.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: t.confirmLeave }));
    expect(await screen.findByText('Saliste de la red de seguridad de Bruno Díaz.')).toBeInTheDocument();
    // once the confirmation has closed
    const belong = await screen.findByRole('tabpanel', { name: t.tabBelong });
    expect(await within(belong).findByText(t.emptyBelong)).toBeInTheDocument();
    expect(within(belong).getByText(t.emptyBelongHint)).toBeInTheDocument();
  });

  it('says why leaving a network failed', async () => {
    answer('misInvitados', { data: [] });
    answer('misGrupos', { data: [bruno] });
    answer('salirDeRed', refuse(403, 'FORBIDDEN', 'Esa red no es tuya.'));
    openNetwork();
    await userEvent.click(screen.getByRole('tab', { name: t.tabBelong }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salir de la red de Bruno Díaz' }));
    await userEvent.click(screen.getByRole('button', { name: t.confirmLeave }));
    expect(await screen.findByText('Esa red no es tuya.')).toBeInTheDocument();
    // the confirmation closes; Bruno's network stays
    expect(await screen.findByRole('button', { name: 'Salir de la red de Bruno Díaz' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: t.leaveTitle })).not.toBeInTheDocument();
  });
});
