// Figures (issue 5) on PostgreSQL, 2 cores, a store with 200,000 orders:
//  - the orders list, GET /Order/market (50 per page, any view, filter or search): p99 < 50 ms;
//  - the dashboard, GET /Analytics/get-dashboard for a 90-day range: p99 < 150 ms.
// The merchant and the store go through the API; 200 products, the orders (two years, growing,
// 1–4 lines each, a realistic mix of payment and fulfilment states), the visits of the last 200
// days and the daily page views are inserted directly with SQL, in batches. Loopback only,
// bounded in time, stops by itself.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchServer, benchStore } from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const PRODUCTS = 200;
const BATCH = 20_000;
/** Visits are seeded for the days a 90-day dashboard and the 90 days before it read, and some. */
const SESSION_DAYS = 200;
/** Visits per placed order (a paid-order conversion of about 2.6 %). */
const SESSIONS_PER_ORDER = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 7);
const LIST_CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 8);
const TARGET = { listP99: 50, dashboardP99: 150 };
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** Experiment aid: SQL run before seeding (e.g. proposed indexes), without touching the server. */
const EXTRA_SQL = process.env.BENCH_EXTRA_SQL;
const OFFSET_HOURS = 4; // the owner's default time zone, GMT+4

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()} (${os.cpus().length} CPUs)`);

const { origin, database, server, cleanUp } = await benchServer({ name: 'orders', port: 3296, minutes: 12 });

// ---- Seed -------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Aysel',
  'Elvin',
  'Nigar',
  'Rauf',
  'Leyla',
  'Murad',
  'Günay',
  'Tural',
  'Səbinə',
  'Orxan',
  'Aynur',
  'Kamran',
];
const LAST_NAMES = ['Məmmədova', 'Əliyev', 'Hüseynova', 'Quliyev', 'Həsənova', 'İsmayılov', 'Abbasova', 'Rzayev'];
const sqlArray = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function seed(db, marketId, categoryId, ownerId) {
  const timings = {};
  const step = async (name, text, params = []) => {
    const started = Date.now();
    await db.query(text, params);
    timings[name] = (timings[name] ?? 0) + Date.now() - started;
  };
  await step('setup', 'select setseed(0.20261121)');
  await step(
    'products',
    `insert into products (id, market_id, category_id, title, description, price, stock, images, search_text, weight_grams)
     select gen_random_uuid(), $1, $2, 'Product ' || i, '<p>Bench product.</p>', 500 + (i * 7919) % 20000, 1000,
            jsonb_build_array('/uploads/' || $3 || '/' || gen_random_uuid() || '.webp'), 'product ' || i, 500
     from generate_series(1, ${PRODUCTS}) i`,
    [marketId, categoryId, ownerId],
  );
  // Two years of orders, busier lately (half spread evenly, half growing towards today); the
  // number follows the order they were placed in, as the server gives it.
  await step(
    'plan orders',
    `create temp table bench_o as
     select gen_random_uuid() as id, placed_at, (1000 + row_number() over (order by placed_at))::int as number,
            random() as r, random() as r2, random() as r3,
            case when random() < 0.45 then 1 when random() < 0.55 then 2 when random() < 0.6 then 3 else 4 end as lines
     from (select now() - interval '730 days' * (case when random() < 0.5 then random() else 1 - sqrt(random()) end)
                  as placed_at
           from generate_series(1, ${ORDERS})) t`,
  );
  await step('plan orders', 'create index on bench_o (number)');
  // Lines: popular products sell more (index² skew); 1–3 units each.
  await step(
    'plan lines',
    `create temp table bench_i as
     select x.order_id, x.number, x.position, p.id as product_id, p.title, p.price, x.quantity
     from (select o.id as order_id, o.number, l as position,
                  least(${PRODUCTS - 1}, floor(${PRODUCTS} * power(random(), 2)))::int as pick,
                  1 + (random() < 0.2)::int + (random() < 0.05)::int as quantity
           from bench_o o cross join lateral generate_series(1, o.lines) l) x
     join (select id, title, price, (row_number() over (order by title) - 1)::int as pick from products
           where market_id = $1) p on p.pick = x.pick`,
    [marketId],
  );
  await step(
    'plan lines',
    `create temp table bench_t as select order_id, sum(price * quantity)::int as subtotal from bench_i group by order_id`,
  );
  await step('plan lines', 'create index on bench_i (number)');
  await step('plan lines', 'create index on bench_t (order_id)');
  // Statuses: 78 % paid, 6 % paid then refunded in full (canceled), 5 % failed, 6 % never paid,
  // 5 % pending; paid orders older than three days are mostly fulfilled; 3 % of closed ones archived.
  for (let lo = 1001; lo < 1001 + ORDERS; lo += BATCH) {
    const hi = lo + BATCH - 1;
    await step(
      'orders',
      `insert into orders (id, market_id, unique_code, number, name, payment_status, fulfillment_status, email, phone,
         shipping_address, billing_address, shipping_name, subtotal, shipping_price, total, reservation, reserved_until,
         card_mask, paid_at, placed_at, refunded_amount, fulfilled_at, canceled_at, archived_at, language, created_at, updated_at,
         reminder_sent_at, confirmation_sent_at)
       select o.id, $1, 'v_' || replace(o.id::text, '-', ''), o.number, '#' || o.number, s.status,
         case when s.status = 'paid' and o.placed_at < now() - interval '3 days'
              then (case when o.r2 < 0.97 then 'fulfilled' else 'partial' end)
              else 'unfulfilled' end,
         'shopper' || (abs(hashtext(o.id::text)) % 40000) || '@mail.az',
         '+994 50 ' || lpad((abs(hashtext(o.id::text)) % 1000)::text, 3, '0') || ' 12 34',
         jsonb_build_object('firstName', (${sqlArray(FIRST_NAMES)})[1 + abs(hashtext(o.id::text || 'f')) % ${FIRST_NAMES.length}],
                            'lastName', (${sqlArray(LAST_NAMES)})[1 + abs(hashtext(o.id::text || 'l')) % ${LAST_NAMES.length}],
                            'address1', 'Nizami küçəsi ' || (o.number % 200), 'city', 'Bakı', 'region', 'baku',
                            'country', 'Azərbaycan', 'postCode', 'AZ1000'),
         null, 'Courier', t.subtotal, 500, t.subtotal + 500,
         case when s.status in ('paid', 'canceled') then 'sold' else 'released' end,
         o.placed_at + interval '15 minutes',
         case when s.status in ('paid', 'canceled') then '4169 73** **** 1234' end,
         case when s.status in ('paid', 'canceled') then o.placed_at + interval '2 minutes' end,
         o.placed_at,
         case when s.status = 'canceled' then t.subtotal + 500
              when s.status = 'paid' and o.r3 > 0.985 then t.subtotal / 2 else 0 end,
         case when s.status = 'paid' and o.placed_at < now() - interval '3 days' and o.r2 < 0.97
              then o.placed_at + interval '1 day' end,
         case when s.status = 'canceled' then o.placed_at + interval '2 days' end,
         case when o.r3 < 0.03 and (s.status = 'canceled' or (s.status = 'paid' and o.placed_at < now() - interval '3 days'))
              then o.placed_at + interval '5 days' end,
         'az', o.placed_at - interval '5 minutes', o.placed_at,
         -- Steady state: every checkout left unpaid got its one reminder an hour later.
         case when s.status in ('unpaid', 'failed', 'pending') and o.placed_at < now() - interval '1 hour'
              then o.placed_at + interval '1 hour' end,
         -- Every paid order's confirmation went out when it was paid.
         case when s.status in ('paid', 'canceled') then o.placed_at + interval '2 minutes' end
       from bench_o o join bench_t t on t.order_id = o.id
       cross join lateral (select case when o.r < 0.78 then 'paid' when o.r < 0.84 then 'canceled'
                                       when o.r < 0.89 then 'failed' when o.r < 0.95 then 'unpaid' else 'pending' end
                                  as status) s
       where o.number between ${lo} and ${hi}
       order by o.number`,
      [marketId],
    );
    await step(
      'order lines',
      `insert into order_items (order_id, market_id, product_id, title, unit_price, quantity, paid, tracked, position,
         fulfilled_quantity)
       select i.order_id, $1, i.product_id, i.title, i.price, i.quantity, i.price * i.quantity, true, i.position,
              case when o.fulfillment_status = 'fulfilled' then i.quantity else 0 end
       from bench_i i join orders o on o.id = i.order_id
       where i.number between ${lo} and ${hi}
       order by i.number, i.position`,
      [marketId],
    );
  }
  await step('settings', 'update markets set next_order_number = $2 where id = $1', [marketId, 1001 + ORDERS]);
  // Visits: one row per visitor and day, as the storefront's recorder writes them.
  await step(
    'visits',
    `insert into storefront_sessions (market_id, day, visitor)
     select $1, d.day, substr(md5(d.day::text || '-' || g), 1, 22)
     from (select ((placed_at at time zone 'UTC') + interval '${OFFSET_HOURS} hours')::date as day, count(*) as n
           from orders where market_id = $1 group by 1) d
     cross join lateral generate_series(1, (d.n * ${SESSIONS_PER_ORDER})::int) g
     where d.day > ((now() at time zone 'UTC') + interval '${OFFSET_HOURS} hours')::date - ${SESSION_DAYS}`,
    [marketId],
  );
  await step(
    'visits',
    `insert into storefront_daily_stats (market_id, day, page_views)
     select $1, day, (n * ${SESSIONS_PER_ORDER} * 3.2)::int
     from (select ((placed_at at time zone 'UTC') + interval '${OFFSET_HOURS} hours')::date as day, count(*) as n
           from orders where market_id = $1 group by 1) d`,
    [marketId],
  );
  for (const table of ['orders', 'order_items', 'storefront_sessions', 'storefront_daily_stats', 'products']) {
    await step('vacuum analyze', `vacuum analyze ${table}`);
  }
  return timings;
}

// ---- Measure ----------------------------------------------------------------------------------

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** CPU seconds of the PostgreSQL backends of this benchmark's database only. */
function postgresCpuSeconds() {
  const name = new URL(database.url).pathname.slice(1);
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${name} `)) total += cpuSeconds(pid);
    } catch {
      // gone
    }
  }
  return total;
}
const snapshot = () => ({ at: Date.now(), server: cpuSeconds(server.child.pid), postgres: postgresCpuSeconds() });

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: origin, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(paths, token, connections, seconds = SECONDS) {
  let i = 0;
  const requests =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }];
  const before = snapshot();
  const result = await run({
    duration: seconds,
    connections,
    pipelining: 1,
    headers: { authorization: `Bearer ${token}` },
    requests,
  });
  const after = snapshot();
  const wall = (after.at - before.at) / 1000;
  const total = result.requests.total || 1;
  // Parallel query workers that ended during the run take their CPU time with them: then the
  // PostgreSQL share can't be told (shown as –).
  const pgSeconds = after.postgres - before.postgres;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    cores: `${((after.server - before.server) / wall).toFixed(2)}/${pgSeconds < 0 ? '–' : (pgSeconds / wall).toFixed(2)}`,
    cpuMsPerRequest:
      pgSeconds < 0 ? '–' : Number((((after.server - before.server + pgSeconds) * 1000) / total).toFixed(2)),
  };
}

/** One request at a time, timed end to end: what a merchant opening the page waits. */
async function timeOnce(path, token) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: Math.round(performance.now() - started), data: body.data };
}

const dayIn = (ms) => new Date(ms + OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
const addDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const rows = [];
function report(group, scenario, urls, figures, target) {
  const meets = target === undefined ? '–' : figures.p99 < target && figures.non2xx === 0 ? 'yes' : 'NO';
  rows.push({ group, scenario, urls, ...figures, meets });
  console.log(
    `${group} | ${scenario} | ${urls} | ${figures.rps} | ${figures.p50} | ${figures.p97_5} | ${figures.p99} | ${figures.max} | ${figures.non2xx} | ${meets} | ${figures.cores} | ${figures.cpuMsPerRequest}`,
  );
}

try {
  const { call, token, owner, market } = await benchStore(origin, 'orders-bench@shop.az', 'bench-orders');
  const category = await call('/Category/create', {
    method: 'POST',
    body: { marketId: market.id, name: 'Everything' },
  });

  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  if (EXTRA_SQL) {
    // Before the data: the server's periodic jobs (abandoned checkouts) query orders every
    // minute, and an index built afterwards would wait for them.
    await db.query(EXTRA_SQL);
    console.log(`extra SQL: ${EXTRA_SQL.replace(/\s+/g, ' ')}`);
  }
  const seeding = Date.now();
  const timings = await seed(db, market.id, category.id, owner.id);
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s: ${JSON.stringify(timings)}`);
  const facts = (
    await db.query(
      `select count(*)::int as orders,
              count(*) filter (where paid_at > now() - interval '90 days')::int as paid_90,
              count(*) filter (where placed_at > now() - interval '90 days')::int as placed_90,
              (select count(*)::int from order_items) as lines,
              (select count(*)::int from storefront_sessions) as sessions
       from orders`,
    )
  ).rows[0];
  console.log(`data: ${JSON.stringify(facts)}`);
  const sample = (
    await db.query(`select number, email from orders where market_id = $1 order by md5(id::text) limit 1000`, [
      market.id,
    ])
  ).rows;
  await db.end();

  console.log(
    '\ngroup | scenario | URLs | req/s | p50 | p97.5 | p99 | max | non-2xx | meets | cores server/pg | CPU ms/req',
  );

  // ---- Dashboard ---------------------------------------------------------------------------
  const today = dayIn(Date.now());
  const dashboardPath = (end, days) =>
    `/api/Analytics/get-dashboard?marketId=${market.id}&startDate=${addDays(end, 1 - days)}&endDate=${end}`;
  if (!ONLY || ONLY.test('dashboard')) {
    // The first request of a process counts 180 days of visits; every finished day is then known.
    const cold = await timeOnce(dashboardPath(today, 90), token);
    const again = await timeOnce(dashboardPath(today, 90), token);
    console.log(
      `dashboard, 90 days, first request of the process: ${cold.ms} ms; the same again: ${again.ms} ms ` +
        `(revenue ${cold.data.current.revenue}, orders ${cold.data.current.orders}, sessions ${cold.data.current.sessions})`,
    );
    rows.push({ group: 'dashboard', scenario: '90 days, first request after start (cold)', single: cold.ms });
    // 90-day ranges ending on each of the last 30 days (the merchant moves the range around).
    const ranges = Array.from({ length: 30 }, (_, i) => dashboardPath(addDays(today, -i), 90));
    for (const url of ranges) await timeOnce(url, token);
    report(
      'dashboard',
      '90 days ending today, one at a time',
      1,
      await measure([dashboardPath(today, 90)], token, 1),
      TARGET.dashboardP99,
    );
    report(
      'dashboard',
      '90-day ranges ending on each of the last 30 days, one at a time',
      30,
      await measure(ranges, token, 1),
      TARGET.dashboardP99,
    );
    report('dashboard', '90-day ranges, 4 merchants at once', 30, await measure(ranges, token, 4), TARGET.dashboardP99);
    report(
      'dashboard',
      '30 days ending today, one at a time',
      1,
      await measure([dashboardPath(today, 30)], token, 1),
      TARGET.dashboardP99,
    );
    report(
      'dashboard',
      '365 days ending today, one at a time',
      1,
      await measure([dashboardPath(today, 365)], token, 1),
    );
  }

  // ---- Orders list -------------------------------------------------------------------------
  const list = (query) => `/api/Order/market?marketId=${market.id}&pageSize=50${query}`;
  const probe = await fetch(`${origin}${list('')}`, { headers: { authorization: `Bearer ${token}` } });
  if (probe.status !== 200) {
    console.log(`GET /Order/market answers ${probe.status}: the orders list is not there yet, not measured`);
  } else if (!ONLY || ONLY.test('list')) {
    const scenarios = [
      ['default (all, newest), page 1', [list('')]],
      ['view unfulfilled, page 1', [list('&view=unfulfilled')]],
      ['view open, page 1', [list('&view=open')]],
      ['view closed, page 1', [list('&view=closed')]],
      ['payment status pending, pages 1–5', [1, 2, 3, 4, 5].map((p) => list(`&paymentStatus=pending&page=${p}`))],
      ['payment status failed, page 1', [list('&paymentStatus=failed')]],
      ['search by number (1,000 numbers)', sample.map((r) => list(`&search=${r.number}`))],
      ['search by e-mail (1,000 addresses)', sample.map((r) => list(`&search=${encodeURIComponent(r.email)}`))],
      // Text: the trigram index. A part of an address names an order or a few; a surname one in eight.
      [
        'search by part of an e-mail (1,000)',
        sample.map((r) => list(`&search=${encodeURIComponent(r.email.split('@')[0].slice(1))}`)),
      ],
      ['search by a surname (8, ~25,000 orders each)', LAST_NAMES.map((n) => list(`&search=${encodeURIComponent(n)}`))],
      [
        'date range, 30 days (24 windows)',
        Array.from({ length: 24 }, (_, i) =>
          list(`&from=${addDays(today, -30 * (i + 1))}&to=${addDays(today, -30 * i - 1)}`),
        ),
      ],
      ['sort total_desc, pages 1–20', Array.from({ length: 20 }, (_, i) => list(`&sort=total_desc&page=${i + 1}`))],
      ['deep page 2,000 (newest)', [list('&page=2000')]],
    ];
    for (const [scenario, paths] of scenarios) {
      report('orders list', scenario, paths.length, await measure(paths, token, LIST_CONNECTIONS), TARGET.listP99);
    }
  }
  console.log(`\nload average at end: ${load()}`);
  console.log(JSON.stringify({ facts, rows }));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
