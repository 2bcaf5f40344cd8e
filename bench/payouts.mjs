// Figures (issue 14) on PostgreSQL, 2 cores:
//  - a store with 200,000 orders and two years of weekly payouts: its balance, its payouts list
//    (any filter, sort or page) and a payout's reconciliation report, p99 < 50 ms;
//  - one settlement day for 10,000 stores × 50 orders: settlement and payouts in < 60 s, exactly
//    once (a second run moves nothing).
// The merchant and the big store go through the API; orders and the ledger entries their payments
// wrote (sale and fee) are inserted with SQL; the history and the settlement day are made by the
// real jobs' services on the bench's clock (bench/payouts-jobs.ts). Loopback only, bounded in
// time, stops by itself.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchServer, benchStore, root } from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const ORDERS_PER_STORE = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;
/** `store` or `many`: one of the two parts. */
const ONLY = process.env.BENCH_ONLY;
const TARGET = { p99: 50, settleSeconds: 60 };
const DAY = 86_400_000;

console.log(
  `load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const { origin, database, cleanUp } = await benchServer({ name: 'payouts', port: 3295, minutes: 25 });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const jobsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-payout-jobs-'));

/** The jobs' services in a process of their own, on the bench's database and clock. */
function jobs(...args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/payouts-jobs.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: jobsDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    timeout: 15 * 60 * 1000,
  });
  if (result.status !== 0) throw new Error(`payouts-jobs ${args[0]} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** 09:00 in Baku on the first Wednesday on or after `ms`. */
function wednesdayFrom(ms) {
  const day = new Date(ms);
  day.setUTCHours(5, 0, 0, 0);
  while (day.getUTCDay() !== 3) day.setTime(day.getTime() + DAY);
  return day;
}

/** Paid, fulfilled orders (`select` gives id, store, number, total, paid and fulfilled) and the sale and fee entries their payments wrote. */
async function insertOrders(select, params) {
  await db.query(
    `create temp table if not exists bench_orders (id uuid, market_id uuid, number int, total int, paid_at timestamptz,
       fulfilled_at timestamptz)`,
  );
  await db.query('truncate bench_orders');
  await db.query(`insert into bench_orders ${select}`, params);
  await db.query(
    `insert into orders (id, market_id, unique_code, number, name, payment_status, fulfillment_status, email,
       shipping_name, subtotal, shipping_price, total, reservation, reserved_until, card_mask, paid_at, placed_at,
       fulfilled_at, language, created_at, updated_at, confirmation_sent_at)
     select id, market_id, 'v_' || replace(id::text, '-', ''), number, '#' || number, 'paid', 'fulfilled',
       'shopper' || (number % 40000) || '@mail.az', 'Courier', total - 500, 500, total, 'sold',
       paid_at + interval '15 minutes', '4169 73** **** 1234', paid_at, paid_at - interval '2 minutes', fulfilled_at,
       'az', paid_at - interval '5 minutes', fulfilled_at, paid_at
     from bench_orders`,
  );
  // What the paying statement writes (decision 019): the sale, and the fee of 3.5 % rounded half up + 0.20.
  await db.query(
    `insert into ledger_entries (market_id, account, kind, amount, order_id, created_at)
     select market_id, 'pending', k.kind,
       case k.kind when 'sale' then total else -(floor(total * 35 / 1000.0 + 0.5)::int + 20) end, id, paid_at
     from bench_orders cross join (values ('sale'), ('fee')) k(kind)`,
  );
}

/** Fresh statistics for the planner after a bulk insert (one statement each: VACUUM takes no transaction). */
async function vacuum(...tables) {
  for (const table of tables) await db.query(`vacuum analyze ${table}`);
}

const bankDetails = (markets) =>
  db.query(
    `insert into bank_details (market_id, tax_number, bank, bank_tax_number, code, correspondent_account, swift,
       settlement_account, saved_at)
     select m, '1234567891', 'Kapital Bank ASC', '9900003611', '200004', 'AZ37NABZ01350100000000001944', 'AIIBAZ2X',
       'AZ13AIIB40060019440000000000', now() - interval '3 years'
     from unnest($1::uuid[]) m`,
    [markets],
  );

function measure(paths, token) {
  let i = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        duration: SECONDS,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: Math.round(result.requests.average),
              p50: result.latency.p50,
              p99: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors,
            }),
    ),
  );
}

let failed = false;
try {
  // ---- A store with 200,000 orders and two years of payouts ----------------------------------
  const now = Date.now();
  if (ONLY !== 'many') {
    const store = await benchStore(origin, 'payouts-bench@example.com', 'payouts-bench');
    const marketId = store.market.id;
    await bankDetails([marketId]);
    const started = Date.now();
    await insertOrders(
      `select gen_random_uuid(), $1, 1000 + row_number() over (order by p), 1500 + (abs(hashtext(p::text)) % 20000), p,
       p + interval '1 day'
     from (select now() - interval '730 days' * random() as p from generate_series(1, ${ORDERS})) t`,
      [marketId],
    );
    await vacuum('orders', 'ledger_entries');
    const seedSeconds = (Date.now() - started) / 1000;
    const first = wednesdayFrom(now - 720 * DAY);
    const weeks = Math.floor((now - DAY - first.getTime()) / (7 * DAY)) + 1;
    const history = jobs('history', marketId, first.toISOString(), String(weeks));
    await vacuum('payouts', 'payout_entries', 'payout_queue', 'settlement_queue', 'ledger_entries', 'orders');
    // Two years of weekly churn ran through the queues in a minute, with no time for autovacuum:
    // 400,000 rows came and went, leaving files of thousands of pages around a few thousand live
    // rows (and a planner that reads them all). Vacuumed every week, as a real store's are, a queue
    // stays near its live size: compacted here to what two years of autovacuum would leave.
    for (const queue of ['settlement_queue', 'payout_queue']) await db.query(`vacuum full analyze ${queue}`);
    const { rows: payoutRows } = await db.query(
      'select id, amount from payouts where market_id = $1 order by created_at',
      [marketId],
    );
    console.log(
      `store: ${ORDERS} orders seeded in ${seedSeconds.toFixed(1)} s; ${weeks} weeks of settlement and payouts by the jobs in ${history.seconds} s (${history.released} orders released, ${history.made} payouts)`,
    );
    const some = (n) => payoutRows.filter((_, i) => i % Math.max(1, Math.floor(payoutRows.length / n)) === 0);
    const median = payoutRows.map((p) => p.amount).sort((a, b) => a - b)[payoutRows.length >> 1];
    const year = new Date(now - 365 * DAY).toISOString().slice(0, 10);
    const cases = [
      ['balance', [`/api/Balance/${marketId}`]],
      ['payouts list, newest', [`/api/Payout/list/${marketId}`]],
      [
        'payouts list, filtered and sorted',
        [
          `/api/Payout/list/${marketId}?status=paid&sort=amountDesc&page=3`,
          `/api/Payout/list/${marketId}?from=${year}&to=${new Date(now).toISOString().slice(0, 10)}&sort=oldest`,
          `/api/Payout/list/${marketId}?minAmount=${median}&sort=amountAsc&page=2`,
        ],
      ],
      ['payout report (50 lines)', some(20).map((p) => `/api/PaymentReport/${marketId}?payoutId=${p.id}`)],
      ['payout report, page 10', some(20).map((p) => `/api/PaymentReport/${marketId}?payoutId=${p.id}&page=10`)],
    ];
    console.log('\ncase                               req/s   p50 ms   p99 ms   target');
    for (const [name, paths] of cases) {
      const r = await measure(paths, store.token);
      const ok = r.p99 < TARGET.p99 && r.non2xx === 0 && r.errors === 0;
      failed ||= !ok;
      console.log(
        `${name.padEnd(34)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}   p99 < ${TARGET.p99} ${ok ? 'ok' : `MISSED (non-2xx ${r.non2xx}, errors ${r.errors})`}`,
      );
    }
  }

  // ---- One settlement day for 10,000 stores × 50 orders --------------------------------------
  if (ONLY !== 'store') {
    const started = Date.now();
    const other = await benchStore(origin, 'payouts-bench-many@example.com', 'payouts-bench-many');
    const { rows: created } = await db.query(
      `insert into markets (owner_id, name, sector_id)
     select $1, 'bench-many-' || i, (select sector_id from markets where id = $2)
     from generate_series(1, ${STORES}) i returning id`,
      [other.owner.id, other.market.id],
    );
    const stores = created.map((r) => r.id);
    await bankDetails(stores);
    const day = wednesdayFrom(now + DAY);
    // Fulfilled 8 to 30 days before the day: all past the 7-day hold.
    await insertOrders(
      `select gen_random_uuid(), m.id, 1000 + n, 1500 + (abs(hashtext(m.id::text || n)) % 20000),
       $1::timestamptz - interval '31 days' + interval '1 hour' * (n * 7), $1::timestamptz - interval '30 days' + interval '1 hour' * (n * 7)
     from unnest($2::uuid[]) m(id) cross join generate_series(1, ${ORDERS_PER_STORE}) n`,
      [day.toISOString(), stores],
    );
    await vacuum('orders', 'ledger_entries', 'markets');
    console.log(
      `\n${STORES} stores × ${ORDERS_PER_STORE} orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // A profiling aid: BENCH_SETTLE=off with BENCH_KEEP_DATABASE=1 leaves the seeded day unsettled, to
    // EXPLAIN the jobs' statements on it (in a transaction rolled back).
    const settleOff = process.env.BENCH_SETTLE === 'off';
    if (settleOff) console.log(`left unsettled for ${day.toISOString()} in ${database.url}`);
    const run = settleOff
      ? { released: 0, made: 0, settleSeconds: 0, payoutSeconds: 0, again: { released: 0, made: 0 } }
      : jobs('settle', day.toISOString());
    const { rows: counted } = await db.query(
      `select (select count(*)::int from payouts where market_id = any($1::uuid[])) as payouts,
       (select count(*)::int from payouts where market_id = any($1::uuid[]) and provider_ref is not null) as sent,
       (select count(*)::int from ledger_entries where kind = 'release' and market_id = any($1::uuid[])) as releases`,
      [stores],
    );
    const total = run.settleSeconds + run.payoutSeconds;
    const once =
      counted[0].payouts === STORES &&
      counted[0].sent === STORES &&
      counted[0].releases === STORES * ORDERS_PER_STORE * 2 &&
      run.again.released === 0 &&
      run.again.made === 0;
    const fast = total < TARGET.settleSeconds;
    failed ||= !once || !fast;
    console.log(
      `settlement day: ${run.released} orders released in ${run.settleSeconds} s, ${run.made} payouts made and sent in ${run.payoutSeconds} s — ${total.toFixed(1)} s in all, target < ${TARGET.settleSeconds} s ${fast ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `exactly once: ${counted[0].payouts} payouts (${counted[0].sent} sent), ${counted[0].releases / 2} releases; a second run released ${run.again.released} and made ${run.again.made} ${once ? 'ok' : 'WRONG'}`,
    );
  }
} finally {
  await db.end();
  rmSync(jobsDir, { recursive: true, force: true });
  await cleanUp();
}
process.exit(failed ? 1 : 0);
