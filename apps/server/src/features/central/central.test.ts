/**
 * The central's live queue (central.service.ts, decision 062): an SOS and a phone that confirmed lost
 * mode reach every operator's panel and the queue, once each; one operator takes an event and every
 * other is told who holds it; a customer's later events go to the operator attending them; giving
 * back is the holder's alone. Customers are refused the central's calls.
 */
import { describe, expect, it } from 'vitest';
import { useRealtimeApp, userWithPhone, setLostMode } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import type { CentralEvent } from '@escudo/contract';

const realtime = useRealtimeApp();
const { panel } = realtime;

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type Operator = Awaited<ReturnType<typeof makeOperator>>;

const sos = (owner: Owner) =>
  realtime.app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
const queueOf = async (operator: Operator) => {
  const answer = await realtime.app.post('/api/operator/central/queue', {}, operator.token);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { events: CentralEvent[] }).events;
};
const claim = (operator: Operator, eventId: number) =>
  realtime.app.post('/api/operator/central/claim', { event_id: eventId }, operator.token);
const release = (operator: Operator, eventId: number) =>
  realtime.app.post('/api/operator/central/release', { event_id: eventId }, operator.token);
/** the customer's events in the queue (other tests' customers share it) */
const eventsOf = async (operator: Operator, owner: Owner) =>
  (await queueOf(operator)).filter((event) => event.customer.id === owner.userId);

describe('the queue', () => {
  it("shows an SOS on every operator's panel at once and in the queue, once, with the customer, the phone and where it is", async () => {
    const ana = await userWithPhone(realtime.app, { name: 'Ana Pérez' });
    const [first, second] = [await makeOperator(realtime.app), await makeOperator(realtime.app)];
    const screens = [await panel(first), await panel(second)];
    const heard = screens.map((screen) =>
      screen.next<{ event: CentralEvent }>('centralEvent', (p) => p.event.customer.id === ana.userId),
    );
    const customerScreen = await panel(ana);

    expect((await sos(ana)).statusCode).toBe(201);
    for (const message of await Promise.all(heard)) {
      expect(message.event).toMatchObject({
        kind: 'sos',
        status: 'open',
        customer: { id: ana.userId, name: 'Ana Pérez' },
        device: { device_id: ana.deviceId, device_name: 'Teléfono de prueba', device_so: 'android' },
        last_position: { lat: -33.45, lng: -70.66 },
        claimed_by: null,
        claimed_at: null,
      });
    }
    // raised again while open: the same alert, no second event
    expect((await sos(ana)).statusCode).toBeLessThan(300);
    await expect.poll(() => eventsOf(first, ana)).toHaveLength(1);
    expect(customerScreen.received.filter((m) => m.type === 'centralEvent')).toEqual([]);
  });

  it('puts an SOS before a lost phone raised earlier, then the oldest first', async () => {
    const ana = await userWithPhone(realtime.app);
    const beto = await userWithPhone(realtime.app);
    const operator = await makeOperator(realtime.app);
    await setLostMode(realtime.app, ana, true);
    await expect.poll(() => eventsOf(operator, ana)).toHaveLength(1);
    expect((await sos(beto)).statusCode).toBe(201);
    await expect.poll(() => eventsOf(operator, beto)).toHaveLength(1);

    const mine = (await queueOf(operator)).filter((event) =>
      [ana.userId, beto.userId].includes(event.customer.id),
    );
    expect(mine.map((event) => [event.kind, event.customer.id])).toEqual([
      ['sos', beto.userId],
      ['lost_mode', ana.userId],
    ]);
    const queue = await queueOf(operator);
    const order = queue.map((event) => [-event.priority, event.created_at, event.id] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2]));
  });

  it("refuses a customer's session the central's calls, and an operator's a customer's", async () => {
    const ana = await userWithPhone(realtime.app);
    const asCustomer = await realtime.app.post('/api/operator/central/queue', {}, ana.token);
    expect(asCustomer.statusCode).toBe(403);
    expect(
      (await realtime.app.post('/api/operator/central/claim', { event_id: 1 }, ana.token)).statusCode,
    ).toBe(403);
  });
});

describe('taking an event', () => {
  it('gives it to the first operator; the other is told who holds it, and every panel hears it taken', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const diego = await makeOperator(realtime.app, { name: 'Diego Rojas' });
    await sos(ana);
    await expect.poll(() => eventsOf(carla, ana)).toHaveLength(1);
    const [event] = await eventsOf(carla, ana);
    const diegoScreen = await panel(diego);
    const taken = diegoScreen.next<{ event: CentralEvent }>(
      'centralEvent',
      (p) => p.event.id === event!.id && p.event.status === 'claimed',
    );

    const won = await claim(carla, event!.id);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ status: 'claimed', event: { claimed_by: { name: 'Carla Soto' } } });
    expect((await taken).event.claimed_by).toEqual({ id: carla.userId, name: 'Carla Soto' });

    const lost = await claim(diego, event!.id);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({
      code: 'ALREADY_CLAIMED',
      message: 'Carla Soto ya tomó este evento.',
    });
    // taking again what one holds answers it as it is
    expect((await claim(carla, event!.id)).statusCode).toBe(200);
    const [after] = await eventsOf(diego, ana);
    expect(after).toMatchObject({ status: 'claimed', claimed_by: { id: carla.userId } });
  });

  it('has exactly one winner among twenty claims sent at once by four operators', async () => {
    const ana = await userWithPhone(realtime.app);
    const operators = await Promise.all([0, 1, 2, 3].map(() => makeOperator(realtime.app)));
    await sos(ana);
    await expect.poll(() => eventsOf(operators[0]!, ana)).toHaveLength(1);
    const [event] = await eventsOf(operators[0]!, ana);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(operators[i % 4]!, event!.id)),
    );
    const winners = new Set(
      answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => (answer.json() as { event: CentralEvent }).event.claimed_by!.id),
    );
    expect(winners.size).toBe(1);
    // the winner's own repeats answer 200; every other operator's claim is 409
    const winner = [...winners][0];
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(operators[i % 4]!.userId === winner ? 200 : 409);
    }
  });

  it("sends the customer's next event to the operator attending them", async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    await setLostMode(realtime.app, ana, true);
    await expect.poll(() => eventsOf(carla, ana)).toHaveLength(1);
    const [lostPhone] = await eventsOf(carla, ana);
    expect((await claim(carla, lostPhone!.id)).statusCode).toBe(200);

    await sos(ana);
    await expect
      .poll(async () => (await eventsOf(carla, ana)).map((event) => event.kind))
      .toEqual(['sos', 'lost_mode']);
    const [alert] = await eventsOf(carla, ana);
    expect(alert).toMatchObject({ status: 'claimed', claimed_by: { id: carla.userId } });
  });
});

describe('giving an event back', () => {
  it("is the holder's alone, and puts it back in the queue for everyone", async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const diego = await makeOperator(realtime.app);
    await sos(ana);
    await expect.poll(() => eventsOf(carla, ana)).toHaveLength(1);
    const [event] = await eventsOf(carla, ana);

    expect((await release(carla, event!.id)).json()).toMatchObject({ code: 'CENTRAL_EVENT_NOT_CLAIMED' });
    expect((await claim(carla, event!.id)).statusCode).toBe(200);
    const refused = await release(diego, event!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ALREADY_CLAIMED',
      message: 'Carla Soto ya tomó este evento.',
    });

    const given = await release(carla, event!.id);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ status: 'open', event: { status: 'open', claimed_by: null } });
    expect((await claim(diego, event!.id)).statusCode).toBe(200);
  });

  it('answers 404 for an event that does not exist, changing nothing', async () => {
    const carla = await makeOperator(realtime.app);
    const before = await queueOf(carla);
    for (const call of [claim, release]) {
      const answer = await call(carla, 2_000_000_000);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos ese evento.' });
    }
    expect(await queueOf(carla)).toEqual(before);
  });
});
