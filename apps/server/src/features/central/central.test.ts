/**
 * The central's live queue (central.service.ts, decision 062): an SOS and a phone that confirmed lost
 * mode reach every operator's panel and the queue, once each; one operator takes an event and every
 * other is told who holds it; a customer's later events go to the operator attending them; giving
 * back is the holder's alone. Customers are refused the central's calls.
 */
import { describe, expect, it } from 'vitest';
import { useRealtimeApp, userWithPhone, setLostMode } from '../../../test/sockets.ts';
import { recordCommandResult } from '../commands/commands.service.ts';
import { desc, eq } from 'drizzle-orm';
import { eventOutbox } from '../../lib/outbox/outbox.schema.ts';
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
const close = (operator: Operator, eventId: number, body: object = {}) =>
  realtime.app.post(
    '/api/operator/central/close',
    { event_id: eventId, outcome: 'cliente_a_salvo', level: 2, note: 'Llamé y está bien.', ...body },
    operator.token,
  );
const assign = (operator: Operator, eventId: number, to: Operator) =>
  realtime.app.post(
    '/api/operator/central/assign',
    { event_id: eventId, operator_id: to.userId },
    operator.token,
  );
/** an SOS of the customer, in the queue */
async function sosEvent(owner: Owner, operator: Operator) {
  await sos(owner);
  await expect.poll(() => eventsOf(operator, owner)).toHaveLength(1);
  return (await eventsOf(operator, owner))[0]!;
}
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

  it('shows a phone put in lost mode at once, though the phone is off and never answers, and once only', async () => {
    const ana = await userWithPhone(realtime.app);
    const operator = await makeOperator(realtime.app);
    const ordered = await realtime.app.post(
      '/api/app/lostphone/lostMyPhoneSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(ordered.statusCode, ordered.body).toBe(200);
    await expect.poll(() => eventsOf(operator, ana)).toHaveLength(1);
    expect((await eventsOf(operator, ana))[0]).toMatchObject({
      kind: 'lost_mode',
      status: 'open',
      device: { device_id: ana.deviceId },
    });
    // the phone comes back and confirms it: nothing more for the central
    const { command } = ordered.json() as { command: { id: number } };
    const phone = { deviceRowId: ana.internalId, userId: ana.userId, deviceId: ana.deviceId };
    await recordCommandResult(realtime.app.ctx, phone, command.id, 'done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(operator, ana)).toHaveLength(1);

    // closed, then the order's event delivered once more (a lapsed lease): still nothing new
    const [event] = await eventsOf(operator, ana);
    expect((await claim(operator, event!.id)).statusCode).toBe(200);
    expect((await close(operator, event!.id)).statusCode).toBe(200);
    const [outbox] = await realtime.app.ctx.db
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(eq(eventOutbox.event, 'lostModeOrdered'))
      .orderBy(desc(eventOutbox.id))
      .limit(1);
    for (const { handler } of realtime.app.ctx.events.subscribersOf('lostModeOrdered'))
      await handler(
        { userId: ana.userId, deviceRowId: ana.internalId },
        { eventId: outbox!.id, isLastTry: false },
      );
    expect(await eventsOf(operator, ana)).toEqual([]);
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

describe('closing an event', () => {
  it("is its holder's, with an outcome and a level; an SOS's alert ends and the customer and the network are told", async () => {
    const ana = await userWithPhone(realtime.app, { name: 'Ana Pérez' });
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const diego = await makeOperator(realtime.app);
    const event = await sosEvent(ana, carla);
    const customerScreen = await panel(ana);
    const ended = customerScreen.next<{ open: boolean; central_outcome?: string }>(
      'alertChanged',
      (p) => !p.open,
    );

    // nobody holds it yet, then another holds it: refused, nothing changed
    expect((await close(carla, event.id)).json()).toMatchObject({ code: 'CENTRAL_EVENT_NOT_CLAIMED' });
    expect((await claim(diego, event.id)).statusCode).toBe(200);
    expect((await close(carla, event.id)).json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    expect((await release(diego, event.id)).statusCode).toBe(200);
    expect((await claim(carla, event.id)).statusCode).toBe(200);

    const closed = await close(carla, event.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      event: {
        status: 'closed',
        outcome: 'cliente_a_salvo',
        level: 2,
        close_note: 'Llamé y está bien.',
        closed_by: { id: carla.userId, name: 'Carla Soto' },
      },
    });
    expect(await ended).toMatchObject({ open: false, central_outcome: 'Cliente a salvo' });
    const open = await realtime.app.post('/api/app/alertas/abiertas', {}, ana.token);
    expect(open.json()).toEqual({ alerts: [] });
    // out of the queue; closing again is refused
    expect(await eventsOf(carla, ana)).toEqual([]);
    expect((await close(carla, event.id)).json()).toMatchObject({ code: 'CENTRAL_EVENT_CLOSED' });
    expect((await claim(diego, event.id)).json()).toMatchObject({ code: 'CENTRAL_EVENT_CLOSED' });
  });

  it('refuses an outcome or a level outside the list, changing nothing', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    const event = await sosEvent(ana, carla);
    expect((await claim(carla, event.id)).statusCode).toBe(200);
    for (const bad of [
      { outcome: 'resuelto' },
      { level: 5 },
      { level: -1 },
      { level: 1.5 },
      { note: 'x'.repeat(2001) },
    ]) {
      const answer = await close(carla, event.id, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await eventsOf(carla, ana))[0]).toMatchObject({ status: 'claimed', outcome: null });
  });
});

describe('the customer and the network', () => {
  it('read how the central attends the alert: waiting, then the first name of who attends it, then closed', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app, { name: 'Carla Andrea Soto' });
    const customerScreen = await panel(ana);
    const openAlerts = async () =>
      (
        (await realtime.app.post('/api/app/alertas/abiertas', {}, ana.token)).json() as {
          alerts: { central: object; url: string }[];
        }
      ).alerts;
    const event = await sosEvent(ana, carla);
    expect((await openAlerts())[0]?.central).toEqual({ status: 'waiting' });

    const attending = customerScreen.next<{ central: { status: string } }>(
      'alertCentral',
      (p) => p.central.status === 'attending',
    );
    expect((await claim(carla, event.id)).statusCode).toBe(200);
    expect(await attending).toMatchObject({
      is_own: true,
      central: { status: 'attending', operator_name: 'Carla' },
    });
    const [alert] = await openAlerts();
    expect(alert?.central).toEqual({ status: 'attending', operator_name: 'Carla' });
    // the network's page, by the owner's own link, reads it too
    const page = await realtime.app.app.inject({
      method: 'GET',
      url: new URL(alert!.url).pathname.replace('/alerta/', '/api/public/alerts/'),
    });
    expect(page.json()).toMatchObject({ central: { status: 'attending', operator_name: 'Carla' } });

    expect((await release(carla, event.id)).statusCode).toBe(200);
    expect((await openAlerts())[0]?.central).toEqual({ status: 'waiting' });
    expect((await claim(carla, event.id)).statusCode).toBe(200);
    expect((await close(carla, event.id)).statusCode).toBe(200);
    const closedPage = await realtime.app.app.inject({
      method: 'GET',
      url: new URL(alert!.url).pathname.replace('/alerta/', '/api/public/alerts/'),
    });
    expect(closedPage.json()).toMatchObject({ open: false, central: { status: 'closed' } });
  });
});

describe('the history', () => {
  it('lists the closed events, newest closed first, a page at a time', async () => {
    const carla = await makeOperator(realtime.app);
    const closedIds: number[] = [];
    for (const outcome of ['falsa_alarma', 'derivado_carabineros']) {
      const owner = await userWithPhone(realtime.app);
      const event = await sosEvent(owner, carla);
      expect((await claim(carla, event.id)).statusCode).toBe(200);
      expect((await close(carla, event.id, { outcome, level: 3, note: '' })).statusCode).toBe(200);
      closedIds.push(event.id);
    }
    const answer = await realtime.app.post('/api/operator/central/history', { limit: 2 }, carla.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const { events, total } = answer.json() as { events: CentralEvent[]; total: number };
    expect(total).toBeGreaterThanOrEqual(2);
    expect(events.map((event) => event.id)).toEqual([closedIds[1], closedIds[0]]);
    expect(events[0]).toMatchObject({ outcome: 'derivado_carabineros', level: 3, close_note: null });
    const past = await realtime.app.post('/api/operator/central/history', { page: 100_000 }, carla.token);
    expect(past.json()).toMatchObject({ events: [] });
  });
});

describe('a supervisor', () => {
  it('gives an open or taken event to another operator; an operator who is not one cannot', async () => {
    const ana = await userWithPhone(realtime.app);
    const marta = await makeOperator(realtime.app, { name: 'Marta Jefa', isSupervisor: true });
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const diego = await makeOperator(realtime.app, { name: 'Diego Rojas' });
    const event = await sosEvent(ana, carla);

    const refused = await assign(carla, event.id, diego);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Solo un supervisor puede asignar eventos a otro operador.',
    });
    expect((await eventsOf(carla, ana))[0]).toMatchObject({ status: 'open' });

    const diegoScreen = await panel(diego);
    const toDiego = diegoScreen.next<{ event: CentralEvent }>(
      'centralEvent',
      (p) => p.event.id === event.id && p.event.claimed_by?.id === diego.userId,
    );
    expect((await assign(marta, event.id, diego)).json()).toMatchObject({
      status: 'claimed',
      event: { claimed_by: { id: diego.userId, name: 'Diego Rojas' } },
    });
    await toDiego;
    // from one holder to another
    expect((await assign(marta, event.id, carla)).json()).toMatchObject({
      event: { claimed_by: { id: carla.userId } },
    });
    expect((await release(diego, event.id)).json()).toMatchObject({ code: 'ALREADY_CLAIMED' });

    const queue = (await realtime.app.post('/api/operator/central/queue', {}, marta.token)).json() as {
      operator: { is_supervisor: boolean };
    };
    expect(queue.operator).toMatchObject({ id: marta.userId, is_supervisor: true });
    const listed = await realtime.app.post('/api/operator/central/operators', {}, carla.token);
    const operators = (listed.json() as { operators: { id: number; holding: number }[] }).operators;
    expect(operators.find((o) => o.id === carla.userId)).toMatchObject({ holding: 1 });
    expect(operators.find((o) => o.id === diego.userId)).toMatchObject({ holding: 0 });
  });

  it('cannot give a closed or unknown event, nor to someone who is not an active operator', async () => {
    const ana = await userWithPhone(realtime.app);
    const marta = await makeOperator(realtime.app, { isSupervisor: true });
    const event = await sosEvent(ana, marta);
    const customer = { userId: ana.userId } as Operator;
    expect((await assign(marta, event.id, customer)).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No encontramos a ese operador, o está deshabilitado.',
    });
    expect((await eventsOf(marta, ana))[0]).toMatchObject({ status: 'open' });
    expect((await assign(marta, 2_000_000_000, marta)).statusCode).toBe(404);
    expect((await assign(marta, event.id, marta)).statusCode).toBe(200);
    expect((await close(marta, event.id)).statusCode).toBe(200);
    expect((await assign(marta, event.id, marta)).json()).toMatchObject({ code: 'CENTRAL_EVENT_CLOSED' });
  });
});
