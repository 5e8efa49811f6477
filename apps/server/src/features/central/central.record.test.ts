/**
 * The central's record (central.record.ts, decision 063): every step of an event is an entry that
 * carries the SHA-256 of the one before, in one order however many requests race; `central verify`
 * finds a changed, removed or inserted entry and names it.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { CentralEvent } from '@escudo/contract';
import { useRealtimeApp, userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { centralCalls } from '../../../test/central.ts';
import { AdminUsageError, runAdminCommand } from '../../app/admin/admin-commands.ts';
import { centralLog } from './central.schema.ts';
import { GENESIS_HASH, verifyCentralRecord } from './central.record.ts';

const realtime = useRealtimeApp();
const post = (path: string, body: object, token: string) => realtime.app.post(path, body, token);
const central = (call: string, body: object, operator: { token: string }) =>
  post(`/api/operator/central/${call}`, body, operator.token);

/** the customer's phone sends an SOS: its event, once in the queue (test/central.ts) */
const sosEvent = (
  owner: Awaited<ReturnType<typeof userWithPhone>>,
  operator: Awaited<ReturnType<typeof makeOperator>>,
) => centralCalls(realtime.app).sos(owner, operator);
const stepsOf = (eventId: number) =>
  realtime.app.ctx.db
    .select()
    .from(centralLog)
    .where(eq(centralLog.eventId, eventId))
    .orderBy(asc(centralLog.id));

describe("the central's record", () => {
  it('keeps every step of an event, by whom, each entry following from the one before', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    const marta = await makeOperator(realtime.app, { isSupervisor: true });
    const event = await sosEvent(ana, carla);
    expect((await central('claim', { event_id: event.id }, carla)).statusCode).toBe(200);
    expect((await central('event', { event_id: event.id }, carla)).statusCode).toBe(200);
    const opened = await central('atencion', { event_id: event.id }, carla);
    const atencionId = (opened.json() as { atencion: { id: number } }).atencion.id;
    const noted = await post(
      '/api/operator/atenciones/note',
      { atencion_id: atencionId, title: 'Llamada', description: 'Está a salvo.' },
      carla.token,
    );
    expect(noted.statusCode, noted.body).toBeLessThan(300);
    // the note's step arrives through its durable event
    await expect
      .poll(async () => (await stepsOf(event.id)).some((step) => step.action === 'note'))
      .toBe(true);
    expect((await central('release', { event_id: event.id }, carla)).statusCode).toBe(200);
    expect(
      (await central('assign', { event_id: event.id, operator_id: carla.userId }, marta)).statusCode,
    ).toBe(200);
    const closed = await central(
      'close',
      { event_id: event.id, outcome: 'cliente_a_salvo', level: 2, note: '' },
      carla,
    );
    expect(closed.statusCode, closed.body).toBe(200);

    const steps = await stepsOf(event.id);
    expect(steps.map((step) => [step.action, step.actorId])).toEqual([
      ['raised', null],
      ['claimed', carla.userId],
      ['viewed', carla.userId],
      ['atencion', carla.userId],
      ['note', carla.userId],
      ['released', carla.userId],
      ['assigned', marta.userId],
      ['closed', carla.userId],
    ]);
    expect(JSON.parse(steps.at(-1)!.body)).toMatchObject({
      detail: { outcome: 'cliente_a_salvo', level: 2 },
    });
    expect(JSON.parse(steps[6]!.body)).toMatchObject({ detail: { to: carla.userId } });
    // the whole record, every event's, is one chain
    const all = await realtime.app.ctx.db.select().from(centralLog).orderBy(asc(centralLog.id));
    expect(all[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < all.length; i += 1) expect(all[i]!.prevHash).toBe(all[i - 1]!.hash);
    expect(await verifyCentralRecord(realtime.app.ctx.db)).toEqual({ isIntact: true, entries: all.length });
  });

  it('stays one chain when many steps race, and a second delivery of a note adds nothing', async () => {
    const owners = await Promise.all([0, 1, 2].map(() => userWithPhone(realtime.app)));
    const operators = await Promise.all([0, 1, 2, 3].map(() => makeOperator(realtime.app)));
    const events = await Promise.all(owners.map((owner) => sosEvent(owner, operators[0]!)));
    await Promise.all(
      events.flatMap((event) =>
        operators.map((operator) => central('claim', { event_id: event.id }, operator)),
      ),
    );
    expect(await verifyCentralRecord(realtime.app.ctx.db)).toMatchObject({ isIntact: true });
    // one claim per event got through, and only it was recorded
    for (const event of events) {
      expect((await stepsOf(event.id)).map((step) => step.action)).toEqual(['raised', 'claimed']);
    }

    const [handler] = realtime.app.ctx.events.subscribersOf('atencionWorked');
    const first = events[0]!;
    const { events: queue } = (await central('queue', {}, operators[0]!)).json() as {
      events: CentralEvent[];
    };
    const winner = queue.find((event) => event.id === first.id)!.claimed_by!.id;
    const owner = operators.find((operator) => operator.userId === winner)!;
    const opened = await central('atencion', { event_id: first.id }, owner);
    const atencionId = (opened.json() as { atencion: { id: number } }).atencion.id;
    const work = {
      atencionId,
      operatorId: owner.userId,
      what: 'note' as const,
      itemId: 999_999,
      at: new Date().toISOString(),
    };
    await handler!.handler(work, undefined);
    await handler!.handler(work, undefined);
    expect((await stepsOf(first.id)).filter((step) => step.action === 'note')).toHaveLength(1);
  });

  it('`central verify` names the first entry changed, removed or inserted, and fails', async () => {
    const ana = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    const event = await sosEvent(ana, carla);
    expect((await central('claim', { event_id: event.id }, carla)).statusCode).toBe(200);
    expect((await central('release', { event_id: event.id }, carla)).statusCode).toBe(200);
    const admin = (...argv: string[]) => runAdminCommand(realtime.app.ctx, argv);
    expect((await admin('central', 'verify'))[0]).toMatch(/^Registro de la central íntegro: \d+ entradas\.$/);

    const [raised, claimed] = await stepsOf(event.id);
    const db = realtime.app.ctx.db;
    // a changed detail: the entry's own hash no longer matches
    await db
      .update(centralLog)
      .set({ body: claimed!.body.replace('"claimed"', '"released"') })
      .where(eq(centralLog.id, claimed!.id));
    // counted before the call: an await inside the expectation would leave the refusal unheard a moment
    const checked = await countUpTo(claimed!.id);
    await expect(admin('central', 'verify')).rejects.toThrow(
      new AdminUsageError(
        `Registro de la central roto en la entrada ${claimed!.id}: su contenido fue cambiado. Entradas revisadas: ${checked}.`,
      ),
    );
    await db.update(centralLog).set({ body: claimed!.body }).where(eq(centralLog.id, claimed!.id));
    // a column changed without its body
    await db.update(centralLog).set({ actorId: 1 }).where(eq(centralLog.id, claimed!.id));
    expect(await verifyCentralRecord(db)).toMatchObject({
      isIntact: false,
      brokenAt: claimed!.id,
      reason: 'sus columnas no dicen lo mismo que su contenido',
    });
    await db.update(centralLog).set({ actorId: claimed!.actorId }).where(eq(centralLog.id, claimed!.id));
    expect(await verifyCentralRecord(db)).toMatchObject({ isIntact: true });
    // an entry removed: the next no longer follows
    await db.delete(centralLog).where(eq(centralLog.id, raised!.id));
    expect(await verifyCentralRecord(db)).toMatchObject({
      isIntact: false,
      brokenAt: claimed!.id,
      reason: 'no sigue a la entrada anterior (falta, sobra o se movió una)',
    });
  });
});

/** how many entries the record has up to and including `id` */
async function countUpTo(id: number): Promise<number> {
  const all = await realtime.app.ctx.db.select({ id: centralLog.id }).from(centralLog);
  return all.filter((row) => row.id <= id).length;
}
