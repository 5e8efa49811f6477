import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The panel calls the API same-origin (`/api/...`); in development Vite forwards those calls, and the
// realtime socket, to the server on port 3000, which in production serves the built panel itself.
const serverUrl = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
