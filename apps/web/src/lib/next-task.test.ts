import { describe, expect, it } from 'vitest';
import { inNextTask, nextTask } from './next-task.ts';

describe('inNextTask', () => {
  it('runs the callback later, not in the caller’s task', async () => {
    const order: string[] = [];
    inNextTask(() => order.push('callback'));
    order.push('caller');
    await nextTask();
    expect(order).toEqual(['caller', 'callback']);
  });

  it('gives each callback a task of its own, in the order asked', async () => {
    const order: string[] = [];
    inNextTask(() => {
      order.push('first');
      // runs when the first task ends, so before the second if that is another task
      queueMicrotask(() => order.push('first’s microtask'));
    });
    inNextTask(() => order.push('second'));
    await nextTask();
    expect(order).toEqual(['first', 'first’s microtask', 'second']);
  });
});
