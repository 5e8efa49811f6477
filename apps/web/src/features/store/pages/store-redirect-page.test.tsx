import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, refuse } from '../../../testing/fake-network.ts';
import { config } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { storeTexts as t } from '../texts.ts';
import { StoreRedirectPage } from './store-redirect-page.tsx';

// The flyers' link: a phone goes to its store, any other device sees both badges.

const stores = {
  ...config,
  play_store_url: 'https://play.google.com/store/apps/details?id=cl.escudo',
  app_store_url: 'https://apps.apple.com/cl/app/escudo/id123',
};
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** where the browser was sent (happy-dom does not leave the page) */
const wentTo: string[] = [];

function visitFrom(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  renderScreen(<StoreRedirectPage />, '/store-redirect');
}

beforeEach(() => {
  // a visitor: signed out
  authToken.remove();
  wentTo.length = 0;
  vi.spyOn(window.location, 'replace').mockImplementation((url) => void wentTo.push(String(url)));
  answer('getConfig', stores);
});

afterEach(() => vi.restoreAllMocks());

describe('StoreRedirectPage', () => {
  it('shows a spinner while the store links load', async () => {
    answer('getConfig', () => new Promise(() => undefined));
    visitFrom(DESKTOP);
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers both stores to a computer', async () => {
    visitFrom(DESKTOP);
    expect(
      await screen.findByText(
        'Descarga la aplicación Escudo en tu teléfono desde su tienda de aplicaciones:',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Disponible en Google Play' })).toHaveAttribute(
      'href',
      stores.play_store_url,
    );
    expect(screen.getByRole('link', { name: 'Descárgalo en el App Store' })).toHaveAttribute(
      'href',
      stores.app_store_url,
    );
    expect(wentTo).toEqual([]);
  });

  it('sends an Android phone to Google Play', async () => {
    visitFrom(ANDROID);
    expect(screen.getByRole('progressbar', { name: t.redirecting })).toBeInTheDocument();
    await waitFor(() => expect(wentTo).toEqual([stores.play_store_url]));
    expect(screen.queryByRole('link', { name: 'Disponible en Google Play' })).not.toBeInTheDocument();
  });

  it('sends an iPhone to the App Store', async () => {
    visitFrom(IPHONE);
    expect(screen.getByText(t.redirecting)).toBeInTheDocument();
    await waitFor(() => expect(wentTo).toEqual([stores.app_store_url]));
  });

  it('offers to try again when the links cannot be loaded', async () => {
    answer('getConfig', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    visitFrom(DESKTOP);
    // one retry, 1 s later, before the page gives up
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.configError })).toBeInTheDocument();
    expect(within(failure).getByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();

    answer('getConfig', stores);
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Disponible en Google Play' })).toBeInTheDocument();
  });
});
