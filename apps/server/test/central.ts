/**
 * The central's calls for API tests, as an operator's panel makes them, and the event an SOS or a
 * lost phone raises, found in the queue once its durable event has been delivered.
 */
import { expect, vi } from 'vitest';
import type { CentralEvent, CentralOutcome } from '@escudo/contract';
import type { TestApp } from './test-app.ts';
import { setLostMode, type userWithPhone } from './sockets.ts';
import type { makeOperator } from './operators.ts';

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type Operator = Awaited<ReturnType<typeof makeOperator>>;

export function centralCalls(app: TestApp) {
  const call = async (operator: Operator, action: string, body: object) => {
    const answer = await app.post(`/api/operator/central/${action}`, body, operator.token);
    expect(answer.statusCode, `${action}: ${answer.body}`).toBeLessThan(300);
    return (answer.json() as { event: CentralEvent }).event;
  };
  /** the customer's events in the queue, which other customers share */
  const eventsOf = async (operator: Operator, owner: Owner) => {
    const answer = await app.post('/api/operator/central/queue', {}, operator.token);
    const { events } = answer.json() as { events: CentralEvent[] };
    return events.filter((event) => event.customer.id === owner.userId);
  };
  /** the one event the customer's cause raised, once it is in the queue (waitFor: hooks may call it too) */
  const raised = (operator: Operator, owner: Owner) =>
    vi.waitFor(
      async () => {
        const events = await eventsOf(operator, owner);
        expect(events).toHaveLength(1);
        return events[0]!;
      },
      { timeout: 5000, interval: 20 },
    );
  return {
    eventsOf,
    /** the customer's phone sends an SOS: its event */
    async sos(owner: Owner, operator: Operator) {
      const answer = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
      expect(answer.statusCode, answer.body).toBe(201);
      return raised(operator, owner);
    },
    /** the customer's phone confirms lost mode: its event */
    async lostPhone(owner: Owner, operator: Operator) {
      await setLostMode(app, owner, true);
      return raised(operator, owner);
    },
    claim: (operator: Operator, event: CentralEvent) => call(operator, 'claim', { event_id: event.id }),
    release: (operator: Operator, event: CentralEvent) => call(operator, 'release', { event_id: event.id }),
    close: (operator: Operator, event: CentralEvent, outcome: CentralOutcome = 'cliente_a_salvo') =>
      call(operator, 'close', { event_id: event.id, outcome, level: 2, note: '' }),
    assign: (supervisor: Operator, event: CentralEvent, to: Operator) =>
      call(supervisor, 'assign', { event_id: event.id, operator_id: to.userId }),
  };
}
