import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_CENTER } from '@escudo/contract';
import { createLostReports } from './lost-reports.ts';
import { createPhoneLog } from './output.ts';
import { distanceM } from './locations.ts';

// a stand-in for the server's report endpoint: busy once, then accepting
const requests: { headers: IncomingMessage['headers']; body: { lat: number; lng: number; image: string } }[] =
  [];
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    requests.push({ headers: request.headers, body: JSON.parse(text) });
    response.setHeader('content-type', 'application/json');
    if (requests.length === 1) {
      response.statusCode = 503;
      return response.end(JSON.stringify({ code: 'SERVER_BUSY', message: 'El servidor está ocupado.' }));
    }
    response.statusCode = 201;
    const { lat, lng } = requests.at(-1)!.body;
    response.end(
      JSON.stringify({
        info: {
          id: requests.length,
          position: { lat, lng },
          image: 'a.jpg',
          image_url: '/api/files/a.jpg',
          created_at: new Date().toISOString(),
        },
      }),
    );
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('lost-mode reports', () => {
  it('send one at once, keep a failed one for the next tick, and send again on schedule', async () => {
    const lines: string[] = [];
    const reports = createLostReports({
      server: url,
      deviceToken: () => 'device-token-1',
      deviceName: 'Teléfono de Ana',
      log: createPhoneLog('sim-test', (line) => lines.push(line)),
    });
    reports.start(1);
    expect(reports.isOn).toBe(true);
    // tick 1 (busy: kept), tick 2 (the kept one, then a new one)
    for (let i = 0; i < 100 && requests.length < 3; i += 1) await new Promise((r) => setTimeout(r, 50));
    reports.stop();
    expect(reports.isOn).toBe(false);

    expect(requests).toHaveLength(3);
    expect(requests[0]!.headers.authorization).toBe('Bearer device-token-1');
    // the retry is the very report that failed
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(requests[2]!.body.image).not.toBe(requests[0]!.body.image);
    for (const { body } of requests) {
      expect(distanceM(MAP_CENTER, body)).toBeLessThan(3_100);
      expect([...Buffer.from(body.image, 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const texts = lines.map((line) => line.split(' · ')[1]);
    expect(texts[0]).toBe('report failed: El servidor está ocupado. (retrying at the next report)');
    expect(texts[1]).toMatch(/^report sent \(-33\.\d+, -70\.\d+, \d+ bytes\)$/);
    expect(texts).toHaveLength(3);
  });
});
