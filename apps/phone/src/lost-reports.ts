/**
 * Lost mode's reports (docs/device-protocol.md section 3): a location and a photo at once, then every
 * `intervalS` seconds over HTTP, link up or not; a failed one is retried at the next tick, never in a loop.
 */
import { LOST_REPORT_MIN_INTERVAL_MS, type Position } from '@escudo/contract';
import { ApiCallError, callApi } from './api-client.ts';
import { driftFrom, randomPointInSantiago, roundPosition } from './locations.ts';
import { takePhoto } from './photo.ts';
import type { PhoneLog } from './output.ts';

/** ours: a photo over mobile data may take longer than the panel's 10 s */
const REPORT_TIMEOUT_MS = 60_000;
/** Node's timers hold at most about 24.8 days */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** refusals that no retry can change: the report is dropped (lostOff, when it comes, stops the timer) */
const DROP_CODES = new Set(['LOST_MODE_OFF', 'IMAGE_INVALID', 'VALIDATION', 'PAYLOAD_TOO_LARGE']);

type Sent = 'sent' | 'kept' | 'dropped';

interface Report {
  position: Position;
  image: Buffer;
}

export interface LostReportsOptions {
  server: string;
  deviceToken: () => string;
  deviceName: string;
  log: PhoneLog;
}

export interface LostReports {
  /** starts (or restarts, with a new interval) the reports; the first one goes at once */
  start(intervalS: number): void;
  stop(): void;
  readonly isOn: boolean;
}

export function createLostReports({ server, deviceToken, deviceName, log }: LostReportsOptions): LostReports {
  let timer: NodeJS.Timeout | null = null;
  let last: Position | null = null;
  // only the newest failed report is kept: a phone offline for days must not fill its memory
  let pending: Report | null = null;
  let isSending = false;
  // the server asked for a pause (429 Retry-After): nothing is sent before this time (ms)
  let notBefore = 0;

  async function send(report: Report): Promise<Sent> {
    try {
      await callApi(
        server,
        'lostPhoneReport',
        { ...report.position, image: report.image.toString('base64') },
        { token: deviceToken(), timeoutMs: REPORT_TIMEOUT_MS },
      );
      log.status(
        `report sent (${report.position.lat}, ${report.position.lng}, ${report.image.length} bytes)`,
      );
      return 'sent';
    } catch (error) {
      const code = error instanceof ApiCallError ? error.code : 'NETWORK';
      if (code === 'RATE_LIMITED') {
        const waitS = (error as ApiCallError).retryAfterS ?? Math.ceil(LOST_REPORT_MIN_INTERVAL_MS / 1000);
        notBefore = Date.now() + waitS * 1000;
        log.status(`report refused: ${(error as Error).message} (retrying in ${waitS} s)`);
        return 'kept';
      }
      if (DROP_CODES.has(code)) {
        log.status(`report refused: ${(error as Error).message} (dropped)`);
        return 'dropped';
      }
      log.status(`report failed: ${(error as Error).message} (retrying at the next report)`);
      return 'kept';
    }
  }

  async function tick(): Promise<void> {
    // a slow upload must not overlap the next one
    if (isSending) return;
    isSending = true;
    try {
      last = roundPosition(last ? driftFrom(last) : randomPointInSantiago());
      const report = { position: last, image: takePhoto({ deviceName }) };
      // paused by a Retry-After, or the kept report still stuck: keep only the newest for the next tick
      if (Date.now() < notBefore || (pending && (await send(pending)) === 'kept')) {
        pending = report;
        return;
      }
      pending = (await send(report)) === 'kept' ? report : null;
    } finally {
      isSending = false;
    }
  }

  return {
    start(seconds) {
      if (timer) clearInterval(timer);
      timer = setInterval(() => void tick(), Math.min(seconds * 1000, MAX_TIMER_MS));
      void tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      pending = null;
      notBefore = 0;
    },
    get isOn() {
      return timer !== null;
    },
  };
}
