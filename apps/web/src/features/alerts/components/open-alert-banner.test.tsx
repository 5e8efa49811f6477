import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnAlert } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { answer, calls, isLinkOpen, refuse, sendToPanel } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { alertsTexts as t } from '../texts.ts';
import { openAlertsQueryOptions } from '../api/get-open-alerts.ts';
import AlertNotifications from './alert-notifications.tsx';
import { OpenAlertBanner } from './open-alert-banner.tsx';

// Home's banner while one of the owner's alerts is open.

const ownAlert: OwnAlert = {
  id: 41,
  device_id: 'sim-a1b2c3',
  device_name: 'Galaxy A54',
  started_at: '2026-11-20T13:00:00.000Z',
  url: 'http://escudo.test/alerta/tok-123',
  central: { status: 'waiting' },
};

const asked = () => calls.filter((call) => call.name === 'getOpenAlerts').length;
/** how the banner's query ended, to know the banner has had its answer */
const settled = () => queryClient.getQueryState(openAlertsQueryOptions.queryKey)?.status;

describe('OpenAlertBanner', () => {
  it('shows nothing while the alerts load, nor when none is open', async () => {
    let reply!: (alerts: OwnAlert[]) => void;
    answer('getOpenAlerts', () => new Promise((resolve) => (reply = (alerts) => resolve({ alerts }))));
    const { container } = renderScreen(<OpenAlertBanner />);
    await waitFor(() => expect(asked()).toBe(1));
    expect(container).toBeEmptyDOMElement();
    reply([]);
    await waitFor(() => expect(settled()).toBe('success'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the alerts cannot be read', async () => {
    answer('getOpenAlerts', refuse(403, 'FORBIDDEN', 'No puedes ver estas alertas.'));
    const { container } = renderScreen(<OpenAlertBanner />);
    await waitFor(() => expect(settled()).toBe('error'));
    expect(container).toBeEmptyDOMElement();
  });

  it('says when it could not check for an open alert, and checks again', async () => {
    let isDown = true;
    answer('getOpenAlerts', () =>
      isDown ? refuse(503, 'BUSY', 'El servicio no está disponible.') : { alerts: [ownAlert] },
    );
    renderScreen(<OpenAlertBanner />);
    expect(await screen.findByText(t.bannerCheckFailed)).toBeInTheDocument();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(t.bannerTitle)).toBeInTheDocument();
    expect(screen.queryByText(t.bannerCheckFailed)).not.toBeInTheDocument();
  });

  it('says the central received the alert, then who attends it, as soon as the central takes it', async () => {
    answer('getOpenAlerts', { alerts: [ownAlert] });
    renderScreen(
      <>
        <OpenAlertBanner />
        <AlertNotifications />
      </>,
    );
    expect(await screen.findByText(t.bannerCentralWaiting)).toBeInTheDocument();
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    const attending = { status: 'attending', operator_name: 'Diego' } as const;
    answer('getOpenAlerts', { alerts: [{ ...ownAlert, central: attending }] });
    act(() => sendToPanel('alertCentral', { alert_id: ownAlert.id, is_own: true, central: attending }));
    expect(
      await screen.findByText('La central está atendiendo tu alerta: te atiende Diego.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.bannerCentralWaiting)).not.toBeInTheDocument();
  });

  it('says since when and on which phone the alert is open, links to its page and ends it', async () => {
    let alerts = [ownAlert];
    answer('getOpenAlerts', () => ({ alerts }));
    answer('closeAlert', () => {
      alerts = [];
      return { code: 200 };
    });
    renderScreen(<OpenAlertBanner />);
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(t.bannerTitle)).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'Tu red de seguridad está viendo tu ubicación desde el 20-11-2026 10:00 (Galaxy A54).',
      ),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: t.bannerView })).toHaveAttribute(
      'href',
      '/alerta/tok-123',
    );

    await userEvent.click(within(banner).getByRole('button', { name: t.bannerEnd }));
    expect(calls).toContainEqual({ name: 'closeAlert', body: { alert_id: 41 } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says why the alert could not be ended, and keeps the banner', async () => {
    answer('getOpenAlerts', { alerts: [ownAlert] });
    answer('closeAlert', refuse(404, 'NOT_FOUND', 'No encontramos esa alerta.'));
    renderScreen(<OpenAlertBanner />);
    const banner = await screen.findByRole('alert');
    await userEvent.click(within(banner).getByRole('button', { name: t.bannerEnd }));
    expect(
      await within(banner).findByText('No pudimos terminar la alerta: No encontramos esa alerta.'),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: t.bannerEnd })).toBeEnabled();
  });
});
