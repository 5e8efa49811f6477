/** One line per message or change of state, in the fixed format of the README that e2e parses (OUTPUT_LINE). */

export type LineSink = (line: string, isError: boolean) => void;

/** Local wall-clock time with milliseconds: what a person watching the terminal compares against. */
export function formatClock(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** The PIN is the owner's secret: it never reaches a terminal or a log file. */
export function maskSecrets(payload: unknown): unknown {
  if (payload && typeof payload === 'object' && !Array.isArray(payload) && 'pin' in payload) {
    return { ...payload, pin: '****' };
  }
  return payload;
}

export interface PhoneLog {
  received(type: string, payload: unknown): void;
  sent(type: string, payload: unknown): void;
  status(text: string): void;
  error(text: string): void;
}

export const writeToConsole: LineSink = (line, isError) => {
  (isError ? process.stderr : process.stdout).write(`${line}\n`);
};

export function createPhoneLog(
  label: string,
  sink: LineSink = writeToConsole,
  now = () => new Date(),
): PhoneLog {
  const line = (mark: string, text: string, isError = false) =>
    sink(`${formatClock(now())} ${label} ${mark} ${text}`, isError);
  return {
    received: (type, payload) => line('←', `${type} ${JSON.stringify(maskSecrets(payload)) ?? ''}`),
    sent: (type, payload) => line('→', `${type} ${JSON.stringify(payload)}`),
    status: (text) => line('·', text),
    error: (text) => line('·', text, true),
  };
}

/** Parses a line back (tests, tools); the label is a device_id, which never has spaces (deviceIdSchema). */
export const OUTPUT_LINE = /^(\d{2}:\d{2}:\d{2}\.\d{3}) (\S+) ([←→·]) (.*)$/;
