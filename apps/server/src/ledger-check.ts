import { loadConfig } from './config.js';
import { lockDataDir, openDatabase } from './db/client.js';
import { LedgerService } from './modules/ledger/service.js';

/**
 * `npm run ledger:check`: proves that every store's ledger adds up to its paid orders, fees and
 * refunds (decision 019), against the database the server is configured with. Exits 1 and lists
 * what differs otherwise. The embedded database is one process's: stop the server first.
 */
async function main() {
  const config = loadConfig(process.env);
  const unlock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  const database = await openDatabase(config.database);
  try {
    // As the server would at its start: a database of an older version is brought up to date.
    await database.migrate();
    const mismatches = await new LedgerService(database.db).check();
    if (mismatches.length === 0) {
      process.stdout.write('ledger check: every store adds up (sales, fees, refunds, settlements)\n');
      return;
    }
    for (const m of mismatches) {
      process.stdout.write(`store ${m.marketId}: ${m.sum} in the ledger ${m.ledger}, expected ${m.expected} (qəpik)\n`);
    }
    process.exitCode = 1;
  } finally {
    await database.close();
    unlock();
  }
}

await main();
