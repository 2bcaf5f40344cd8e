import { loadConfig } from './config.js';
import { lockDataDir, openDatabase } from './db/client.js';
import { setStaff, staffEmails } from './modules/user/service.js';

/**
 * `npm run staff -- grant <email>`, `revoke <email>` or `list`: who is among the platform's staff
 * (issue 14: they adjust stores' balances), against the database the server is configured with.
 * Staff are named here or by STAFF_EMAILS, never by anything a merchant can do. The embedded
 * database is one process's: stop the server first.
 */
async function main() {
  const [command, email] = process.argv.slice(2);
  if (!((command === 'grant' || command === 'revoke') && email) && command !== 'list') {
    process.stderr.write('usage: npm run staff -- grant <email> | revoke <email> | list\n');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  const unlock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    if (command === 'list') {
      const named = await staffEmails(database.db);
      const listed = [...config.staffEmails].map((e) => `${e} (STAFF_EMAILS)`);
      process.stdout.write(`${[...named, ...listed].join('\n') || 'no staff'}\n`);
      return;
    }
    const found = await setStaff(database.db, email as string, command === 'grant');
    if (!found) {
      process.stderr.write(`no account with the e-mail ${email}: it must be registered first\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${found} is ${command === 'grant' ? 'now' : 'no longer'} one of the staff\n`);
  } finally {
    await database.close();
    unlock();
  }
}

await main();
