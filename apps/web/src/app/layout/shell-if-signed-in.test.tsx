import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authToken } from '../../lib/auth-token.ts';
import { queryClient } from '../../lib/query-client.ts';
import { appTexts as t } from '../texts.ts';
import { ShellIfSignedIn } from './shell-if-signed-in.tsx';

// /cookie and /store-redirect (spec 2 Layout): the header and sidebar for a signed-in person, the page
// alone for a visitor.

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <ShellIfSignedIn />,
        children: [
          { path: '/cookie', element: <h1>Prueba de cookies</h1> },
          { path: '/store-redirect', element: <h1>Descarga la aplicación</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ShellIfSignedIn', () => {
  it.each([
    ['/cookie', 'Prueba de cookies'],
    ['/store-redirect', 'Descarga la aplicación'],
  ])('keeps the header and the sidebar on %s for a signed-in person', async (path, heading) => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.salesPanel })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.signOut })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: t.editProfile })[0]).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows only the page to a visitor', async () => {
    authToken.remove();
    open('/cookie');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prueba de cookies' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.signOut })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.editProfile })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });
});
