import { afterEach, describe, expect, it } from 'vitest';
import { PANEL_NAMESPACE } from '@escudo/contract';
import { signUpUser } from '../../../test/test-app.ts';
import {
  connect,
  panelToken,
  useRealtimeApp,
  userWithPhone,
  type TestSocket,
} from '../../../test/sockets.ts';

const realtime = useRealtimeApp();
const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe('connecting', () => {
  it('gives a panel token only for its own panel id', async () => {
    const ana = await signUpUser(realtime.app);
    const wrong = await realtime.app.post(
      '/api/app/user/createFirebaseAuthToken',
      { device_id: 'panel-999999' },
      ana.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(
      (await realtime.app.post('/api/app/user/createFirebaseAuthToken', { device_id: 'panel-1' })).statusCode,
    ).toBe(401);
  });

  it('refuses sockets without a valid token, with a Spanish reason', async () => {
    const ana = await userWithPhone(realtime.app);
    for (const [namespace, token] of [
      ['/panel', 'nada'],
      ['/panel', ana.deviceToken],
      ['/device', 'nada'],
      ['/device', await panelToken(realtime.app, ana)],
      ['/device', ana.token],
    ] as const) {
      const refused = connect(`${realtime.url}${namespace}`, token);
      await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/sesión no es válida/) });
    }
  });

  it('closes a panel when its session signs out, and its token stops working', async () => {
    const ana = await signUpUser(realtime.app);
    const token = await panelToken(realtime.app, ana);
    const socket = await connect(`${realtime.url}${PANEL_NAMESPACE}`, token);
    sockets.push(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await realtime.app.post('/api/auth/logout', {}, ana.token)).statusCode).toBe(204);
    await closed;
    await expect(connect(`${realtime.url}${PANEL_NAMESPACE}`, token)).rejects.toThrow();
  });
});
