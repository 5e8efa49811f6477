import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AtencionDetail as Detail } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { answer, calls } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { AtencionDetail } from './atencion-detail.tsx';

const atencion: Detail = {
  id: 7,
  admin: { name: 'Operador Demo' },
  start: '2026-11-20T13:00:00.000Z',
  end: '2026-11-20T13:18:00.000Z',
  evidence_count: 1,
  notes_count: 1,
  notes: [
    {
      id: 1,
      title: 'Activación de botón SOS',
      description: 'Se contactó por llamada.',
      created_at: '2026-11-20T13:01:00.000Z',
    },
  ],
  evidence: [
    {
      id: 3,
      file_url: '/api/files/atenciones/7/a.webm?expires=1&signature=0',
      content_type: 'video/webm',
      size: 9113,
      sha256: 'a'.repeat(64),
      created_at: '2026-11-20T13:05:00.000Z',
    },
  ],
  share: null,
};

describe('the detail of an atención', () => {
  it('shows notes and a playable video that turns a quarter at a time, 0 to 3', async () => {
    answer('getAtencionDetail', { atencion });
    renderScreen(<AtencionDetail atencionId={7} onClose={() => undefined} />);
    const detail = await screen.findByRole('region', { name: 'Atención #7' });
    expect(await within(detail).findByRole('heading', { name: 'Notas' })).toBeTruthy();
    expect(within(detail).getByText('Activación de botón SOS')).toBeTruthy();
    const video = within(detail).getByLabelText('Video 1');
    expect(video.getAttribute('src')).toBe(atencion.evidence[0]!.file_url);
    expect(within(detail).getByText(new RegExp(`SHA-256 ${'a'.repeat(64)}`))).toBeTruthy();
    const rotate = within(detail).getByRole('button', { name: 'Rotar el video 1 90 grados' });
    for (const turns of [1, 2, 3, 0]) {
      await userEvent.click(rotate);
      expect(video.getAttribute('data-quarter-turns')).toBe(String(turns));
    }
  });

  it('creates an evidence link for the chosen time and revokes it', async () => {
    let share: Detail['share'] = null;
    answer('getAtencionDetail', () => ({ atencion: { ...atencion, share } }));
    answer('shareEvidence', () => {
      share = { expires_at: '2026-11-27T13:00:00.000Z' };
      return { url: 'http://escudo.test/evidencia/abc', expires_at: share.expires_at };
    });
    answer('revokeShare', () => {
      share = null;
      return { code: 200 };
    });
    renderScreen(<AtencionDetail atencionId={7} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir evidencias' }));
    const dialog = screen.getByRole('dialog', { name: 'Compartir evidencias' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '30 días' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(dialog).findByDisplayValue('http://escudo.test/evidencia/abc')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'shareEvidence').at(-1)?.body).toEqual({
      atencion_id: 7,
      hours: 720,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar enlace' }));
    expect(await screen.findByText('El enlace fue revocado: ya no funciona.')).toBeTruthy();
  });
});
