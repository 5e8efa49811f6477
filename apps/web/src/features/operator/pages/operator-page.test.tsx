import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorAtencion, OperatorAtencionDetail } from '@escudo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { operatorTexts as t } from '../texts.ts';
import { OperatorPage } from './operator-page.tsx';

// The central's page: open an atención by the customer's e-mail, write notes, upload videos, close it.

const row: OperatorAtencion = {
  id: 7,
  admin: { name: 'Operador Demo' },
  customer: { name: 'Ana Pérez', email: 'ana@example.cl' },
  start: '2026-11-20T13:00:00.000Z',
  end: null,
  evidence_count: 0,
  notes_count: 1,
};
const detail: OperatorAtencionDetail = {
  ...row,
  notes: [
    { id: 1, title: 'Llamada', description: 'Se contactó por teléfono.', created_at: '2026-11-20T13:02:00Z' },
  ],
  evidence: [],
};

function openPage(role: 'operator' | 'customer' = 'operator') {
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, role, dispositivos: [] });
  return renderScreen(<OperatorPage />, '/operador');
}

const recent = () => screen.getByRole('table', { name: t.recentLabel });

beforeEach(() => {
  // 'Abrir' scrolls to the top, which happy-dom does not do
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // the central's queue and history, empty (central-queue.test.tsx tries them)
  answer('getCentralQueue', {
    events: [],
    operator: { id: user.id, name: user.name, is_supervisor: false },
  });
  answer('getCentralHistory', { events: [], total: 0 });
});

describe('OperatorPage', () => {
  it('tells a customer the page is for operators and leads back home', async () => {
    const { router } = openPage('customer');
    expect(screen.getByRole('heading', { name: t.notOperatorTitle })).toBeInTheDocument();
    expect(screen.getByText(t.notOperatorText)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: t.goHome }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows placeholder rows while the recent atenciones load', async () => {
    answer('listOperatorAtenciones', () => new Promise(() => undefined));
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    // the header and three grey rows, no atención yet
    expect(within(recent()).getAllByRole('row')).toHaveLength(4);
    expect(within(recent()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says there are no atenciones yet', async () => {
    answer('listOperatorAtenciones', { atenciones: [], total_atenciones: 0 });
    openPage();
    expect(await screen.findByText(t.recentEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the atenciones cannot be loaded', async () => {
    answer('listOperatorAtenciones', refuse(403, 'FORBIDDEN', 'Esta página es solo para operadores.'));
    openPage();
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadError })).toBeInTheDocument();
    expect(within(failure).getByText('Esta página es solo para operadores.')).toBeInTheDocument();
    answer('listOperatorAtenciones', { atenciones: [row], total_atenciones: 1 });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Abrir la atención #7' })).toBeInTheDocument();
  });

  it('lists the recent atenciones and continues one: its customer, notes, a new note, and closing it', async () => {
    let current = detail;
    answer('listOperatorAtenciones', () => ({
      atenciones: [{ ...row, end: current.end }],
      total_atenciones: 1,
    }));
    answer('getOperatorAtencion', () => ({ atencion: current }));
    answer('addAtencionNote', (body) => {
      const { title, description } = body as { title: string; description: string };
      const note = { id: 2, title, description, created_at: '2026-11-20T13:10:00Z' };
      current = { ...current, notes: [...current.notes, note] };
      return { note };
    });
    answer('closeAtencion', () => {
      current = { ...current, end: '2026-11-20T13:30:00.000Z' };
      // the atención without its customer, as the server answers a close
      const { id, admin, start, end, evidence_count, notes_count } = current;
      return { atencion: { id, admin, start, end, evidence_count, notes_count } };
    });
    openPage();
    const line = (await within(recent()).findByRole('button', { name: 'Abrir la atención #7' })).closest(
      'tr',
    )!;
    expect(line).toHaveTextContent('Ana Pérez');
    expect(line).toHaveTextContent('ana@example.cl');
    expect(line).toHaveTextContent('Operador Demo');
    expect(line).toHaveTextContent('20-11-2026 10:00');
    expect(line).toHaveTextContent(t.openChip);

    await userEvent.click(within(line).getByRole('button', { name: 'Abrir la atención #7' }));
    const work = await screen.findByRole('region', { name: 'Atención #7' });
    expect(await within(work).findByText('Cliente: Ana Pérez (ana@example.cl)')).toBeInTheDocument();
    expect(within(work).getByText('Inicio: 20-11-2026 10:00')).toBeInTheDocument();
    expect(within(work).getByText('Se contactó por teléfono.')).toBeInTheDocument();
    expect(within(work).getByText(t.noEvidence)).toBeInTheDocument();

    const add = within(work).getByRole('button', { name: t.addNote });
    expect(add).toBeDisabled();
    await userEvent.type(within(work).getByRole('textbox', { name: t.noteTitle }), 'Seguimiento');
    await userEvent.type(within(work).getByRole('textbox', { name: t.noteDescription }), 'Todo en orden.');
    await userEvent.click(add);
    expect(await within(work).findByText('Todo en orden.')).toBeInTheDocument();
    expect(calls).toContainEqual({
      name: 'addAtencionNote',
      body: { atencion_id: 7, title: 'Seguimiento', description: 'Todo en orden.' },
    });
    expect(within(work).getByRole('textbox', { name: t.noteTitle })).toHaveValue('');

    await userEvent.click(within(work).getByRole('button', { name: t.close }));
    expect(await within(work).findByText(t.closed)).toBeInTheDocument();
    expect(within(work).getByText(t.closedChip)).toBeInTheDocument();
    expect(
      within(work).getByText('Inicio: 20-11-2026 10:00 · Cerrada: 20-11-2026 10:30'),
    ).toBeInTheDocument();
    // a closed atención takes no more notes nor videos
    expect(within(work).queryByRole('button', { name: t.addNote })).not.toBeInTheDocument();
    expect(within(work).queryByText(t.chooseVideo)).not.toBeInTheDocument();
    await waitFor(() => expect(within(recent()).getByText(t.closedChip)).toBeInTheDocument());
  });
});

describe('OperatorPage, with an atención at hand', () => {
  it('opens an atención by e-mail, or says why it cannot', async () => {
    answer('listOperatorAtenciones', { atenciones: [], total_atenciones: 0 });
    answer('openAtencion', refuse(404, 'CUSTOMER_NOT_FOUND', 'No hay un cliente con ese email.'));
    answer('getOperatorAtencion', { atencion: detail });
    openPage();
    const email = screen.getByRole('textbox', { name: t.customerEmail });
    const open = screen.getByRole('button', { name: t.open });
    expect(open).toBeDisabled();
    await userEvent.type(email, 'nadie@example.cl');
    await userEvent.click(open);
    expect(await screen.findByText('No hay un cliente con ese email.')).toBeInTheDocument();
    expect(email).toHaveValue('nadie@example.cl');

    answer('openAtencion', { atencion: row });
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@example.cl');
    await userEvent.click(open);
    const work = await screen.findByRole('region', { name: 'Atención #7' });
    expect(within(work).getByText(t.openChip)).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(screen.queryByText('No hay un cliente con ese email.')).not.toBeInTheDocument();
    expect(calls).toContainEqual({ name: 'openAtencion', body: { email: 'ana@example.cl' } });
  });

  it('offers to try again when the atención cannot be loaded', async () => {
    answer('listOperatorAtenciones', { atenciones: [row], total_atenciones: 1 });
    answer('getOperatorAtencion', refuse(404, 'NOT_FOUND', 'No encontramos esa atención.'));
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir la atención #7' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadError })).toBeInTheDocument();
    expect(within(failure).getByText('No encontramos esa atención.')).toBeInTheDocument();
    answer('getOperatorAtencion', { atencion: detail });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Atención #7' })).toBeInTheDocument();
  });

  it('uploads a video with its progress, says why the server refused one, and cancels one', async () => {
    answer('listOperatorAtenciones', { atenciones: [row], total_atenciones: 1 });
    answer('getOperatorAtencion', { atencion: detail });
    const uploads = stubUploads();
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir la atención #7' }));
    const work = await screen.findByRole('region', { name: 'Atención #7' });
    const picker = (await within(work).findByText(t.chooseVideo)).querySelector('input')!;

    await userEvent.upload(picker, new File(['video'], 'camara.mp4', { type: 'video/mp4' }));
    const upload = uploads.at(-1)!;
    act(() => upload.progress(0.4));
    expect(within(work).getByRole('status')).toHaveTextContent('Subiendo camara.mp4: 40 %');
    expect(within(work).getByRole('progressbar', { name: t.uploadProgress })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => upload.finish(201, { evidence: { id: 9 } }));
    expect(await within(work).findByText('Video subido: camara.mp4.')).toBeInTheDocument();

    await userEvent.upload(picker, new File(['texto'], 'nota.mp4', { type: 'video/mp4' }));
    act(() => uploads.at(-1)!.finish(400, { code: 'VIDEO_INVALID', message: 'El archivo no es un video.' }));
    expect(await within(work).findByText('El archivo no es un video.')).toBeInTheDocument();

    await userEvent.upload(picker, new File(['video'], 'larga.mp4', { type: 'video/mp4' }));
    await userEvent.click(within(work).getByRole('button', { name: t.cancelUpload }));
    expect(await within(work).findByText(t.uploadCancelled)).toBeInTheDocument();
  });
});

/**
 * The evidence upload goes through XMLHttpRequest (for its progress), the network edge here: a stand-in
 * that the test moves along (progress, the server's answer).
 */
function stubUploads() {
  const made: { progress: (fraction: number) => void; finish: (status: number, body: unknown) => void }[] =
    [];
  class FakeUpload {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      made.push({
        progress: (fraction) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded: fraction, total: 1 }),
        finish: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return made;
}
