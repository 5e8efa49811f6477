/**
 * Escalation (central.escalation.ts): an event nobody took for a minute is e-mailed to every active
 * supervisor, once each; an event its holder left untouched for five minutes goes back to the queue,
 * as a step of the record, and every operator's screen hears it.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { CentralEvent } from '@escudo/contract';
import { useRealtimeApp, userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { centralCalls } from '../../../test/central.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { users } from '../accounts/accounts.schema.ts';
import { centralLog } from './central.schema.ts';
import {
  CENTRAL_EMAIL_SUPERVISORS_AFTER_MS,
  CENTRAL_RETURN_UNTOUCHED_AFTER_MS,
  emailSupervisorsOfUnclaimed,
  returnUntouchedEvents,
} from './central.escalation.ts';

const realtime = useRealtimeApp();
const { panel } = realtime;
const post = (path: string, body: object, token: string) => realtime.app.post(path, body, token);
const central = (call: string, body: object, operator: { token: string }) =>
  post(`/api/operator/central/${call}`, body, operator.token);

/** the customer's phone sends an SOS: its event, once in the queue (test/central.ts) */
const sosEvent = (
  owner: Awaited<ReturnType<typeof userWithPhone>>,
  operator: Awaited<ReturnType<typeof makeOperator>>,
) => centralCalls(realtime.app).sos(owner, operator);
const subjectsTo = async (email: string) => (await mailsTo(realtime.app, email)).map((mail) => mail.subject);

describe('escalation', () => {
  it('e-mails every active supervisor, once, about an event nobody took for a minute', async () => {
    const ana = await userWithPhone(realtime.app);
    const beto = await userWithPhone(realtime.app);
    const marta = await makeOperator(realtime.app, { isSupervisor: true });
    const luis = await makeOperator(realtime.app, { isSupervisor: true });
    const gone = await makeOperator(realtime.app, { isSupervisor: true });
    await realtime.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.userId));
    const carla = await makeOperator(realtime.app);
    const waiting = await sosEvent(ana, carla);
    const taken = await sosEvent(beto, carla);
    expect((await central('claim', { event_id: taken.id }, carla)).statusCode).toBe(200);

    realtime.app.clock.advance(CENTRAL_EMAIL_SUPERVISORS_AFTER_MS - 2_000);
    await emailSupervisorsOfUnclaimed(realtime.app.ctx);
    expect(await subjectsTo(marta.email)).toEqual([]);

    realtime.app.clock.advance(3_000);
    await emailSupervisorsOfUnclaimed(realtime.app.ctx);
    await emailSupervisorsOfUnclaimed(realtime.app.ctx);
    const expected = `Central: Alerta SOS #${waiting.id} sin tomar hace 61 s`;
    expect(await subjectsTo(marta.email)).toEqual([expected]);
    expect(await subjectsTo(luis.email)).toEqual([expected]);
    // nor a disabled supervisor, nor an operator who is not one; nothing about the event that was taken
    expect(await subjectsTo(gone.email)).toEqual([]);
    expect(await subjectsTo(carla.email)).toEqual([]);
    const [mail] = await mailsTo(realtime.app, marta.email);
    expect(mail!.text).toContain('ningún operador lo ha tomado');
    expect(mail!.text).toContain(`${realtime.app.ctx.env.PUBLIC_URL}/operador`);
  });

  it('gives back an event its holder left untouched for five minutes; a step of the holder keeps it', async () => {
    const ana = await userWithPhone(realtime.app);
    const beto = await userWithPhone(realtime.app);
    const carla = await makeOperator(realtime.app);
    const diego = await makeOperator(realtime.app);
    const forgotten = await sosEvent(ana, carla);
    const worked = await sosEvent(beto, carla);
    expect((await central('claim', { event_id: forgotten.id }, carla)).statusCode).toBe(200);
    expect((await central('claim', { event_id: worked.id }, carla)).statusCode).toBe(200);

    realtime.app.clock.advance(CENTRAL_RETURN_UNTOUCHED_AFTER_MS - 60_000);
    // Carla looks at one of them: a step of hers
    expect((await central('event', { event_id: worked.id }, carla)).statusCode).toBe(200);
    realtime.app.clock.advance(60_000 + 1_000);
    const diegoScreen = await panel(diego);
    const heard = diegoScreen.next<{ event: CentralEvent }>(
      'centralEvent',
      (p) => p.event.id === forgotten.id && p.event.status === 'open',
    );
    await returnUntouchedEvents(realtime.app.ctx);

    expect((await heard).event.claimed_by).toBeNull();
    const { events } = (await central('queue', {}, diego)).json() as { events: CentralEvent[] };
    expect(events.find((event) => event.id === forgotten.id)).toMatchObject({ status: 'open' });
    expect(events.find((event) => event.id === worked.id)).toMatchObject({
      status: 'claimed',
      claimed_by: { id: carla.userId },
    });
    const steps = await realtime.app.ctx.db
      .select()
      .from(centralLog)
      .where(eq(centralLog.eventId, forgotten.id))
      .orderBy(asc(centralLog.id));
    expect(steps.map((step) => [step.action, step.actorId])).toEqual([
      ['raised', null],
      ['claimed', carla.userId],
      ['returned', null],
    ]);
    expect(JSON.parse(steps[2]!.body)).toMatchObject({ detail: { from: carla.userId } });
    // and it can be taken again at once
    expect((await central('claim', { event_id: forgotten.id }, diego)).statusCode).toBe(200);
  });
});
