import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CentralEvent, CentralEventDetail, OperatorAtencionDetail } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { centralSos } from '../../../testing/fixtures.ts';
import { operatorTexts as t } from '../texts.ts';
import { CentralQueue } from './central-queue.tsx';

// Handling an event on one screen: taking it opens it, with the customer to call, the phone's state,
// the map, the network and the earlier atenciones; its atención is opened from there.

const me = { id: 50, name: 'Carla Soto', is_supervisor: false };
const open = centralSos;
const mine: CentralEvent = {
  ...open,
  status: 'claimed',
  claimed_by: { id: me.id, name: me.name },
  claimed_at: open.created_at,
};
const detail: CentralEventDetail = {
  event: mine,
  customer: { id: 9, name: 'Ana Pérez', email: 'ana@example.cl', telefono: '56911112222', rut: '123456785' },
  device: {
    device_id: 'sim-1',
    device_name: 'Teléfono de Ana',
    device_brand: 'Samsung',
    device_model: 'Galaxy A54',
    device_so: 'android',
    online: true,
    is_lost: false,
    battery: 35,
    network: 'cellular',
    last_seen_at: new Date().toISOString(),
  },
  positions: [
    { lat: -33.45, lng: -70.66, at: '2026-12-07T12:00:00.000Z' },
    { lat: -33.451, lng: -70.661, at: '2026-12-07T12:00:05.000Z' },
  ],
  route: [
    { lat: -33.44, lng: -70.65, at: '2026-12-07T11:58:00.000Z' },
    { lat: -33.445, lng: -70.655, at: '2026-12-07T11:59:00.000Z' },
  ],
  network: [
    { name: 'Bea Pérez', email: 'bea@example.cl', telefono: '56933334444' },
    { name: 'Tomás Ruiz', email: 'tomas@example.cl', telefono: null },
  ],
  atenciones: [
    {
      id: 2,
      admin: { name: 'Operador Demo' },
      start: '2026-11-20T13:00:00.000Z',
      end: '2026-11-20T13:20:00.000Z',
      evidence_count: 0,
      notes_count: 3,
    },
  ],
  atencion_id: null,
};

describe('EventHandling', () => {
  it('opens when the operator takes the event, with everything to handle it, and opens its atención', async () => {
    answer('getCentralQueue', { events: [open], operator: me });
    answer('claimCentralEvent', { status: 'claimed', event: mine });
    let current = detail;
    answer('getCentralEventDetail', () => current);
    const atencion: OperatorAtencionDetail = {
      id: 12,
      admin: { name: me.name },
      customer: { name: 'Ana Pérez', email: 'ana@example.cl' },
      start: new Date().toISOString(),
      end: null,
      evidence_count: 0,
      notes_count: 0,
      notes: [],
      evidence: [],
    };
    answer('openCentralAtencion', () => {
      current = { ...detail, atencion_id: 12 };
      return { atencion };
    });
    answer('getOperatorAtencion', { atencion });
    renderScreen(<CentralQueue />, '/operador');

    const row = await screen.findByRole('listitem', { name: 'Alerta SOS de Ana Pérez' });
    await userEvent.click(within(row).getByRole('button', { name: 'Tomar el evento #4 de Ana Pérez' }));
    const handling = await screen.findByRole('region', { name: 'Atención del evento #4' });
    expect(
      within(handling).getByRole('heading', { name: 'Atendiendo: Alerta SOS de Ana Pérez' }),
    ).toBeInTheDocument();
    expect(within(handling).getByRole('link', { name: 'Llamar a Ana' })).toHaveAttribute(
      'href',
      'tel:+56911112222',
    );
    expect(within(handling).getByText('ana@example.cl · RUT 123456785')).toBeInTheDocument();
    const phone = within(handling).getByRole('region', { name: t.phoneSection });
    expect(phone).toHaveTextContent('Teléfono de Ana · Samsung Galaxy A54 (android)');
    expect(phone).toHaveTextContent('Conectado ahora · Batería 35 % · Datos móviles');
    const network = within(handling).getByRole('region', { name: t.networkSection });
    expect(within(network).getByRole('link', { name: 'Llamar +56933334444' })).toHaveAttribute(
      'href',
      'tel:+56933334444',
    );
    expect(network).toHaveTextContent('Tomás Ruiz · sin teléfono registrado');
    expect(within(handling).getByText('#2 · 20-11-2026 10:00 · 3 notas')).toBeInTheDocument();
    expect(await within(handling).findByRole('region', { name: t.mapLabel })).toBeInTheDocument();
    // the phone's route too, while tracking is on
    expect(await within(handling).findByRole('region', { name: t.routeLabel })).toBeInTheDocument();

    await userEvent.click(within(handling).getByRole('button', { name: t.openAtencion }));
    expect(
      await within(handling).findByText('Atención #12 del evento: registra notas y sube videos abajo.'),
    ).toBeInTheDocument();
    expect(await within(handling).findByRole('region', { name: 'Atención #12' })).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'openCentralAtencion')).toHaveLength(1);
  });

  it('says why when the event can no longer be read, and lets the operator hide it', async () => {
    answer('getCentralQueue', { events: [mine], operator: me });
    answer('getCentralEventDetail', refuse(409, 'ALREADY_CLAIMED', 'Diego Rojas ya tomó este evento.'));
    renderScreen(<CentralQueue />, '/operador');
    const row = await screen.findByRole('listitem', { name: 'Alerta SOS de Ana Pérez' });
    await userEvent.click(within(row).getByRole('button', { name: 'Atender el evento #4' }));
    expect(await screen.findByText('Diego Rojas ya tomó este evento.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.stopHandling }));
    expect(screen.queryByText('Diego Rojas ya tomó este evento.')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Alerta SOS de Ana Pérez' })).toBeInTheDocument();
  });
});
