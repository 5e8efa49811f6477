import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-id.ts';

describe('request ids', () => {
  it('never repeat, within a process or across processes, and say which process made them', () => {
    const first = createRequestIds();
    const second = createRequestIds();
    const ids = [...Array.from({ length: 1000 }, first), ...Array.from({ length: 1000 }, second)];
    expect(new Set(ids).size).toBe(2000);
    const prefixes = new Set(ids.map((id) => id.slice(0, id.lastIndexOf('-'))));
    expect(prefixes.size).toBe(2);
    // only characters a header and a log line carry as they are
    for (const id of ids) expect(id).toMatch(/^[\w-]+$/);
  });
});
