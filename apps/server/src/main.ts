import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/client.js';
import { DEMO, seedDemo } from './db/demo.js';

/** Starts the server: config, lock (embedded), migrate, seed, listen; closes cleanly on signals. */
async function main() {
  const dev = process.argv.includes('--dev');
  const config = loadConfig(dev ? { NODE_ENV: 'development', ...process.env } : process.env);
  const unlock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  try {
    const { app, ctx } = await buildApp(config, { web: dev ? 'dev' : 'build', jobs: true });
    if (config.seedDemo) await seedDemo(ctx);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000).unref();
      try {
        await app.close();
      } finally {
        unlock();
        clearTimeout(timer);
        process.exit(0);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ port: config.port, host: config.host });
    const url = config.publicUrl;
    const lines = [
      '',
      `  Shop builder is running (${config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'})`,
      `  Open:        ${url}/`,
      `  Sign in:     ${url}/login`,
      `  API docs:    ${url}/api/docs`,
      `  Health:      ${url}/api/health`,
    ];
    if (config.devMailbox) lines.push(`  Mailbox:     ${url}/dev-mailbox   (sign-in and confirmation codes land here)`);
    if (config.seedDemo) {
      lines.push(`  Demo store:  ${DEMO.market} (choose it after signing in)`);
      lines.push(`  Demo login:  ${DEMO.email} / ${DEMO.password}`);
    }
    process.stdout.write(`${lines.join('\n')}\n\n`);
  } catch (error) {
    unlock();
    throw error;
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
