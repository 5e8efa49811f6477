/**
 * The central's report (central.report.ts, `npm run admin -- central report`) over a small known set
 * of events, their times made with the test clock: days in Chile's time zone, the shares taken
 * within 30, 60 and 180 s, the median wait, the outcomes and what is still open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CentralEvent } from '@escudo/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { centralCalls } from '../../../test/central.ts';
import { AdminUsageError, runAdminCommand } from '../../app/admin/admin-commands.ts';
import { formatWait, readCentralReport } from './central.report.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await makeEvents();
});
afterAll(() => app.close());

const admin = (...argv: string[]) => runAdminCommand(app.ctx, argv);

/** moves the test clock forward to a time of Chile's (UTC-4 in May) */
const setChileTime = (local: string) => {
  const at = new Date(`${local}-04:00`);
  expect(at.getTime()).toBeGreaterThanOrEqual(app.clock.now.getTime());
  app.clock.now = at;
};
const wait = (seconds: number) => app.clock.advance(seconds * 1000);

/**
 * Chile's 11 May 2031 (the UTC date is the 12th already), 12 and 13 May and the first seconds of
 * the 14th (the UTC date of the last event of the 13th). Each event is a customer of its own.
 */
async function makeEvents() {
  setChileTime('2031-05-11T22:00:00');
  const central = centralCalls(app);
  const [carla, diego] = [await makeOperator(app), await makeOperator(app)];
  const marta = await makeOperator(app, { isSupervisor: true });
  // an SOS of a new customer at that time of Chile's
  const sos = async (at: string): Promise<CentralEvent> => {
    const customer = await userWithPhone(app);
    setChileTime(at);
    return central.sos(customer, carla);
  };

  // the evening before the period, though already the 12th in UTC
  const first = await sos('2031-05-11T23:59:00');
  wait(10);
  await central.claim(carla, first);
  await central.close(carla, first, 'falsa_alarma');

  const second = await sos('2031-05-12T10:00:00');
  wait(20);
  await central.claim(carla, second);
  wait(300);
  await central.close(carla, second, 'cliente_a_salvo');

  const third = await sos('2031-05-12T10:30:00');
  wait(50);
  await central.claim(diego, third);
  wait(600);
  await central.close(diego, third, 'derivado_carabineros');

  const fourth = await sos('2031-05-12T11:00:00');
  wait(120);
  await central.assign(marta, fourth, carla);

  const owner = await userWithPhone(app);
  setChileTime('2031-05-12T12:00:00');
  const phone = await central.lostPhone(owner, carla);
  wait(200);
  await central.claim(diego, phone);
  wait(3600);
  await central.close(diego, phone, 'telefono_recuperado');

  // taken and given back: not taken, as it stands
  const fifth = await sos('2031-05-13T23:59:00');
  wait(10);
  await central.claim(carla, fifth);
  await central.release(carla, fifth);

  await sos('2031-05-14T00:00:30');
}

describe('npm run admin -- central report', () => {
  it("prints each kind's figures for the events of Chile's days, --to included", async () => {
    expect(await admin('central', 'report', '--from', '2031-05-12', '--to', '2031-05-13')).toEqual([
      'Central: eventos recibidos del 12-05-2031 al 13-05-2031 (días en hora de Chile)',
      '',
      'Alerta SOS: 4 eventos',
      '  Tomados en 30 s o menos: 1 de 4 (25 %)',
      '  Tomados en 60 s o menos: 2 de 4 (50 %)',
      '  Tomados en 180 s o menos: 3 de 4 (75 %)',
      '  Mediana hasta tomarse: 50 s (de 3 tomados)',
      '  Cerrados: 2',
      '    Cliente a salvo: 1',
      '    Derivado a Carabineros: 1',
      '  Aún sin cerrar: 2 (1 sin tomar, 1 en atención)',
      '',
      'Teléfono manipulado: 0 eventos',
      '',
      'Teléfono perdido: 1 evento',
      '  Tomados en 30 s o menos: 0 de 1 (0 %)',
      '  Tomados en 60 s o menos: 0 de 1 (0 %)',
      '  Tomados en 180 s o menos: 0 de 1 (0 %)',
      '  Mediana hasta tomarse: 3 min 20 s (de 1 tomado)',
      '  Cerrados: 1',
      '    Teléfono recuperado: 1',
      '  Aún sin cerrar: 0',
      '',
      'Teléfono sin señal: 0 eventos',
    ]);
  });

  it("splits the days at Chile's midnight, not UTC's", async () => {
    const before = await readCentralReport(app.ctx, { from: '2031-05-11', to: '2031-05-11' });
    expect(before.kinds.find((k) => k.kind === 'sos')).toEqual({
      kind: 'sos',
      created: 1,
      claimedWithin: { 30: 1, 60: 1, 180: 1 },
      claimed: 1,
      medianClaimSeconds: 10,
      outcomes: [{ outcome: 'falsa_alarma', count: 1 }],
      waiting: 0,
      attending: 0,
    });
    // the 14th's first seconds alone: the 13th's last event, on the 14th in UTC, is not of this day
    expect(await admin('central', 'report', '--from', '2031-05-14', '--to', '2031-05-14')).toEqual([
      'Central: eventos recibidos del 14-05-2031 al 14-05-2031 (días en hora de Chile)',
      '',
      'Alerta SOS: 1 evento',
      '  Tomados en 30 s o menos: 0 de 1 (0 %)',
      '  Tomados en 60 s o menos: 0 de 1 (0 %)',
      '  Tomados en 180 s o menos: 0 de 1 (0 %)',
      '  Mediana hasta tomarse: ninguno fue tomado',
      '  Cerrados: 0',
      '  Aún sin cerrar: 1 (1 sin tomar, 0 en atención)',
      '',
      'Teléfono manipulado: 0 eventos',
      '',
      'Teléfono perdido: 0 eventos',
      '',
      'Teléfono sin señal: 0 eventos',
    ]);
    expect(await admin('central', 'report', '--from', '2031-05-15', '--to', '2031-06-30')).toEqual([
      'Central: eventos recibidos del 15-05-2031 al 30-06-2031 (días en hora de Chile)',
      '',
      'Alerta SOS: 0 eventos',
      '',
      'Teléfono manipulado: 0 eventos',
      '',
      'Teléfono perdido: 0 eventos',
      '',
      'Teléfono sin señal: 0 eventos',
    ]);
  });

  it('refuses a date that is not one, a period that ends before it starts, or a missing day, in Spanish', async () => {
    const refusal = async (...flags: string[]) => {
      const error = await admin('central', 'report', ...flags).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdminUsageError);
      return (error as Error).message;
    };
    const notADay = 'Debe ser una fecha real escrita AAAA-MM-DD, por ejemplo 2025-03-01.';
    expect(await refusal('--from', '2031-02-30', '--to', '2031-03-01')).toBe(
      `Opciones inválidas:\n  --from: ${notADay}`,
    );
    expect(await refusal('--from', '2031-05-01', '--to', '13-05-2031')).toBe(
      `Opciones inválidas:\n  --to: ${notADay}`,
    );
    expect(await refusal('--from', '2031-05-13', '--to', '2031-05-12')).toBe(
      'Opciones inválidas:\n  --to: El período termina antes de empezar: --to debe ser el mismo día de --from o uno posterior.',
    );
    expect(await refusal('--from', '0000-01-01', '--to', '2031-05-12')).toBe(
      'Opciones inválidas:\n  --from: La fecha debe ser del año 2000 en adelante.',
    );
    expect(await refusal('--from', '2031-05-13')).toBe(`Opciones inválidas:\n  --to: ${notADay}`);
  });
});

describe('formatWait', () => {
  it('writes seconds, minutes and hours as the central speaks of them', () => {
    expect([0, 44.6, 60, 200, 3599, 3600, 7500, 90_061].map(formatWait)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '3 min 20 s',
      '59 min 59 s',
      '1 h',
      '2 h 5 min',
      '25 h 1 min',
    ]);
  });
});
