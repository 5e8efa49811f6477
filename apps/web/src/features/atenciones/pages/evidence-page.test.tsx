import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEvidence } from '@escudo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { atencionesTexts as t } from '../texts.ts';
import { EvidencePage } from './evidence-page.tsx';

// The shared evidence page: an atención's notes and videos for whoever has the link, no sign-in.

const evidence: PublicEvidence = {
  customer: { name: 'Ana Pérez' },
  admin: { name: 'Operador Demo' },
  start: '2026-11-20T13:00:00.000Z',
  end: null,
  notes: [],
  evidence: [
    {
      id: 3,
      file_url: '/api/files/atenciones/7/a.webm?expires=1&signature=0',
      content_type: 'video/webm',
      size: 9113,
      sha256: 'b'.repeat(64),
      created_at: '2026-11-20T13:05:00.000Z',
    },
  ],
  expires_at: '2026-11-27T13:00:00.000Z',
};

function openLink() {
  renderScreen(<EvidencePage />, '/evidencia/tok-9', '/evidencia/:token');
}

beforeEach(() => authToken.remove());

describe('EvidencePage', () => {
  it('shows a spinner while the evidence loads', async () => {
    answer('getPublicEvidence', () => new Promise(() => undefined));
    openLink();
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
  });

  it('shows who was attended, by whom, until when the link works, and each video', async () => {
    answer('getPublicEvidence', evidence);
    openLink();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Atención a Ana Pérez' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Operador: Operador Demo')).toBeInTheDocument();
    expect(screen.getByText('Inicio: 20-11-2026 10:00')).toBeInTheDocument();
    expect(screen.getByText(t.inProgress)).toBeInTheDocument();
    expect(screen.getByText('Este enlace funciona hasta el 27-11-2026 10:00.')).toBeInTheDocument();
    expect(screen.getByText(t.noNotes)).toBeInTheDocument();
    expect(screen.getByLabelText('Video 1')).toHaveAttribute('src', evidence.evidence[0]!.file_url);
    expect(screen.getByText(new RegExp(`SHA-256 ${'b'.repeat(64)}`))).toBeInTheDocument();
  });

  it('says a revoked or expired link is no longer available', async () => {
    answer('getPublicEvidence', refuse(410, 'EVIDENCE_LINK_EXPIRED', 'El enlace expiró.'));
    openLink();
    expect(await screen.findByRole('heading', { name: t.expiredTitle })).toBeInTheDocument();
    expect(screen.getByText(t.expiredText)).toBeInTheDocument();
  });

  it('says an unknown link does not exist', async () => {
    answer('getPublicEvidence', refuse(404, 'NOT_FOUND', 'No encontramos ese enlace.'));
    openLink();
    expect(await screen.findByRole('heading', { name: t.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(t.notFoundText)).toBeInTheDocument();
  });

  it('offers to try again when the server fails', async () => {
    // the page asks twice more, 1 s and 2 s apart, before it gives up: the test moves the clock
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer('getPublicEvidence', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    openLink();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.publicLoadError })).toBeInTheDocument();
    answer('getPublicEvidence', evidence);
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Atención a Ana Pérez' })).toBeInTheDocument();
  });
});
