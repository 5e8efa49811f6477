import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, errorStatus, type ErrorCode } from '@escudo/contract';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await createListeningTestApp();
  port = (app.app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

/** What a normal answer carries (app.test.ts): every refusal below must carry it too. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as raw bytes on a new connection and reads the answer until the server closes it. */
function sendRaw(request: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** a request as a client sends it: with Connection: close, so that the server ends the socket */
const rawRequest = (method: string, path: string, headers = '', body = '') =>
  `${method} ${path} HTTP/1.1\r\nHost: escudo.test\r\nConnection: close\r\n${headers}` +
  (body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '') +
  `\r\n${body}`;

function expectApiRefusal(answer: Answer, code: ErrorCode) {
  expect(answer.status, answer.body).toBe(errorStatus[code]);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  // exactly the API's shape, in Spanish, and nothing of the error behind it
  expect(JSON.parse(answer.body)).toEqual({ code, message: errorMessages[code] });
  expect(answer.body).not.toMatch(/FST_|HPE_|Error|stack|\bat /);
  for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeDefined();
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('refusals before a route answer like the API, with the security headers', () => {
  it('a normal answer has the headers the refusals are compared with', async () => {
    const answer = await sendRaw(rawRequest('GET', '/api/config'));
    expect(answer.status).toBe(200);
    for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeDefined();
  });

  it('a URL longer than the parser reads: 414', async () => {
    const answer = await sendRaw(rawRequest('GET', `/api/config?q=${'a'.repeat(20_000)}`));
    expectApiRefusal(answer, 'URL_TOO_LONG');
  });

  it('a path segment longer than the router reads: 414', async () => {
    expectApiRefusal(
      await sendRaw(rawRequest('GET', `/api/public/alerts/${'a'.repeat(500)}`)),
      'URL_TOO_LONG',
    );
  });

  it('headers larger than the parser reads: 431', async () => {
    const answer = await sendRaw(rawRequest('GET', '/api/config', `X-Big: ${'b'.repeat(20_000)}\r\n`));
    expectApiRefusal(answer, 'HEADERS_TOO_LARGE');
  });

  it('malformed percent-encoding in the path: 400', async () => {
    expectApiRefusal(await sendRaw(rawRequest('GET', '/api/public/alerts/%E0%A4%A')), 'VALIDATION');
    expectApiRefusal(await sendRaw(rawRequest('POST', '/api/auth/%E0%A4%A', '', '{}')), 'VALIDATION');
  });

  it('a method Node does not know: 405; a known one on no route: 404', async () => {
    expectApiRefusal(await sendRaw(rawRequest('FOO', '/api/config')), 'METHOD_NOT_ALLOWED');
    expectApiRefusal(await sendRaw(rawRequest('DELETE', '/api/auth/login')), 'ROUTE_NOT_FOUND');
    expectApiRefusal(await sendRaw(rawRequest('PUT', '/api/no/existe')), 'ROUTE_NOT_FOUND');
  });

  it('a request the parser cannot read: 400', async () => {
    expectApiRefusal(await sendRaw('GET /api/config HTTP/9.9\r\nHost: a\r\n\r\n'), 'VALIDATION');
    expectApiRefusal(await sendRaw('GET /api/config HTTP/1.1\r\nHost a\r\n\r\n'), 'VALIDATION');
    // a word where the method goes is a method Node does not know
    expectApiRefusal(await sendRaw('GARBAGE\r\n\r\n'), 'METHOD_NOT_ALLOWED');
  });

  it('bad JSON 400, a body too large 413, a body of a type no route reads 415', async () => {
    const json = 'Content-Type: application/json\r\n';
    expectApiRefusal(
      await sendRaw(rawRequest('POST', '/api/auth/login', json, '{"email":')),
      'MALFORMED_JSON',
    );
    const large = JSON.stringify({ email: 'a@b.cl', password: 'x'.repeat(1_100_000) });
    expectApiRefusal(await sendRaw(rawRequest('POST', '/api/auth/login', json, large)), 'PAYLOAD_TOO_LARGE');
    const xml = 'Content-Type: application/xml\r\n';
    expectApiRefusal(
      await sendRaw(rawRequest('POST', '/api/auth/login', xml, '<email>a</email>')),
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});
