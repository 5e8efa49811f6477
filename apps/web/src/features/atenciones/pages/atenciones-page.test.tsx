import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AtencionDetail, AtencionSummary } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { atencionesTexts as t } from '../texts.ts';
import { AtencionesPage } from './atenciones-page.tsx';

// 'Histórico de atenciones': the customer's atenciones, 15 a page, beside the chosen one's detail.

const closed: AtencionSummary = {
  id: 7,
  admin: { name: 'Operador Demo' },
  start: '2026-11-20T13:00:00.000Z',
  end: '2026-11-20T13:18:00.000Z',
  evidence_count: 2,
  notes_count: 1,
};
const ongoing: AtencionSummary = {
  id: 8,
  admin: { name: 'Operadora Sur' },
  start: '2026-11-21T15:00:00.000Z',
  end: null,
  evidence_count: 1,
  notes_count: 0,
};
const detail: AtencionDetail = { ...closed, notes: [], evidence: [], share: null };

const table = () => screen.getByRole('table', { name: t.tableLabel });

describe('AtencionesPage', () => {
  it('shows placeholder rows while the atenciones load', () => {
    answer('getUserAtenciones', () => new Promise(() => undefined));
    renderScreen(<AtencionesPage />, '/atenciones');
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.intro)).toBeInTheDocument();
    // the header and five grey rows, nothing to choose yet
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    expect(within(table()).queryByRole('row', { name: /Ver detalle/ })).not.toBeInTheDocument();
    expect(screen.queryByText(t.selectOne)).not.toBeInTheDocument();
  });

  it('says there are no atenciones yet', async () => {
    answer('getUserAtenciones', { atenciones: [], total_atenciones: 0 });
    renderScreen(<AtencionesPage />, '/atenciones');
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(t.selectOne)).not.toBeInTheDocument();
  });

  it('offers to try again when the atenciones cannot be loaded', async () => {
    answer('getUserAtenciones', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    renderScreen(<AtencionesPage />, '/atenciones');
    // one retry, 1 s later, before the page gives up
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadError })).toBeInTheDocument();
    expect(within(failure).getByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getUserAtenciones')).toHaveLength(2);

    answer('getUserAtenciones', { atenciones: [closed], total_atenciones: 1 });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: 'Ver detalle de la atención #7' })).toBeInTheDocument();
  });

  it('lists each atención with its operator, start, duration and attachments, and opens its detail', async () => {
    answer('getUserAtenciones', { atenciones: [ongoing, closed], total_atenciones: 2 });
    answer('getAtencionDetail', { atencion: detail });
    renderScreen(<AtencionesPage />, '/atenciones');
    const first = await screen.findByRole('row', { name: 'Ver detalle de la atención #8' });
    expect(first).toHaveTextContent('Operadora Sur');
    expect(first).toHaveTextContent('21-11-2026 12:00');
    expect(first).toHaveTextContent(t.inProgress);
    expect(first).toHaveTextContent('1 video · 0 notas');
    const second = screen.getByRole('row', { name: 'Ver detalle de la atención #7' });
    expect(second).toHaveTextContent('2 videos · 1 nota');
    expect(screen.getByText('1–2 de 2')).toBeInTheDocument();
    expect(screen.getByText(t.selectOne)).toBeInTheDocument();

    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-selected', 'true');
    const region = await screen.findByRole('region', { name: 'Atención #7' });
    expect(await within(region).findByText(t.noEvidence)).toBeInTheDocument();
    expect(screen.queryByText(t.selectOne)).not.toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: t.closeDetail }));
    expect(screen.queryByRole('region', { name: 'Atención #7' })).not.toBeInTheDocument();
    expect(screen.getByText(t.selectOne)).toBeInTheDocument();
  });

  it('offers to try again when the chosen atención cannot be loaded', async () => {
    answer('getUserAtenciones', { atenciones: [closed], total_atenciones: 1 });
    answer('getAtencionDetail', refuse(404, 'NOT_FOUND', 'No encontramos esa atención.'));
    renderScreen(<AtencionesPage />, '/atenciones');
    await userEvent.click(await screen.findByRole('row', { name: 'Ver detalle de la atención #7' }));
    const region = await screen.findByRole('region', { name: 'Atención #7' });
    const failure = await within(region).findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.detailLoadError })).toBeInTheDocument();
    expect(within(failure).getByText('No encontramos esa atención.')).toBeInTheDocument();

    answer('getAtencionDetail', { atencion: detail });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await within(region).findByRole('heading', { name: 'Atención #7' })).toBeInTheDocument();
  });
});
