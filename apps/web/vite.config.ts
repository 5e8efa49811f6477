import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugins/precompress.ts';

// The panel calls the API same-origin (`/api/...`); in development Vite forwards those calls, and the
// realtime socket, to the server on port 3000, which in production serves the built panel itself.
const serverUrl = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (Login's first load) in one chunk. Left alone,
          // rolldown cut it into a chunk per set of lazy pages sharing a module: 11 files and 185.8 KB
          // gzipped for Login, against 2 files and 180.2 KB this way (measured as bench/RESULTS.md says; issue 3).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
    // that one chunk is ~375 KB minified, ~101 KB brotli (Login's first load, without MUI since
    // issue 18): scripts/check-bundle-budgets.mjs holds it to its budget
    chunkSizeWarningLimit: 400,
    // what scripts/check-bundle-budgets.mjs reads to know which chunks each page loads first
    manifest: true,
  },
});
