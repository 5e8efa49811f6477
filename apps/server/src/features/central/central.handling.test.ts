/**
 * Handling an event (central.handling.ts, decision 062): the one screen's data is its holder's (or a
 * supervisor's) alone, every read and step is in the customer's activity, and the atención opened
 * for it is opened once and keeps the SOS's positions past their retention.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActivityEntry, CentralEventDetail } from '@escudo/contract';
import { useRealtimeApp, userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { centralCalls } from '../../../test/central.ts';
import { signUpUser } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { alertPositions, alerts } from '../alerts/alerts.schema.ts';
import { ALERT_POSITIONS_KEPT_AFTER_END_MS, deleteOldAlertPositions } from '../alerts/alerts.jobs.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { trackingPoints } from '../tracking/tracking.schema.ts';

const realtime = useRealtimeApp();
const post = (path: string, body: object, token: string) => realtime.app.post(path, body, token);

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type Operator = Awaited<ReturnType<typeof makeOperator>>;

/** the customer's phone sends an SOS: its event, once in the queue (test/central.ts) */
const sosEvent = (owner: Owner, operator: Operator) => centralCalls(realtime.app).sos(owner, operator);
const claim = (operator: Operator, eventId: number) =>
  post('/api/operator/central/claim', { event_id: eventId }, operator.token);
const detail = (operator: Operator, eventId: number) =>
  post('/api/operator/central/event', { event_id: eventId }, operator.token);
const openAtencion = (operator: Operator, eventId: number) =>
  post('/api/operator/central/atencion', { event_id: eventId }, operator.token);

async function centralActivityOf(owner: Owner) {
  const answer = await post('/api/app/account/activity', { limit: 100, page: 1 }, owner.token);
  return (answer.json() as { activity: ActivityEntry[] }).activity
    .filter((entry) => entry.kind.startsWith('central_'))
    .map((entry) => [entry.kind, entry.detail, entry.address, entry.browser]);
}

describe('the event, to handle it', () => {
  it('shows its holder the customer, the phone, the positions, the network with their numbers and the atenciones; each look is recorded', async () => {
    const ana = await userWithPhone(realtime.app, { name: 'Ana Pérez' });
    await realtime.app.ctx.db.update(users).set({ telefono: '56911112222' }).where(eq(users.id, ana.userId));
    const bea = await signUpUser(realtime.app, { name: 'Bea Pérez' });
    const [beaRow] = await realtime.app.ctx.db
      .update(users)
      .set({ telefono: '56933334444' })
      .where(eq(users.email, bea.email))
      .returning({ id: users.id });
    await realtime.app.ctx.db.insert(securityNetworkMembers).values({
      ownerUserId: ana.userId,
      memberUserId: beaRow!.id,
      name: 'Bea',
      email: bea.email,
      phone: '56933334444',
      status: 'aceptada',
      codeHash: `code-${Math.random()}`,
      codeExpiresAt: new Date(realtime.app.clock.now.getTime() + 86_400_000),
    });
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const event = await sosEvent(ana, carla);
    expect((await claim(carla, event.id)).statusCode).toBe(200);

    const answer = await detail(carla, event.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const read = answer.json() as CentralEventDetail;
    expect(read).toMatchObject({
      event: { id: event.id, status: 'claimed' },
      customer: { id: ana.userId, name: 'Ana Pérez', telefono: '56911112222' },
      device: {
        device_id: ana.deviceId,
        device_brand: 'Samsung',
        device_model: 'Galaxy A54',
        is_lost: false,
      },
      positions: [{ lat: -33.45, lng: -70.66 }],
      network: [{ name: 'Bea Pérez', email: bea.email, telefono: '56933334444' }],
      atenciones: [],
      atencion_id: null,
    });
    expect(await centralActivityOf(ana)).toEqual([
      ['central_viewed', 'Carla Soto · Alerta SOS', null, null],
      ['central_claimed', 'Carla Soto · Alerta SOS', null, null],
    ]);
  });

  it("is nobody else's: refused while open, to another operator and to a customer; a supervisor may read it", async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app, { name: 'Carla Soto' });
    const diego = await makeOperator(realtime.app);
    const marta = await makeOperator(realtime.app, { name: 'Marta Jefa', isSupervisor: true });
    const event = await sosEvent(ana, carla);

    expect((await detail(carla, event.id)).json()).toMatchObject({ code: 'CENTRAL_EVENT_NOT_CLAIMED' });
    expect((await claim(carla, event.id)).statusCode).toBe(200);
    expect((await detail(diego, event.id)).json()).toMatchObject({
      code: 'ALREADY_CLAIMED',
      message: 'Carla Soto ya tomó este evento.',
    });
    expect((await post('/api/operator/central/event', { event_id: event.id }, ana.token)).statusCode).toBe(
      403,
    );
    expect((await detail(carla, 2_000_000_000)).statusCode).toBe(404);
    expect((await detail(marta, event.id)).statusCode).toBe(200);
    // only the holder opens its atención
    expect((await openAtencion(marta, event.id)).json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    // none of the refusals was a look
    expect((await centralActivityOf(ana)).map(([kind, detail]) => [kind, detail])).toEqual([
      ['central_viewed', 'Marta Jefa · Alerta SOS'],
      ['central_claimed', 'Carla Soto · Alerta SOS'],
    ]);
  });
});

describe("the phone's route", () => {
  it('is on the screen while tracking is on, its points oldest first; null while off', async () => {
    const ana = await userWithPhone(realtime.app, { planId: 2 });
    const carla = await makeOperator(realtime.app);
    const event = await sosEvent(ana, carla);
    expect((await claim(carla, event.id)).statusCode).toBe(200);
    expect((await detail(carla, event.id)).json()).toMatchObject({ route: null });

    const on = await post(
      '/api/app/tracking/changeTrackingStatus',
      { device_id: ana.deviceId, trackingStatus: 1 },
      ana.token,
    );
    expect(on.statusCode, on.body).toBe(200);
    const trackingId = (on.json() as { tracking: { id: number } }).tracking.id;
    const at = (s: number) => new Date(realtime.app.clock.now.getTime() + s * 1000);
    await realtime.app.ctx.db.insert(trackingPoints).values([
      { trackingId, lat: -33.44, lng: -70.65, recordedAt: at(1) },
      { trackingId, lat: -33.441, lng: -70.651, recordedAt: at(2) },
    ]);
    const read = (await detail(carla, event.id)).json() as CentralEventDetail;
    expect(read.route?.map(({ lat, lng }) => [lat, lng])).toEqual([
      [-33.44, -70.65],
      [-33.441, -70.651],
    ]);
  });
});

describe("the event's atención", () => {
  it('is opened once, even asked twice at once, linked to the event, and keeps the SOS positions past their retention', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    const event = await sosEvent(ana, carla);
    expect((await claim(carla, event.id)).statusCode).toBe(200);

    const answers = await Promise.all([openAtencion(carla, event.id), openAtencion(carla, event.id)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = answers.map((answer) => (answer.json() as { atencion: { id: number } }).atencion.id);
    expect(ids[0]).toBe(ids[1]);
    // linked to the event, and not among the customer's earlier atenciones on its screen
    expect((await detail(carla, event.id)).json()).toMatchObject({ atencion_id: ids[0], atenciones: [] });
    const mine = (await post('/api/app/atenciones/getUserAtenciones', {}, ana.token)).json() as {
      atenciones: { id: number }[];
    };
    expect(mine.atenciones.map((atencion) => atencion.id)).toEqual([ids[0]]);

    // the alert ends; past the positions' retention, the atención's are still there
    const [alert] = await realtime.app.ctx.db.select().from(alerts).where(eq(alerts.userId, ana.userId));
    expect((await post('/api/app/alertas/cerrar', { alert_id: alert!.id }, ana.token)).statusCode).toBe(200);
    realtime.app.clock.advance(ALERT_POSITIONS_KEPT_AFTER_END_MS + 60_000);
    await deleteOldAlertPositions(realtime.app.ctx);
    const kept = await realtime.app.ctx.db
      .select()
      .from(alertPositions)
      .where(eq(alertPositions.alertId, alert!.id));
    expect(kept).toHaveLength(1);
  });
});
