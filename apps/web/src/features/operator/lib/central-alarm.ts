/**
 * How a new event calls the operator: a tone, and a browser notification when the operator allowed
 * them, so that an event is noticed from another tab or window. Browsers play sound only after a
 * gesture on the page, and ask for notifications only from one: both are unlocked by the same
 * button ('Activar sonido y avisos').
 */
import { CENTRAL_KIND_LABELS } from '@escudo/contract/browser';
import type { CentralEvent, CentralEventKind } from '@escudo/contract';
import { createLiveValue } from '../../../lib/realtime/live-value.ts';
import { fillText } from '../../../lib/format.ts';
import { operatorTexts } from '../texts.ts';

/** each kind's Spanish name (the contract's, which the customer's activity and the report use too) */
export const kindLabel = CENTRAL_KIND_LABELS;

/** 'off' until the button; then whether notifications may be shown too */
export type AlarmState = 'off' | 'granted' | 'denied' | 'unsupported';
export const alarmState = createLiveValue<AlarmState>('off');

let audio: AudioContext | null = null;

/** From the button's click: the tone may play from now on, and notifications are asked for. */
export async function enableAlarms(): Promise<void> {
  audio ??= typeof AudioContext === 'undefined' ? null : new AudioContext();
  await audio?.resume().catch(() => undefined);
  if (typeof Notification === 'undefined') {
    alarmState.set('unsupported');
    return;
  }
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  alarmState.set(permission === 'granted' ? 'granted' : 'denied');
}

/** ours: an SOS rings three short high tones, any other event two lower ones */
function ringTone(kind: CentralEventKind): void {
  if (!audio || audio.state !== 'running') return;
  const [count, hertz] = kind === 'sos' ? [3, 880] : [2, 660];
  for (let i = 0; i < count; i += 1) {
    const start = audio.currentTime + i * 0.25;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = hertz;
    gain.gain.setValueAtTime(0.25, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.2);
  }
}

function showNotification(title: string, event: CentralEvent): void {
  if (alarmState.get() !== 'granted' || typeof Notification === 'undefined') return;
  const body = fillText(operatorTexts.notificationBody, {
    name: event.customer.name,
    device: event.device?.device_name ?? operatorTexts.deviceRemoved,
  });
  try {
    // one notification per event and cause: a repeat replaces it instead of piling up
    const shown = new Notification(title, { body, tag: `central-${event.id}-${title}` });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // some mobile browsers show notifications only through a service worker: the tone is enough
  }
}

/** A new event reached this screen. */
export function ringNewEvent(event: CentralEvent): void {
  ringTone(event.kind);
  showNotification(fillText(operatorTexts.notificationTitle, { kind: kindLabel[event.kind] }), event);
}

/** A supervisor's screen: an event has waited 30 s unclaimed (escalation). */
export function ringUnclaimed(event: CentralEvent): void {
  ringTone(event.kind);
  showNotification(fillText(operatorTexts.escalationTitle, { kind: kindLabel[event.kind] }), event);
}
