/**
 * `node bench/web/trace.mjs --url http://127.0.0.1:3000/login`: what a page's long tasks are made of.
 * Lighthouse names a long task by the script it ran, or the document when it ran none;
 * this loads the page once in Debian's Chromium with the CPU slowed down by CDP (--cpu 4, Lighthouse's
 * mobile factor; unlike Lighthouse's simulation, the slowdown is real), records a Chromium trace, and
 * prints each top-level task of the page's main thread over --min ms with the trace events that took
 * its time (self time: an event's duration less its children's), and the font look-ups of the load
 * (`FontCache::GetFontPlatformData`, one per family tried for each new size and weight), then the page's
 * first contentful paint and the blocking time after it: Lighthouse's rule on a real slowdown, where its
 * simulation may place the paint before the entry script that draws it (bench/RESULTS.md, session 22).
 *
 * Against a running server (`npm start`, or the panel built and served as bench/web/run.mjs does);
 * the trace stays in --out (open it in Chromium's DevTools, Performance panel) for the detail.
 * --sign-in EMAIL:PASSWORD (the demo account of `npm start` is demo@escudo.cl:escudo-demo) signs in
 * through the API first and stores the token and the first phone as the panel does after a sign-in,
 * for the signed-in pages (/planes, /tracking...); the trace is still a cold load of the page.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { panelStorageAfterSignIn } from '../lib/contract.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/escudo.mjs';

function parseArgs(args) {
  const parsed = { url: null, cpu: 4, min: 50, out: '/tmp/escudo-trace.json', signIn: null };
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i].split('=', 2);
    const value = () => inline ?? args[++i];
    if (flag === '--url') parsed.url = value();
    else if (flag === '--cpu') parsed.cpu = Number(value());
    else if (flag === '--min') parsed.min = Number(value());
    else if (flag === '--out') parsed.out = value();
    else if (flag === '--sign-in') parsed.signIn = value();
    else throw new Error(`unknown option ${args[i]} (see the header of bench/web/trace.mjs)`);
  }
  if (!parsed.url) throw new Error('--url is required');
  return parsed;
}

async function record({ url, cpu, out, signIn }) {
  const separator = signIn?.indexOf(':') ?? -1;
  const storage = signIn
    ? await panelStorageAfterSignIn(new URL(url).origin, {
        email: signIn.slice(0, separator),
        password: signIn.slice(separator + 1),
      })
    : null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    // Lighthouse's mobile screen
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    if (storage) {
      // before the page's own scripts, on its origin only
      await page.addInitScript(
        ([origin, entries]) => {
          if (globalThis.location.origin !== origin) return;
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        },
        [new URL(url).origin, storage],
      );
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await browser.startTracing(page, {
      path: out,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink',
        'loading',
        'v8.execute',
        'toplevel',
        'fonts',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    // what runs once loaded (effects, requests answered, the idle prefetch) is part of the blocking time
    await page.waitForTimeout(3_000);
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
}

function summarise(file, minMs) {
  const events = JSON.parse(fs.readFileSync(file, 'utf8')).traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // the page's renderer: the main thread whose events name an http(s) URL
  const ours = events.find(
    (e) => mainThreads.has(`${e.pid}:${e.tid}`) && /"https?:\/\//.test(JSON.stringify(e.args ?? {})),
  );
  if (!ours) throw new Error('no renderer of the page in the trace');
  const mine = events
    .filter((e) => e.pid === ours.pid && e.tid === ours.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const t0 = mine[0].ts;
  // nest each event in the innermost one that contains it
  const open = [];
  const tasks = [];
  for (const e of mine) {
    while (open.length && open.at(-1).end < e.ts + e.dur - 0.5) open.pop();
    e.end = e.ts + e.dur;
    e.childTime = 0;
    if (open.length) open.at(-1).childTime += e.dur;
    else tasks.push(e);
    e.task = open.length ? open[0] : e;
    open.push(e);
  }
  const label = (e) => {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    const url = data.url || data.styleSheetUrl || '';
    return url ? `${e.name} ${url.split('/').pop().slice(0, 40)}` : e.name;
  };
  // the page's first contentful paint, and the blocking time after it as Lighthouse counts it (each
  // task's time over 50 ms, of a task that straddles the paint only its part after), until the trace
  // ends 3 s after the load rather than at Lighthouse's time to interactive
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === ours.pid);
  let blockingAfterPaint = 0;
  for (const task of paint ? tasks.filter((t) => t.end > paint.ts && t.dur > 50_000) : []) {
    blockingAfterPaint += Math.min(task.dur / 1000 - 50, (task.end - Math.max(task.ts, paint.ts)) / 1000);
  }
  let blocking = 0;
  for (const task of tasks.filter((t) => t.dur > minMs * 1000)) {
    blocking += task.dur / 1000 - 50;
    const self = new Map();
    for (const e of mine.filter((x) => x.task === task))
      self.set(label(e), (self.get(label(e)) ?? 0) + e.dur - e.childTime);
    console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms`);
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      if (us >= 1000) console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
    }
  }
  const fonts = mine.filter((e) => e.name === 'FontCache::GetFontPlatformData');
  console.log(
    `\nblocking time of these tasks (each one's time over 50 ms, all of the load): ${Math.round(blocking)} ms; font look-ups: ${fonts.length}, ${(fonts.reduce((t, e) => t + e.dur, 0) / 1000).toFixed(1)} ms`,
  );
  console.log(
    paint
      ? `first contentful paint at ${((paint.ts - t0) / 1000).toFixed(0)} ms; blocking time after it: ${Math.round(blockingAfterPaint)} ms`
      : 'no first contentful paint in the trace',
  );
}

const options = parseArgs(process.argv.slice(2));
await record(options);
summarise(options.out, options.min);
