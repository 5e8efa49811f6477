import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataExportStatus } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { securityTexts as t } from '../texts.ts';
import { DataExportSection } from './data-export-section.tsx';

// 'Seguridad y privacidad' → 'Descargar mis datos': password, then being prepared, then 'Descargar'.

const none: DataExportStatus = {
  state: 'none',
  requested_at: null,
  expires_at: null,
  download_url: null,
  next_allowed_at: null,
};
const preparing: DataExportStatus = {
  ...none,
  state: 'preparing',
  requested_at: '2026-11-20T15:00:00.000Z',
  next_allowed_at: '2026-11-21T15:00:00.000Z',
};

describe('DataExportSection', () => {
  it('asks for the password, says a wrong one, then shows the copy being prepared', async () => {
    answer('dataExportStatus', none);
    let tries = 0;
    answer('requestDataExport', () =>
      ++tries === 1
        ? refuse(400, 'WRONG_PASSWORD', 'La contraseña no es correcta.', {
            password: 'La contraseña no es correcta.',
          })
        : preparing,
    );
    renderScreen(<DataExportSection />);
    await userEvent.click(await screen.findByRole('button', { name: t.exportStart }));
    const dialog = await screen.findByRole('dialog', { name: t.exportDialogTitle });

    // nothing typed: said on the field, nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: t.exportSubmit }));
    expect(within(dialog).getByText(t.exportPasswordRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'requestDataExport')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(t.exportPasswordLabel), 'mal');
    await userEvent.click(within(dialog).getByRole('button', { name: t.exportSubmit }));
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeInTheDocument();

    const field = within(dialog).getByLabelText(t.exportPasswordLabel);
    await userEvent.clear(field);
    await userEvent.type(field, 'una-clave-segura');
    await userEvent.click(within(dialog).getByRole('button', { name: t.exportSubmit }));
    expect(await screen.findByText(t.exportPreparing)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.name === 'requestDataExport').at(-1)!.body).toEqual({
      password: 'una-clave-segura',
    });
    // one a day: the button is gone, and the section says from when the next may be asked
    expect(screen.queryByRole('button', { name: t.exportStart })).not.toBeInTheDocument();
    expect(
      screen.getByText(/Puedes pedir una copia al día: la próxima desde el 21-11-2026 12:00/),
    ).toBeInTheDocument();
  });

  it('offers the download while the copy is ready', async () => {
    answer('dataExportStatus', {
      ...preparing,
      state: 'ready',
      expires_at: '2026-11-21T15:10:00.000Z',
      download_url: '/api/account/export/download/7?expires=1&signature=abc',
    });
    renderScreen(<DataExportSection />);
    const link = await screen.findByRole('link', { name: t.exportDownload });
    expect(link).toHaveAttribute('href', '/api/account/export/download/7?expires=1&signature=abc');
    expect(
      screen.getByText('Tu copia está lista. Puedes descargarla hasta el 21-11-2026 12:10.'),
    ).toBeInTheDocument();
  });

  it('says when the state cannot be read, and tries again', async () => {
    answer('dataExportStatus', refuse(500, 'INTERNAL', 'Error'));
    renderScreen(<DataExportSection />);
    expect(await screen.findByText(t.exportLoadFailed)).toBeInTheDocument();
    answer('dataExportStatus', none);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: t.exportStart })).toBeInTheDocument();
  });
});
