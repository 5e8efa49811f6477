import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CentralEvent } from '@escudo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  calls,
  dropLink,
  isLinkOpen,
  refuse,
  restoreLink,
  sendToPanel,
} from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { centralSos } from '../../../testing/fixtures.ts';
import { operatorTexts as t } from '../texts.ts';
import { CentralQueue } from './central-queue.tsx';

// The central's live queue: events heard live in their place, their wait in colour, taking one,
// being told who holds it, closing one with its outcome, and a supervisor's assignment.

const me = { id: 50, name: 'Carla Soto', is_supervisor: false };
/** a lost phone's event, open, of the same customer */
const base: CentralEvent = {
  ...centralSos,
  id: 1,
  kind: 'lost_mode',
  priority: 2,
  customer: { ...centralSos.customer, telefono: '56912345678' },
};

function openQueue(events: CentralEvent[], operator = me) {
  answer('getCentralQueue', { events, operator });
  renderScreen(<CentralQueue />, '/operador');
}
const queueRows = async () =>
  within(await screen.findByRole('list', { name: t.queueLabel })).getAllByRole('listitem');
const rowOf = (name: string) => screen.findByRole('listitem', { name });

afterEach(() => vi.useRealTimers());

describe('CentralQueue: the queue', () => {
  it('says the queue is empty, then shows an SOS heard live before the lost phone, then oldest first', async () => {
    openQueue([]);
    expect(await screen.findByText(t.queueEmpty)).toBeInTheDocument();
    await vi.waitFor(() => expect(isLinkOpen()).toBe(true));
    const earlier = new Date(Date.now() - 5_000).toISOString();
    act(() => sendToPanel('centralEvent', { event: { ...base, created_at: earlier } }));
    act(() =>
      sendToPanel('centralEvent', {
        event: {
          ...base,
          id: 2,
          kind: 'sos',
          priority: 4,
          customer: { ...base.customer, id: 10, name: 'Beto Díaz' },
        },
      }),
    );
    act(() =>
      sendToPanel('centralEvent', {
        event: { ...base, id: 3, customer: { ...base.customer, id: 11, name: 'Cata Ruiz' } },
      }),
    );
    const rows = await queueRows();
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Alerta SOS de Beto Díaz',
      'Teléfono perdido de Ana Pérez',
      'Teléfono perdido de Cata Ruiz',
    ]);
    const ana = rows[1]!;
    // the clock ticks each second: a wait of about 5 s
    expect(ana).toHaveTextContent(/Sin tomar · espera [3-6] s/);
    expect(within(ana).getByRole('link', { name: 'Llamar +56912345678' })).toHaveAttribute(
      'href',
      'tel:+56912345678',
    );
    expect(within(ana).getByText(/Teléfono: Teléfono de Ana \(android\)/)).toBeInTheDocument();
  });

  it('turns an unclaimed row amber at 30 s and red at 60 s; a taken one stays plain', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-12-07T12:00:00.000Z'));
    const created_at = '2026-12-07T11:59:50.000Z';
    openQueue([
      { ...base, created_at },
      {
        ...base,
        id: 2,
        created_at,
        status: 'claimed',
        claimed_by: { id: 51, name: 'Diego Rojas' },
        claimed_at: created_at,
        customer: { ...base.customer, id: 10, name: 'Beto Díaz' },
      },
    ]);
    const ana = await rowOf('Teléfono perdido de Ana Pérez');
    const beto = await rowOf('Teléfono perdido de Beto Díaz');
    expect(ana).toHaveAttribute('data-wait', 'fresh');
    act(() => vi.advanceTimersByTime(20_000));
    expect(ana).toHaveAttribute('data-wait', 'amber');
    expect(ana).toHaveTextContent('espera 30 s');
    act(() => vi.advanceTimersByTime(30_000));
    expect(ana).toHaveAttribute('data-wait', 'red');
    expect(ana).toHaveTextContent('espera 1 min 00 s');
    expect(beto).toHaveAttribute('data-wait', 'fresh');
    expect(beto).toHaveTextContent('Tomado por Diego Rojas · hace 1 min 00 s');
    expect(within(beto).queryByRole('button', { name: /Tomar/ })).not.toBeInTheDocument();
  });

  it('asks the queue again when the link comes back, and says so while it is down', async () => {
    openQueue([]);
    await screen.findByText(t.queueEmpty);
    await vi.waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => dropLink());
    expect(await screen.findByText(t.reconnecting)).toBeInTheDocument();
    answer('getCentralQueue', { events: [base], operator: me });
    act(() => restoreLink());
    expect(await rowOf('Teléfono perdido de Ana Pérez')).toBeInTheDocument();
    expect(screen.queryByText(t.reconnecting)).not.toBeInTheDocument();
  });
});

describe('CentralQueue: acting on an event', () => {
  it('takes an event; one taken first by another says who holds it', async () => {
    openQueue([base, { ...base, id: 2, customer: { ...base.customer, id: 10, name: 'Beto Díaz' } }]);
    answer('claimCentralEvent', (body) => {
      const { event_id } = body as { event_id: number };
      if (event_id === 2) return refuse(409, 'ALREADY_CLAIMED', 'Diego Rojas ya tomó este evento.');
      return {
        status: 'claimed' as const,
        event: {
          ...base,
          status: 'claimed' as const,
          claimed_by: { id: me.id, name: me.name },
          claimed_at: base.created_at,
        },
      };
    });
    const ana = await rowOf('Teléfono perdido de Ana Pérez');
    // an operator who is not a supervisor gives nothing to others
    expect(within(ana).queryByRole('button', { name: /Asignar/ })).not.toBeInTheDocument();
    await userEvent.click(within(ana).getByRole('button', { name: 'Tomar el evento #1 de Ana Pérez' }));
    expect(await within(ana).findByText(/^Lo atiendes tú/)).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: t.closeEvent })).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Devolver a la cola el evento #1' })).toBeInTheDocument();

    const beto = await rowOf('Teléfono perdido de Beto Díaz');
    await userEvent.click(within(beto).getByRole('button', { name: 'Tomar el evento #2 de Beto Díaz' }));
    expect(await within(beto).findByText('Diego Rojas ya tomó este evento.')).toBeInTheDocument();
    // the queue is asked again after the refusal
    expect(calls.filter((call) => call.name === 'getCentralQueue').length).toBeGreaterThanOrEqual(2);
  });

  it('closes an event with its outcome and level, which must be chosen, and takes it off the queue', async () => {
    const mine = {
      ...base,
      status: 'claimed' as const,
      claimed_by: { id: me.id, name: me.name },
      claimed_at: base.created_at,
    };
    openQueue([mine]);
    answer('closeCentralEvent', () => ({
      status: 'closed' as const,
      event: {
        ...mine,
        status: 'closed' as const,
        outcome: 'telefono_recuperado' as const,
        level: 3,
        closed_at: new Date().toISOString(),
      },
    }));
    const ana = await rowOf('Teléfono perdido de Ana Pérez');
    await userEvent.click(within(ana).getByRole('button', { name: t.closeEvent }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar evento #1' });
    await userEvent.click(within(dialog).getByRole('button', { name: t.closeEvent }));
    expect(await within(dialog).findByText(t.outcomeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.levelRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'closeCentralEvent')).toBe(false);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Resultado/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Teléfono recuperado' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Nivel de gravedad/ }));
    await userEvent.click(await screen.findByRole('option', { name: '3 · Amenaza a la propiedad' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.closeNote }),
      'Recuperado por Carabineros.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.closeEvent }));

    expect(await screen.findByText('Evento #1 cerrado: Teléfono recuperado.')).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'closeCentralEvent')?.body).toEqual({
      event_id: 1,
      outcome: 'telefono_recuperado',
      level: 3,
      note: 'Recuperado por Carabineros.',
    });
    expect(await screen.findByText(t.queueEmpty)).toBeInTheDocument();
  });

  it("offers a supervisor 'Asignar' with each operator's load, and not to an operator", async () => {
    openQueue([base], { ...me, is_supervisor: true });
    answer('getCentralOperators', {
      operators: [
        { id: 50, name: 'Carla Soto', is_supervisor: true, holding: 0 },
        { id: 51, name: 'Diego Rojas', is_supervisor: false, holding: 2 },
      ],
    });
    answer('assignCentralEvent', {
      status: 'claimed',
      event: {
        ...base,
        status: 'claimed',
        claimed_by: { id: 51, name: 'Diego Rojas' },
        claimed_at: base.created_at,
      },
    });
    const ana = await rowOf('Teléfono perdido de Ana Pérez');
    await userEvent.click(within(ana).getByRole('button', { name: 'Asignar el evento #1 a un operador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar evento #1' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: t.assignTo }));
    await userEvent.click(await screen.findByRole('option', { name: 'Diego Rojas · 2 en curso' }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.assign }));
    expect(await within(ana).findByText(/^Tomado por Diego Rojas/)).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'assignCentralEvent')?.body).toEqual({
      event_id: 1,
      operator_id: 51,
    });
  });
});
