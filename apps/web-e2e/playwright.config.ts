import { defineConfig } from '@playwright/test';

// The distribution's Chromium (Playwright's own browser download is not available here).
export default defineConfig({
  testDir: './src',
  testMatch: '**/*.pw-spec.ts',
  globalSetup: require.resolve('./src/support/global-setup'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../../test-results/web-e2e',
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
