/**
 * zod's settings, applied before any schema is made: index.ts imports this module first, and ES
 * modules run their imports in order. The panel's bundle keeps it in zod's own chunk
 * (apps/web/vite.config.ts), which runs before any chunk with schemas.
 */
import { z } from 'zod';
import { es } from 'zod/locales';

// Validation messages nobody wrote by hand still reach people in Spanish, on the server and the panel.
z.config(es());

// In the panel, no compiled fast path: zod probes for it with `new Function` when it makes an object
// schema, and the panel's Content-Security-Policy (script-src 'self', apps/server/src/app/app.ts) refuses
// that and reports a violation in every browser that opens a form. The forms are small, and zod
// skips the probe under `jitless` for this very reason. The server and the phone simulator keep it.
if ('document' in globalThis) z.config({ jitless: true });
