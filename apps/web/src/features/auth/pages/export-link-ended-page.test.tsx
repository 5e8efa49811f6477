import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { ExportLinkEndedPage } from './export-link-ended-page.tsx';

it('says the download link ended and leads to where a new copy is asked for', () => {
  renderScreen(<ExportLinkEndedPage />, '/descarga-vencida', '/descarga-vencida');
  expect(screen.getByRole('heading', { name: t.exportLinkEndedTitle })).toBeInTheDocument();
  expect(screen.getByText(/se puede descargar durante 24 horas/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: t.exportLinkEndedAction })).toHaveAttribute('href', '/seguridad');
});
