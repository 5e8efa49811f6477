import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, calls, dropLink, restoreLink, sendToPanel } from '../../testing/fake-network.ts';
import { command, device, moved } from '../../testing/fixtures.ts';
import { ensureRealtime } from '../realtime/realtime-client.ts';
import { rememberCommand, watchCommand } from './command-store.ts';
import { useCommand } from './use-command.ts';

/** What a screen reads: the state of one command, through the store's hook. */
function CommandState({ commandId }: { commandId: number }) {
  const entry = useCommand(commandId);
  return <p role="status">{entry ? entry.command.state : 'desconocida'}</p>;
}

async function openLink() {
  await act(() => ensureRealtime());
  await act(() => Promise.resolve());
}

describe('command store', () => {
  it('already knows an answer that arrived before the HTTP reply', async () => {
    answer('getDeviceCommands', { commands: [] });
    await openLink();
    const lock = command('lock');
    // the phone acknowledges the order while the browser still waits for the order's answer
    act(() => sendToPanel('commandState', { command: moved(lock, 'delivered') }));
    act(() => rememberCommand(lock));
    render(<CommandState commandId={lock.id} />);
    expect(screen.getByRole('status')).toHaveTextContent('delivered');
  });

  it('follows each change, and never moves back on a late or repeated copy', async () => {
    answer('getDeviceCommands', { commands: [] });
    await openLink();
    const lock = command('lock');
    rememberCommand(lock);
    render(<CommandState commandId={lock.id} />);
    expect(screen.getByRole('status')).toHaveTextContent('sent');
    act(() => sendToPanel('commandState', { command: moved(lock, 'done') }));
    expect(screen.getByRole('status')).toHaveTextContent('done');
    act(() => sendToPanel('commandState', { command: moved(lock, 'delivered') }));
    expect(screen.getByRole('status')).toHaveTextContent('done');
  });

  it('reloads a followed device once per connection, and catches up with what was missed', async () => {
    const wipe = command('wipe');
    answer('getDeviceCommands', { commands: [wipe] });
    await openLink();
    rememberCommand(wipe);
    render(<CommandState commandId={wipe.id} />);
    await waitFor(() => expect(calls.filter((call) => call.name === 'getDeviceCommands')).toHaveLength(1));
    expect(calls.at(-1)?.body).toMatchObject({ device_id: device.device_id });

    // a second screen following the same device does not ask again on the same connection
    render(<CommandState commandId={wipe.id} />);

    // the link drops; meanwhile the phone started erasing; the reload after reconnecting tells
    act(() => dropLink());
    answer('getDeviceCommands', { commands: [moved(wipe, 'done')] });
    act(() => restoreLink());
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('done'));
    expect(calls.filter((call) => call.name === 'getDeviceCommands')).toHaveLength(2);
  });

  it('tells a waiting flow at once what it already knows, then each change', async () => {
    answer('getDeviceCommands', { commands: [] });
    await openLink();
    const lostOn = command('lostOn');
    act(() => sendToPanel('commandState', { command: moved(lostOn, 'delivered') }));
    const seen: string[] = [];
    const stop = watchCommand(lostOn.id, ({ command: current }) => seen.push(current.state));
    act(() => sendToPanel('commandState', { command: moved(lostOn, 'done') }));
    stop();
    act(() => sendToPanel('commandState', { command: moved(lostOn, 'failed', 'tarde') }));
    expect(seen).toEqual(['delivered', 'done']);
  });
});
