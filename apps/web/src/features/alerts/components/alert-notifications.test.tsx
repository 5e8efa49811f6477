import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  answer,
  dropLink,
  isLinkOpen,
  refuse,
  restoreLink,
  sendToPanel,
} from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { networkAlertsQueryOptions } from '../api/get-network-alerts.ts';
import { alertsTexts as t } from '../texts.ts';
import AlertNotifications from './alert-notifications.tsx';
import { OpenAlertBanner } from './open-alert-banner.tsx';

// The notice of an alert of someone whose security network the user belongs to, on every page.

const camila = {
  id: 61,
  name: 'Camila Rojas',
  started_at: '2026-11-20T13:00:00.000Z',
  url: 'http://escudo.test/alerta/tok-cam',
};

const notice = () => screen.findByRole('alert');

describe('AlertNotifications', () => {
  it('shows nothing while the network alerts load, when none is open, or when they cannot be read', async () => {
    answer('getNetworkOpenAlerts', { alerts: [] });
    const { container, unmount } = renderScreen(<AlertNotifications />);
    await waitFor(() =>
      expect(queryClient.getQueryState(networkAlertsQueryOptions.queryKey)?.status).toBe('success'),
    );
    expect(container).toBeEmptyDOMElement();
    unmount();
    queryClient.clear();

    answer('getNetworkOpenAlerts', refuse(403, 'FORBIDDEN', 'No puedes ver estas alertas.'));
    renderScreen(<AlertNotifications />);
    await waitFor(() =>
      expect(queryClient.getQueryState(networkAlertsQueryOptions.queryKey)?.status).toBe('error'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells of an alert already open in my networks, with a link to it, until closed', async () => {
    answer('getNetworkOpenAlerts', { alerts: [camila] });
    renderScreen(<AlertNotifications />);
    const shown = await notice();
    expect(shown).toHaveTextContent('Camila Rojas activó una alerta de emergencia.');
    expect(within(shown).getByRole('link', { name: t.notificationView })).toHaveAttribute(
      'href',
      '/alerta/tok-cam',
    );
    await userEvent.click(within(shown).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('tells of an alert opened and then ended while the page is open', async () => {
    answer('getNetworkOpenAlerts', { alerts: [] });
    renderScreen(<AlertNotifications />);
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    const heard = {
      alert_id: 61,
      is_own: false,
      name: 'Camila Rojas',
      started_at: camila.started_at,
      url: camila.url,
    };
    answer('getNetworkOpenAlerts', { alerts: [camila] });
    act(() => sendToPanel('alertChanged', { ...heard, open: true }));
    expect(await notice()).toHaveTextContent('Camila Rojas activó una alerta de emergencia.');

    answer('getNetworkOpenAlerts', { alerts: [] });
    act(() => sendToPanel('alertChanged', { ...heard, open: false }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('La alerta de Camila Rojas terminó.'),
    );
    expect(within(screen.getByRole('alert')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('tells the network and the owner when the central closed the alert, with what it turned out to be', async () => {
    answer('getNetworkOpenAlerts', { alerts: [] });
    answer('getOpenAlerts', { alerts: [] });
    renderScreen(<AlertNotifications />);
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    const ended = {
      alert_id: 61,
      open: false,
      name: 'Camila Rojas',
      started_at: camila.started_at,
      url: camila.url,
      central_outcome: 'Cliente a salvo',
    };
    act(() => sendToPanel('alertChanged', { ...ended, is_own: false }));
    expect(await notice()).toHaveTextContent('La central cerró la alerta de Camila Rojas: Cliente a salvo.');
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: t.close }));
    act(() => sendToPanel('alertChanged', { ...ended, is_own: true }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('La central cerró tu alerta: Cliente a salvo.'),
    );
  });

  it('tells of an alert opened in my networks while the link was down, once it is back', async () => {
    answer('getNetworkOpenAlerts', { alerts: [] });
    renderScreen(<AlertNotifications />);
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => dropLink());
    // Camila's alert opens meanwhile: its message is not heard
    answer('getNetworkOpenAlerts', { alerts: [camila] });
    act(() => restoreLink());
    expect(await notice()).toHaveTextContent('Camila Rojas activó una alerta de emergencia.');
  });

  it("does not notify the owner's own alert: Home's banner, asked again, shows it", async () => {
    answer('getNetworkOpenAlerts', { alerts: [] });
    answer('getOpenAlerts', { alerts: [] });
    renderScreen(
      <>
        <OpenAlertBanner />
        <AlertNotifications />
      </>,
    );
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    answer('getOpenAlerts', {
      alerts: [
        {
          id: 70,
          device_id: 'sim-a1b2c3',
          device_name: 'Galaxy A54',
          started_at: camila.started_at,
          url: 'http://escudo.test/alerta/tok-ana',
          central: { status: 'waiting' },
        },
      ],
    });
    act(() =>
      sendToPanel('alertChanged', {
        alert_id: 70,
        is_own: true,
        open: true,
        name: 'Ana Pérez',
        started_at: camila.started_at,
        url: 'http://escudo.test/alerta/tok-ana',
      }),
    );
    expect(await screen.findByText(t.bannerTitle)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Ana Pérez activó una alerta de emergencia.')).not.toBeInTheDocument();
  });
});
