// The settlement and payout jobs of bench/payouts.mjs, run on the bench's database with its clock
// (the services the hourly and 10-minute jobs call, as a second process of the platform would).
//   history <marketId> <first Wednesday ISO> <weeks>  — every week: settle, pay out, let it arrive
//   settle <Wednesday ISO>                             — one settlement day for every store, timed,
//                                                        then again: nothing more may move
// Prints one JSON line.
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { LedgerService } from '../apps/server/src/modules/ledger/service.js';
import { SANDBOX_ARRIVAL_MS } from '../apps/server/src/modules/payout/provider.js';
import { PayoutService } from '../apps/server/src/modules/payout/service.js';
import { jobWorkers } from '../apps/server/src/platform/jobs.js';

const [command, ...args] = process.argv.slice(2);
const { app, ctx } = await buildApp(loadConfig(process.env), { web: 'none' });
const ledger = new LedgerService(ctx.db, jobWorkers(ctx));
const payouts = new PayoutService(ctx);
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));
try {
  if (command === 'history') {
    const [, first, weeks] = args as [string, string, string];
    const started = performance.now();
    let released = 0;
    let made = 0;
    for (let week = 0; week < Number(weeks); week++) {
      const wednesday = new Date(Date.parse(first) + week * 7 * 86_400_000);
      released += await ledger.settle(wednesday);
      made += await payouts.createDue(wednesday);
      await payouts.advance(new Date(wednesday.getTime() + SANDBOX_ARRIVAL_MS + 60_000));
    }
    console.log(JSON.stringify({ released, made, seconds: seconds(started) }));
  } else if (command === 'settle') {
    const wednesday = new Date(args[0]!);
    let started = performance.now();
    const released = await ledger.settle(wednesday);
    const settleSeconds = seconds(started);
    started = performance.now();
    const made = await payouts.createDue(wednesday);
    const payoutSeconds = seconds(started);
    // A second run of the same day (a restart, another process): nothing more.
    const again = { released: await ledger.settle(wednesday), made: await payouts.createDue(wednesday) };
    console.log(JSON.stringify({ released, made, settleSeconds, payoutSeconds, again }));
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await app.close();
}
