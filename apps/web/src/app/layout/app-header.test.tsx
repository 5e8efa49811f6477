import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { appTexts as t } from '../texts.ts';
import { AppHeader } from './app-header.tsx';

// The header's buttons carry their names as text (shown under the icon on a phone, beside it wider:
// signed-in-layout.css) and as a tooltip, not as a bare icon with a hidden label (docs/spec.md, "Layout").

function showHeader() {
  const router = createMemoryRouter(
    [
      {
        path: '/sales',
        element: <AppHeader onOpenMenu={() => undefined} />,
        handle: { showsBackButton: true },
      },
    ],
    { initialEntries: ['/sales'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('AppHeader', () => {
  it.each([t.back, t.salesPanel, t.signOut])('shows «%s» as text and as a tooltip', (name) => {
    showHeader();
    const button = screen.getByRole('button', { name });
    expect(button).toHaveTextContent(name);
    expect(button).toHaveAttribute('title', name);
    expect(button).not.toHaveAttribute('aria-label');
  });
});
