import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader.ts';

/** a look-up whose batches the test sees and finishes by hand */
function recorded() {
  const batches: { keys: readonly number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const loader = createBatchLoader<number, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        batches.push({ keys, finish: () => resolve(keys.map((key) => `row ${key}`)), fail: reject });
      }),
    { maxBatch: 3 },
  );
  return { loader, batches };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatchLoader', () => {
  it('asks once for the keys of one moment, and hands each caller its own answer', async () => {
    const { loader, batches } = recorded();
    const answers = Promise.all([loader.load(1), loader.load(2), loader.load(1)]);
    await turn();
    expect(batches.map((batch) => batch.keys)).toEqual([[1, 2, 1]]);
    batches[0]!.finish();
    expect(await answers).toEqual(['row 1', 'row 2', 'row 1']);
  });

  it('keeps what arrives while a batch is at the database for the next, one batch at a time', async () => {
    const { loader, batches } = recorded();
    const first = loader.load(1);
    await turn();
    const later = [loader.load(2), loader.load(3)];
    await turn();
    const more = loader.load(4);
    await turn();
    // the first is still out: nothing else has been asked
    expect(batches.map((batch) => batch.keys)).toEqual([[1]]);
    batches[0]!.finish();
    await first;
    await turn();
    // everything that waited went together, up to the largest batch
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    expect(await Promise.all([...later, more])).toEqual(['row 2', 'row 3', 'row 4']);
  });

  it('splits past the largest batch, and a failed batch fails only its own callers', async () => {
    const { loader, batches } = recorded();
    const calls = [1, 2, 3, 4].map((key) => loader.load(key));
    const settled = Promise.allSettled(calls);
    await turn();
    expect(batches.map((batch) => batch.keys)).toEqual([[1, 2, 3]]);
    batches[0]!.fail(new Error('connection lost'));
    await expect(calls[0]).rejects.toThrow('connection lost');
    await turn();
    expect(batches.map((batch) => batch.keys)).toEqual([[1, 2, 3], [4]]);
    batches[1]!.finish();
    expect((await settled).map((call) => call.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(await calls[3]).toBe('row 4');
  });
});
