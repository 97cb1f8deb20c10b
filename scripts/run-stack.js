// Starts the built portal for development: every service, the gateway serving the web
// app on http://localhost:3000 and, unless SMTP_URL points elsewhere, MailDev on :1080.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { startLocalStack } = require('@portal/local-stack');
const { ensureDatabaseExists } = require('@portal/database');

const root = path.resolve(__dirname, '..');

async function main() {
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/portal',
    WEB_URL: process.env.WEB_URL || 'http://localhost:3000',
  };
  const port = Number(process.env.PORT || 3000);
  const useMailCatcher = !process.env.SMTP_URL;
  await ensureDatabaseExists(env.DATABASE_URL);

  const stack = await startLocalStack({
    root,
    env,
    gatewayPort: port,
    mailCatcher: useMailCatcher ? { smtpPort: 1025, webPort: 1080 } : false,
    logs: { kind: 'console' },
    serveWebApp: true,
  });

  if (env.NODE_ENV === 'development') {
    const seed = spawnSync(process.execPath, [path.join(root, 'apps/identity/dist/cli/seed-demo.js')], { env, encoding: 'utf8' });
    process.stdout.write(seed.stdout || '');
    if (seed.status !== 0) process.stderr.write(seed.stderr || 'demo seed failed\n');
  }

  process.stdout.write(
    [
      '',
      `  Investment portal:  ${env.WEB_URL}`,
      `  API docs:           ${env.WEB_URL}/api/docs`,
      useMailCatcher ? '  Mail inbox:         http://localhost:1080' : `  Mail goes to:       ${process.env.SMTP_URL}`,
      '  Stop with Ctrl-C.',
      '',
    ].join('\n') + '\n',
  );

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
