/**
 * The central across two real server processes on PostgreSQL and Redis (decision 062): an SOS raised
 * through one process reaches an operator's panel connected to the other, and of claims sent at once
 * through both processes by two operators exactly one wins. Runs in the PostgreSQL project only,
 * since PGlite is one process's.
 */
import { describe, expect, it } from 'vitest';
import { PANEL_NAMESPACE, type CentralEvent } from '@escudo/contract';
import { connect } from '../../../test/sockets.ts';
import { useSharedServers } from '../../../test/shared-servers.ts';
import { makeOperatorThrough } from '../../../test/operators.ts';
import { panelCustomToken, postTo, registerPhone, signUp } from '../../../test/http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

describe.skipIf(!isPostgresRun)('the central with two server processes', () => {
  const servers = useSharedServers(2);

  /** an operator, made one by the database as the admin command would, signed in through `url` */
  const operatorOn = async (url: string, name: string) => ({
    ...(await makeOperatorThrough(postTo(url), servers.shared.database.url, name)),
    url,
  });

  it('shows an SOS raised through one process on a panel of the other, and lets one claim of many win', async () => {
    const [a, b] = servers.urls as [string, string];
    const owner = await signUp(postTo(a), { name: 'Ana Pérez' });
    const { deviceToken } = await registerPhone(postTo(a), owner.token);
    const carla = await operatorOn(a, 'Carla Soto');
    const diego = await operatorOn(b, 'Diego Rojas');
    const diegoScreen = await connect(
      `${b}${PANEL_NAMESPACE}`,
      await panelCustomToken(postTo(b), diego.token),
    );
    servers.sockets.push(diegoScreen);
    const seen = diegoScreen.next<{ event: CentralEvent }>(
      'centralEvent',
      (p) => p.event.customer.name === 'Ana Pérez' && p.event.status === 'open',
      10_000,
    );

    const raised = await postTo(a)('/api/device/alert', { lat: -33.45, lng: -70.66 }, deviceToken);
    expect(raised.status).toBe(201);
    const { event } = await seen;
    expect(event).toMatchObject({ kind: 'sos', last_position: { lat: -33.45, lng: -70.66 } });

    // ten claims at once, each operator through their own process
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const operator = i % 2 === 0 ? carla : diego;
        return postTo(operator.url)<{ event: CentralEvent; code?: string; message?: string }>(
          '/api/operator/central/claim',
          { event_id: event.id },
          operator.token,
        );
      }),
    );
    const winners = new Set(
      claims.filter((claim) => claim.status === 200).map((claim) => claim.body.event.claimed_by!.name),
    );
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    for (const [i, claim] of claims.entries()) {
      const operator = i % 2 === 0 ? carla : diego;
      if (operator.name === winner) expect(claim.status).toBe(200);
      else
        expect(claim.body).toMatchObject({
          code: 'ALREADY_CLAIMED',
          message: `${winner} ya tomó este evento.`,
        });
    }
  });
});
