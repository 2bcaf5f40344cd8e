import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/client.js';
import { checkDataDirWritable, describeThrown, explainStartFailure } from './db/faults.js';
import { DEMO, seedDemo } from './demo/seed.js';
import { drain } from './platform/shutdown.js';
import { nodeVersionWarning } from './runtime.js';

/** Starts the server: config, lock (embedded), migrate, seed, listen; closes cleanly on signals. */
async function main() {
  // An end-of-life Node.js still starts, with one line (decision 013); `npm start` said it already.
  const nodeWarning = nodeVersionWarning(process.versions.node);
  if (nodeWarning && !process.argv.includes('--node-warned')) process.stderr.write(`${nodeWarning}\n`);
  const dev = process.argv.includes('--dev');
  const config = loadConfig(dev ? { NODE_ENV: 'development', ...process.env } : process.env);
  // A full or read-only disk is named up front, with its path, not as the step that failed first.
  checkDataDirWritable(config.dataDir);
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
        // Answer every request clients already sent before anything closes (platform/shutdown.ts):
        // app.close() alone resets those not read yet. Jobs and the database stop after.
        await drain(app.server);
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
    throw explainStartFailure(error, (config.database.kind === 'pglite' && config.database.dataDir) || config.dataDir);
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    // PGlite throws plain objects ({ name: 'ErrnoError', errno }): `String()` said "[object Object]".
    process.stderr.write(`Failed to start: ${describeThrown(error)}\n`);
  }
  process.exit(1);
});
