import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PanelToServer } from '@escudo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acknowledge,
  answer,
  calls,
  emitted,
  isLinkOpen,
  refuse,
  sendToPanel,
} from '../../../testing/fake-network.ts';
import { command, device, moved } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { lostphoneTexts } from '../texts.ts';
import { LostPhoneDialog } from './lost-phone-dialog.tsx';

// the 40 s wait and the 2 s before Información are timed: tests move the clock when they need to
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

/** Opens the dialog on a phone whose lost mode is `lost`, with the server's answers to an order. */
function openLostDialog(lost: boolean) {
  const order = command(lost ? 'lostOff' : 'lostOn');
  answer('getDeviceCommands', { commands: [] });
  answer('getLostMyPhoneData', { config: [{ id: device.id, device_id: device.device_id, lost }] });
  answer(lost ? 'lostMyPhoneUnSubscribeNotification' : 'lostMyPhoneSubscribeNotification', {
    command: order,
  });
  answer('changeLostStatus', { config: { id: device.id, device_id: device.device_id, lost: !lost } });
  acknowledge('ayThere', { ok: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const { router } = renderScreen(<LostPhoneDialog device={device} open onClose={() => undefined} />);
  return { user, order, router };
}

/** The probe the dialog sent to ask whether the phone is there (spec 4). */
async function sentProbe() {
  await waitFor(() => expect(emitted.some((message) => message.type === 'ayThere')).toBe(true));
  return emitted.find((message) => message.type === 'ayThere')!.payload as PanelToServer['ayThere'];
}

describe('LostPhoneDialog', () => {
  it('shows whether lost mode is on', async () => {
    openLostDialog(false);
    expect(screen.getByRole('dialog', { name: lostphoneTexts.lostTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(lostphoneTexts.loading)).toBeInTheDocument();
    expect(await screen.findByText(lostphoneTexts.lostStateOff)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lostphoneTexts.lostActivate })).toBeEnabled();
  });

  it('turns it on once the phone answers the probe, records it, then opens Información', async () => {
    const { user, router } = openLostDialog(false);
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostActivate }));
    const probe = await sentProbe();
    expect(probe.device_id).toBe(device.device_id);
    expect(screen.getByText(lostphoneTexts.lostWaiting)).toBeInTheDocument();

    act(() => sendToPanel('imHere', { device_id: device.device_id, probe_id: probe.probe_id }));
    expect(await screen.findByText(lostphoneTexts.lostAnswered, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(lostphoneTexts.lostGoingToInformation, { exact: false })).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'changeLostStatus')?.body).toEqual({
      device_id: device.id,
      lost: true,
    });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(router.state.location.pathname).toBe('/device-info');
  });

  it('takes the phone receiving the order as its answer, even before the HTTP reply', async () => {
    const { user, order } = openLostDialog(true);
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    // the server announces the new order and the phone's receipt before answering the browser
    answer('lostMyPhoneUnSubscribeNotification', () => {
      sendToPanel('commandState', { command: order });
      sendToPanel('commandState', { command: moved(order, 'delivered') });
      return { command: order };
    });
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostDeactivate }));
    expect(await screen.findByText(lostphoneTexts.lostAnswered)).toBeInTheDocument();
    expect(
      screen.queryByText(lostphoneTexts.lostGoingToInformation, { exact: false }),
    ).not.toBeInTheDocument();
    expect(calls.find((call) => call.name === 'changeLostStatus')?.body).toEqual({
      device_id: device.id,
      lost: false,
    });
  });

  it('reads lost mode again once the phone reports the order done: the server records it then', async () => {
    const { user, order } = openLostDialog(false);
    // changeStatus answers the flag as recorded, and the phone has not reported yet
    answer('changeLostStatus', { config: { id: device.id, device_id: device.device_id, lost: false } });
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostActivate }));
    const probe = await sentProbe();
    act(() => sendToPanel('imHere', { device_id: device.device_id, probe_id: probe.probe_id }));
    expect(await screen.findByText(lostphoneTexts.lostAnswered, { exact: false })).toBeInTheDocument();
    const reads = () => calls.filter((call) => call.name === 'getLostMyPhoneData').length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const readsBefore = reads();
    answer('getLostMyPhoneData', { config: [{ id: device.id, device_id: device.device_id, lost: true }] });
    act(() => sendToPanel('commandState', { command: moved(order, 'done') }));
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    expect(await screen.findByText(lostphoneTexts.lostStateOn)).toBeInTheDocument();
  });

  it('says why the phone could not carry it out', async () => {
    const { user, order } = openLostDialog(false);
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostActivate }));
    await sentProbe();
    act(() => sendToPanel('commandState', { command: moved(order, 'failed', 'Sin ubicación') }));
    expect(
      await screen.findByText('El teléfono no pudo cumplir la orden: Sin ubicación'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'changeLostStatus')).toBe(false);
  });

  it('gives up after 40 s without an answer', async () => {
    const { user } = openLostDialog(false);
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostActivate }));
    await sentProbe();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(screen.getByText(lostphoneTexts.lostNoAnswer)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lostphoneTexts.lostActivate })).toBeEnabled();
  });

  it("shows the server's refusal of the probe", async () => {
    const { user } = openLostDialog(false);
    acknowledge('ayThere', { ok: false, code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' });
    await user.click(await screen.findByRole('button', { name: lostphoneTexts.lostActivate }));
    expect(await screen.findByText('No encontramos ese dispositivo.')).toBeInTheDocument();
  });

  it('offers to try again when the state cannot be read', async () => {
    answer('getLostMyPhoneData', refuse(404, 'NOT_FOUND', 'No encontramos tus dispositivos.'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(<LostPhoneDialog device={device} open onClose={() => undefined} />);
    expect(await screen.findByText(/No pudimos consultar el estado/)).toHaveTextContent(
      `${lostphoneTexts.lostLoadFailed} No encontramos tus dispositivos.`,
    );
    expect(screen.getByRole('button', { name: lostphoneTexts.lostActivate })).toBeDisabled();
    answer('getLostMyPhoneData', { config: [{ id: device.id, device_id: device.device_id, lost: true }] });
    await user.click(screen.getByRole('button', { name: lostphoneTexts.retry }));
    expect(await screen.findByText(lostphoneTexts.lostStateOn)).toBeInTheDocument();
  });
});
