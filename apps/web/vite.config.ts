import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser only ever talks to the gateway, same origin: in development Vite forwards
// the API (and the WebSocket upgrade) so the SameSite=Strict refresh cookie keeps working.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: gateway, ws: true },
  '/health': { target: gateway },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
