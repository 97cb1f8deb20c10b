import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The browser only ever talks to the gateway, same origin: in development Vite forwards
// the API (and the WebSocket upgrade) so the SameSite=Strict refresh cookie keeps working.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: gateway, ws: true },
  '/health': { target: gateway },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Brotli and gzip copies beside each compressible file (.br, .gz), made once at build
    // time at the highest levels; the gateway serves them by Accept-Encoding.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/^\.vite\//] }),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each page loads, read by the first-load
    // budget check (scripts/check-web-budget.js).
    manifest: true,
  },
});
