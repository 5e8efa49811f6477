/**
 * The phone's SOS (docs/device-protocol.md section 9): raising an alert opens it with
 * the phone's position, then the phone walks and sends a position every ALERT_POSITION_EVERY_S
 * seconds until the alert ends, here (`close`) or from the owner's panel (the server answers
 * ALERT_ENDED). A failed send is retried at the next tick with the newest position; a 429 waits for
 * its Retry-After.
 */
import { ALERT_POSITION_EVERY_S, type Position } from '@escudo/contract';
import { callApi, type ApiCallError } from './api-client.ts';
import { createWalk } from './locations.ts';
import type { PhoneLog } from './output.ts';

export interface Sos {
  /** the open alert's id, or null */
  readonly alertId: number | null;
  /** raises an SOS; nothing happens while one is open */
  raise(): Promise<void>;
  /** ends the open alert */
  close(): Promise<void>;
  /** stops the timer (the phone is shutting down); the alert stays open on the server */
  stop(): void;
}

export function createSos({
  server,
  deviceToken,
  log,
  everyS = ALERT_POSITION_EVERY_S,
}: {
  server: string;
  deviceToken: () => string;
  log: PhoneLog;
  everyS?: number;
}): Sos {
  const walk = createWalk();
  let alertId: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let isRaising = false;
  /** no position before this time (a Retry-After) */
  let quietUntil = 0;

  const stopWalking = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const here = (): Position => walk.next().value;

  const sendPosition = async () => {
    const id = alertId;
    if (id === null || Date.now() < quietUntil) return;
    const position = here();
    try {
      await callApi(
        server,
        'addDeviceAlertPosition',
        { alert_id: id, ...position },
        { token: deviceToken() },
      );
      log.status(`SOS position ${position.lat}, ${position.lng}`);
    } catch (error) {
      const { code, retryAfterS } = error as ApiCallError;
      if (code === 'ALERT_ENDED' || code === 'NOT_FOUND') {
        log.status(`SOS ${id} ended (${code}): stopped sending positions`);
        if (alertId === id) alertId = null;
        stopWalking();
      } else if (code === 'RATE_LIMITED') {
        const waitS = retryAfterS ?? everyS;
        quietUntil = Date.now() + waitS * 1000;
        log.status(`SOS position refused for now (RATE_LIMITED); the next in ${waitS} s or more`);
      } else {
        log.status(`SOS position not sent (${(error as Error).message}); retrying at the next tick`);
      }
    }
  };

  return {
    get alertId() {
      return alertId;
    },
    async raise() {
      if (alertId !== null || isRaising) {
        log.status(`SOS ${alertId ?? ''} already open`);
        return;
      }
      isRaising = true;
      try {
        const position = here();
        const { alert_id } = await callApi(server, 'openDeviceAlert', position, { token: deviceToken() });
        alertId = alert_id;
        log.status(`SOS raised: alert ${alert_id} at ${position.lat}, ${position.lng}`);
        stopWalking();
        timer = setInterval(() => void sendPosition(), everyS * 1000);
      } catch (error) {
        log.error(`SOS not raised: ${(error as Error).message}`);
      } finally {
        isRaising = false;
      }
    },
    async close() {
      const id = alertId;
      if (id === null) return;
      stopWalking();
      alertId = null;
      try {
        await callApi(server, 'closeDeviceAlert', { alert_id: id }, { token: deviceToken() });
        log.status(`SOS ${id} closed`);
      } catch (error) {
        log.error(`SOS ${id} not closed: ${(error as Error).message}`);
      }
    },
    stop: stopWalking,
  };
}
