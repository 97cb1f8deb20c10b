import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkModules, firstScreenChunks } from './first-screen-chunks';

// The browser only ever talks to the gateway, same origin: in development Vite forwards
// the API (and the WebSocket upgrade) so the SameSite=Strict refresh cookie keeps working.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

// Packages antd builds on that say nothing about side effects in their package.json, so
// the bundler keeps every module they import, used or not. antd's Input reaches
// `@rc-component/form`'s index only for its FormProvider context, and that index (which
// assigns Field, List and useForm onto the default Form) then brought the whole form
// store, validator and TextArea into the sign-in page's first load: some 45 kB raw,
// 13 kB brotli. Their modules have no effects beyond their exports; a module whose
// exports are used is kept whole, statements with side effects included.
const sideEffectFreePackages = /[\\/]node_modules[\\/]@rc-component[\\/](?:form|input|async-validator)[\\/]/;

/**
 * antd's component styles, built here for both colour modes (see antd-styles.cjs), in two
 * parts: the first screens' (main.tsx imports it, so the HTML links it) and the rest (every
 * other page loads it with its code, app/all-antd-styles.ts).
 */
function antdStyles(): Plugin {
  const { antdStyleSheets } = createRequire(import.meta.url)('./antd-styles.cjs') as typeof import('./antd-styles.cjs');
  type Sheets = ReturnType<typeof antdStyleSheets>;
  const parts: Record<string, keyof Sheets> = { 'virtual:antd-styles.css': 'firstScreen', 'virtual:antd-styles-rest.css': 'rest' };
  let sheets: Sheets | undefined;
  return {
    name: 'portal:antd-styles',
    resolveId: (source) => (Object.hasOwn(parts, source) ? `\0${source}` : undefined),
    load: (resolved) => {
      const id = resolved.slice(1);
      if (!resolved.startsWith('\0') || !Object.hasOwn(parts, id)) return undefined;
      sheets ??= antdStyleSheets();
      return sheets[parts[id]];
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));
const screenChunks = firstScreenChunks(
  root,
  {
    'portal-layout': 'src/shell/PortalLayout.tsx',
    // The frame's first data (bell, header, ticket badge), asked for beside the page's, as the dashboard's below.
    'portal-data': 'src/shell/prefetch.ts',
    // Its own file, small and asked for beside the page's code: the data requests start once it arrives.
    'dashboard-data': 'src/dashboard/prefetch.ts',
    'customer-dashboard': 'src/dashboard/CustomerDashboardPage.tsx',
    // What an admin sees first; it shares the stat cards with the customer's dashboard.
    'admin-dashboard': 'src/admin-overview/AdminDashboardPage.tsx',
  },
  // Every page outside the portal's layout (routes.tsx): none of them loads a portal chunk.
  [
    'src/pages/LandingPage.tsx',
    'src/auth/pages/LoginPage.tsx',
    'src/auth/pages/SignupPage.tsx',
    'src/auth/pages/ResetPasswordPage.tsx',
    'src/auth/pages/UpdatePasswordPage.tsx',
    'src/auth/pages/EmailConfirmedPage.tsx',
    'src/account-settings/EmailChangeConfirmedPage.tsx',
    'src/sessions/EndSessionPage.tsx',
    'src/errors/AccessDeniedPage.tsx',
    'src/errors/NotFoundPage.tsx',
  ],
);

const proxy = {
  '/api': { target: gateway, ws: true },
  '/health': { target: gateway },
};

export default defineConfig({
  root,
  // The rules the services enforce, bundled from their source (the package's main is the
  // services' CommonJS build).
  resolve: { alias: { '@portal/domain-rules': fileURLToPath(new URL('../../libs/domain-rules/src/index.ts', import.meta.url)) } },
  plugins: [
    antdStyles(),
    screenChunks.plugin,
    chunkModules(root),
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
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: sideEffectFreePackages, sideEffects: false }] },
      output: {
        // Everything the entry imports statically goes into ONE chunk beside it, not the thirty
        // small chunks automatic splitting makes of it: over HTTP/1.1 (six connections) each
        // file costs the first visit a round trip, some 150 ms apiece on a slow mobile network.
        // The pages stay lazily loaded chunks of their own.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'], priority: 100 }, ...screenChunks.groups] },
      },
    },
  },
});
