import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// A built panel in miniature: the files the build writes, with the .br and .gz copies its
// precompress plugin writes beside the text ones (apps/web/vite-plugins/precompress.ts).
const script = `export const greeting = ${JSON.stringify('hola '.repeat(800))};\n`;
const indexHtml = `<!doctype html><html lang="es"><body><div id="root"></div>${'<!-- panel -->'.repeat(100)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;

let app: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-panel-'));
  await fs.mkdir(path.join(dist, 'assets'));
  for (const [name, content] of [
    ['index.html', indexHtml],
    ['assets/index-abc123.js', script],
  ] as const) {
    const file = path.join(dist, name);
    await fs.writeFile(file, content);
    await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
  }
  app = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built panel, precompressed', () => {
  it('sends a script brotli-compressed to a browser that accepts brotli', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts gzip only', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
    }
  });

  it('serves the files of a build made while it runs, and still no file that is not there', async () => {
    // `npm run build` beside a running server: the new index.html names new hashed files
    const rebuilt = 'export const rebuilt = true;\n';
    const file = path.join(dist, 'assets/index-def456.js');
    await fs.writeFile(file, rebuilt);
    await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(rebuilt));
    const response = await get('/assets/index-def456.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(rebuilt);

    const missing = await get('/assets/index-000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  it("keeps the build's own notes to itself (files under a dot folder)", async () => {
    await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
    await fs.writeFile(path.join(dist, '.vite/manifest.json'), '{}');
    const response = await get('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toBe('{}');
  });

  it('answers a history route with index.html, compressed and revalidated', async () => {
    const response = await get('/planes', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
  });
});

describe('API answers, compressed on the fly', () => {
  it('compresses a JSON answer above 1 KB for a client that accepts it', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/getComunasActivas',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: { region_id: '13' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString());
    expect(body.comunas.length).toBeGreaterThan(30);
  });

  it('leaves a small answer alone', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/no/existe',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe("a page's own chunks, preloaded in its index.html", () => {
  let preloadApp: TestApp;
  let preloadDist: string;
  beforeAll(async () => {
    preloadDist = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-panel-'));
    await fs.mkdir(path.join(preloadDist, '.vite'));
    await fs.writeFile(
      path.join(preloadDist, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Escudo</title></head><body></body></html>',
    );
    // what apps/web/vite-plugins/route-preloads.ts writes
    await fs.writeFile(
      path.join(preloadDist, '.vite/route-preloads.json'),
      JSON.stringify({
        '/planes': {
          scripts: ['/assets/planes-page-1.js', '/assets/Button-2.js', '/assets/x.js"><script>'],
          styles: ['/assets/planes-3.css'],
        },
        '/alerta/*': { scripts: ['/assets/open-alert-page-4.js'], styles: [] },
        '/': {
          scripts: ['/assets/signed-in-5.js'],
          styles: [],
          prefetch: ['/assets/mui-6.js', '/assets/y.js"><script>'],
        },
      }),
    );
    preloadApp = await createTestApp({ WEB_DIST_DIR: preloadDist });
  });
  afterAll(async () => {
    await preloadApp.close();
    await fs.rm(preloadDist, { recursive: true, force: true });
  });
  const page = (url: string) => preloadApp.app.inject({ method: 'GET', url });

  it("names the route's scripts and styles in <head>, revalidated, under the same CSP", async () => {
    const response = await page('/planes?desde=home');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/planes-page-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Button-2.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/planes-3.css">');
    // a path that could break out of the attribute is not written
    expect(response.body).not.toContain('<script>');
  });

  it('names what the page will likely need next for the panel to fetch after load, not at once', async () => {
    const head = (await page('/')).body.split('</head>')[0] ?? '';
    const preload = head.indexOf('<link rel="modulepreload" crossorigin href="/assets/signed-in-5.js">');
    const next = head.indexOf('<meta name="escudo-prefetch" content="/assets/mui-6.js">');
    expect(preload).toBeGreaterThan(0);
    expect(next).toBeGreaterThan(preload);
    expect(head).not.toContain('rel="prefetch"');
    expect(head).not.toContain('<script>');
    // Planes has nothing to prefetch
    expect((await page('/planes')).body).not.toContain('escudo-prefetch');
  });

  it('matches a route with a parameter by its prefix', async () => {
    const response = await page('/alerta/abc123');
    expect(response.body).toContain('href="/assets/open-alert-page-4.js"');
    expect((await page('/alerta/')).body).not.toContain('modulepreload');
  });

  it('sends index.html as built for a path without chunks of its own (Login, unknown paths)', async () => {
    for (const url of ['/login', '/no-existe', '/planes/otra']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('modulepreload');
      expect(response.body).toContain('<title>Escudo</title>');
    }
  });
});
