#!/usr/bin/env node
// `npm run dev`: the server from its sources, restarted on every change (tsx watch), after reading
// the root `.env` like `npm start` does.
import { fileURLToPath } from 'node:url';
import { loadDotEnv, runNode } from './server-entry.mjs';

loadDotEnv();
runNode([fileURLToPath(import.meta.resolve('tsx/cli')), 'watch', 'apps/server/src/main.ts']);
