import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAP_CENTER } from '@escudo/contract';
import { createLostReports, type LostReports } from './lost-reports.ts';
import { createPhoneLog } from './output.ts';
import { distanceM } from './locations.ts';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

// a stand-in for the server's report endpoint, answering each of a test's requests as its script says
const requests: {
  at: number;
  headers: IncomingMessage['headers'];
  body: { lat: number; lng: number; image: string };
}[] = [];
let script: (n: number) => Answer | null = () => null;
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    requests.push({ at: Date.now(), headers: request.headers, body: JSON.parse(text) });
    const answer = script(mine().length) ?? { status: 201 };
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    if (answer.status !== 201) return response.end(JSON.stringify(answer.body));
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

// each test has a token of its own: a report of the previous test still on its way is not counted
let testNo = 0;
let lines: string[] = [];
let reports: LostReports | null = null;
afterEach(() => {
  reports?.stop();
  reports = null;
  script = () => null;
});

function start(intervalS: number): LostReports {
  testNo += 1;
  const own: string[] = [];
  lines = own;
  reports = createLostReports({
    server: url,
    deviceToken: () => `device-token-${testNo}`,
    deviceName: 'Teléfono de Ana',
    log: createPhoneLog('sim-test', (line) => own.push(line)),
  });
  reports.start(intervalS);
  return reports;
}
const mine = () => requests.filter((r) => r.headers.authorization === `Bearer device-token-${testNo}`);
const texts = () => lines.map((line) => line.split(' · ')[1]);
const untilRequests = async (count: number) => {
  for (let i = 0; i < 120 && mine().length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
  return mine();
};
/** the phone logs a report's outcome once the answer is back, a moment after the server saw it */
const untilLines = async (count: number) => {
  for (let i = 0; i < 120 && lines.length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
  return texts();
};

describe('lost-mode reports', () => {
  it('send one at once, keep a failed one for the next tick, and send again on schedule', async () => {
    // busy once, then accepting
    script = (n) =>
      n === 1 ? { status: 503, body: { code: 'SERVER_BUSY', message: 'El servidor está ocupado.' } } : null;
    const reports = start(1);
    expect(reports.isOn).toBe(true);
    // tick 1 (busy: kept), tick 2 (the kept one, then a new one)
    await untilLines(3);
    reports.stop();
    expect(reports.isOn).toBe(false);

    // on a loaded machine a later tick may have sent a fourth by now: the first three tell the story
    const requests = mine().slice(0, 3);
    expect(requests).toHaveLength(3);
    expect(requests[0]!.headers.authorization).toBe(`Bearer device-token-${testNo}`);
    // the retry is the very report that failed
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(requests[2]!.body.image).not.toBe(requests[0]!.body.image);
    for (const { body } of requests) {
      expect(distanceM(MAP_CENTER, body)).toBeLessThan(3_100);
      expect([...Buffer.from(body.image, 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const [failed, ...sent] = texts();
    expect(failed).toBe('report failed: El servidor está ocupado. (retrying at the next report)');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const line of sent) expect(line).toMatch(/^report sent \(-33\.\d+, -70\.\d+, \d+ bytes\)$/);
  });

  it('sends nothing before the Retry-After of a 429, then the newest report kept', async () => {
    script = (n) =>
      n === 1
        ? {
            status: 429,
            headers: { 'retry-after': '2' },
            body: { code: 'RATE_LIMITED', message: 'Demasiados reportes de modo pérdida.' },
          }
        : null;
    start(1);
    const requests = await untilRequests(2);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    // the tick in between sent nothing: the server's pause was honoured
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1_900);
    // what goes then is a newer report, not the one refused
    expect(requests[1]!.body.image).not.toBe(requests[0]!.body.image);
    const logged = await untilLines(2);
    expect(logged[0]).toBe('report refused: Demasiados reportes de modo pérdida. (retrying in 2 s)');
    expect(logged[1]).toMatch(/^report sent /);
  });

  it('drops a report refused because lost mode is off on the server, and goes on with the next', async () => {
    script = (n) =>
      n === 1
        ? { status: 409, body: { code: 'LOST_MODE_OFF', message: 'El modo pérdida no está activado.' } }
        : null;
    start(1);
    const requests = await untilRequests(2);
    expect(requests[1]!.body.image).not.toBe(requests[0]!.body.image);
    const logged = await untilLines(2);
    expect(logged[0]).toBe('report refused: El modo pérdida no está activado. (dropped)');
    expect(logged[1]).toMatch(/^report sent /);
  });
});
