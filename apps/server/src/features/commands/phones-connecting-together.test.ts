/**
 * Decision 059: phones that connect in the same moment (a server process died and its phones came to
 * this one) are read in one batch; each must still get its own `resume` and its own orders, in order.
 */
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { setLostMode, useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';
import { devices } from '../devices/devices.schema.ts';

const realtime = useRealtimeApp();

type Resume = { lost: { report_every_s: number } | null; tracking: unknown };
type PhoneCommand = { id: number; type: string; pin?: string };

const lock = async (owner: Awaited<ReturnType<typeof userWithPhone>>, pin: string) => {
  const response = await realtime.app.post(
    '/api/app/lostphone/blockMyPhoneNotification',
    { device_id: owner.deviceId, pin },
    owner.token,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { command: { id: number } }).command.id;
};

describe('phones connecting together', () => {
  it('each gets its own resume and its own waiting orders, and each is marked seen', async () => {
    const ana = await userWithPhone(realtime.app);
    const beto = await userWithPhone(realtime.app);
    const carla = await userWithPhone(realtime.app);
    await setLostMode(realtime.app, ana, true);
    const anasLock = await lock(ana, '1111');
    const betosLock = await lock(beto, '2222');
    const anaPanel = await realtime.panel(ana);
    const anaOnline = anaPanel.next('presence', (p: { online: boolean }) => p.online);

    // the test clock moves on: a last connection stored from now on is later than any before
    realtime.app.clock.advance(60_000);
    const connectedFrom = realtime.app.clock.now.getTime();
    const [anaPhone, betoPhone, carlaPhone] = await Promise.all([ana, beto, carla].map(realtime.phone));
    const [anaResume, betoResume, carlaResume] = await Promise.all(
      [anaPhone, betoPhone, carlaPhone].map(async (phone) => (await phone!.gathered<Resume>('resume', 1))[0]),
    );
    expect(anaResume!.lost).toEqual({ report_every_s: expect.any(Number) });
    expect(betoResume).toEqual({ lost: null, tracking: null });
    expect(carlaResume).toEqual({ lost: null, tracking: null });

    expect(await anaPhone!.gathered<PhoneCommand>('command', 1)).toMatchObject([
      { id: anasLock, type: 'lock', pin: '1111' },
    ]);
    expect(await betoPhone!.gathered<PhoneCommand>('command', 1)).toMatchObject([
      { id: betosLock, type: 'lock', pin: '2222' },
    ]);
    // resume came before the orders
    const types = anaPhone!.received.map((m) => m.type).filter((t) => t === 'resume' || t === 'command');
    expect(types).toEqual(['resume', 'command']);
    await wait(300);
    expect(carlaPhone!.received.filter((m) => m.type === 'command')).toEqual([]);
    expect(betoPhone!.received.filter((m) => m.type === 'command')).toHaveLength(1);

    await anaOnline;
    // their last connection is this one, stored in the batch's own UPDATE
    const lastSeen = async () =>
      (
        await realtime.app.ctx.db
          .select({ lastSeenAt: devices.lastSeenAt })
          .from(devices)
          .where(inArray(devices.id, [ana.internalId, beto.internalId, carla.internalId]))
      ).map((row) => (row.lastSeenAt?.getTime() ?? 0) >= connectedFrom);
    await expect.poll(lastSeen).toEqual([true, true, true]);
  });
});
