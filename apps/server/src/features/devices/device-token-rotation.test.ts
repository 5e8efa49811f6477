/**
 * docs/device-protocol.md section 1: when a phone registers again its token is rotated, and whatever was
 * connected with the old one is cut off: it hears no more commands (a lock carries its PIN) and cannot
 * answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { connect, listen, userWithPhone, type TestSocket } from '../../../test/sockets.ts';

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => app.close());

async function phone(token: string) {
  const socket = await connect(`${url}/device`, token);
  sockets.push(socket);
  return socket;
}

const reRegister = (owner: { token: string; deviceId: string }) =>
  app.post(
    '/api/device/register',
    {
      device_id: owner.deviceId,
      device_brand: 'Samsung',
      device_name: 'Teléfono de prueba',
      device_model: 'Galaxy A54',
      device_so: 'android',
      device_soversion: 14,
    },
    owner.token,
  );

describe('a rotated device token', () => {
  it('ends the sockets opened with the old one: no more commands, no answers', async () => {
    const owner = await userWithPhone(app);
    const old = await phone(owner.deviceToken);
    const closed = new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('still connected after 3 s'), 3000);
      old.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

    const registered = await reRegister(owner);
    expect(registered.statusCode).toBe(200);
    const newToken = registered.json().device_token as string;
    expect(newToken).not.toBe(owner.deviceToken);
    expect(await closed).toBe('io server disconnect');

    // the old token can no longer connect; the new one can, and it alone gets the lock and its PIN
    await expect(connect(`${url}/device`, owner.deviceToken)).rejects.toMatchObject({
      message: expect.stringMatching(/sesión no es válida/),
    });
    const current = await phone(newToken);
    const command = current.next<{ type: string; pin: string }>('command', (c) => c.type === 'lock');
    const lock = await app.post(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: owner.deviceId, pin: '4321' },
      owner.token,
    );
    expect(lock.statusCode).toBe(200);
    expect((await command).pin).toBe('4321');
    expect(old.received.filter((message) => message.type === 'command')).toHaveLength(0);
  });

  it('a connection racing the rotation is either cut off or refused, never left with the old token', async () => {
    const owner = await userWithPhone(app);
    // connect with the old token and re-register a little later each round: from "at the same time"
    // to "well after the connection is up"
    for (let round = 0; round < 8; round += 1) {
      const attempt = connect(`${url}/device`, owner.deviceToken).then(
        (socket) => {
          sockets.push(socket);
          return socket;
        },
        () => null,
      );
      await new Promise((resolve) => setTimeout(resolve, round * 15));
      const registered = await reRegister(owner);
      const socket = await attempt;
      owner.deviceToken = registered.json().device_token as string;
      if (socket) {
        // it got in before the rotation: it must be disconnected by it
        const cutOff = await new Promise<boolean>((resolve) => {
          if (socket.disconnected) return resolve(true);
          const timer = setTimeout(() => resolve(false), 3000);
          socket.once('disconnect', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        expect(cutOff, `round ${round}: a socket with the old token stayed connected`).toBe(true);
      }
    }
    // whatever happened, only a socket with the current token is connected now
    const current = await phone(owner.deviceToken);
    expect(current.connected).toBe(true);
  });
});
