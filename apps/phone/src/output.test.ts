import { describe, expect, it } from 'vitest';
import { OUTPUT_LINE, createPhoneLog, formatClock, maskSecrets } from './output.ts';

describe('output lines', () => {
  const at = new Date(2026, 10, 22, 14, 3, 5, 7);
  const lines: string[] = [];
  const log = createPhoneLog(
    'sim-abc',
    (line) => lines.push(line),
    () => at,
  );

  it('prints the local time with milliseconds', () => {
    expect(formatClock(at)).toBe('14:03:05.007');
  });

  it('writes received, sent and status lines that parse back', () => {
    log.received('command', { id: 1, type: 'lock', pin: '1234' });
    log.sent('imHere', { command_id: 1 });
    log.status('locked with PIN ****');
    expect(lines).toEqual([
      '14:03:05.007 sim-abc ← command {"id":1,"type":"lock","pin":"****"}',
      '14:03:05.007 sim-abc → imHere {"command_id":1}',
      '14:03:05.007 sim-abc · locked with PIN ****',
    ]);
    expect(OUTPUT_LINE.exec(lines[1]!)?.slice(1)).toEqual([
      '14:03:05.007',
      'sim-abc',
      '→',
      'imHere {"command_id":1}',
    ]);
  });

  it('never prints a PIN', () => {
    expect(maskSecrets({ pin: '9876', id: 2 })).toEqual({ pin: '****', id: 2 });
    expect(maskSecrets('text')).toBe('text');
    expect(lines.join('\n')).not.toContain('1234');
  });
});
