// Figure (issue 16, storefront search) on PostgreSQL: a store of 10,000 products with Azerbaijani
// titles; GET /api/Storefront/search-suggestions — what the header's box asks as a shopper types —
// p99 < 30 ms and ≥ 1,000 req/s on 2 cores. Terms as shoppers type them: word beginnings letter by
// letter, words without their Azerbaijani letters, a letter missing, two words, SKUs, nothing found.
// The merchant, store and categories go through the API; the products are inserted directly with
// the search text the product service writes (searchFold, below). Loopback only, stops by itself.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchServer, benchStore, prng } from './lib.mjs';

const PRODUCTS = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 7);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET = { p99: 30, rps: 1000 };
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;

const started = Date.now();
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = load();
console.log(`load average at start: ${loadAtStart} (${os.cpus().length} CPUs)`);

const { origin, database, server, cleanUp } = await benchServer({ name: 'search', port: 3294, minutes: 8 });

/** packages/shared searchFold, as the product service writes search_text (this file is plain JS). */
function searchFold(text) {
  const base = { ə: 'e', ş: 's', ç: 'c', ğ: 'g', ö: 'o', ü: 'u' };
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i')
    .replace(/[əşçğöü]/g, (c) => base[c]);
}

const random = prng(20261216);
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));

const STYLES = [
  'Klassik',
  'Yay',
  'Qış',
  'Yüngül',
  'İsti',
  'Rahat',
  'Dar',
  'Geniş',
  'Oversize',
  'Uşaq',
  'Qadın',
  'Kişi',
];
const COLOURS = ['qara', 'ağ', 'qırmızı', 'göy', 'yaşıl', 'sarı', 'boz', 'bənövşəyi', 'çəhrayı', 'qəhvəyi', 'bej'];
const MATERIALS = ['pambıq', 'kətan', 'yun', 'ipək', 'dəri', 'zamşa', 'kaşemir', 'məxmər', 'cins', 'trikotaj'];
const NOUNS = [
  'köynək',
  'futbolka',
  'şalvar',
  'gödəkcə',
  'sviter',
  'ətək',
  'palto',
  'don',
  'şərf',
  'çanta',
  'kəmər',
  'papaq',
  'əlcək',
  'corab',
  'ayaqqabı',
  'çəkmə',
  'bluza',
  'jilet',
  'şort',
  'pencək',
];
const CATEGORY_NAMES = [
  'Köynəklər',
  'Şalvarlar',
  'Üst geyimlər',
  'Aksesuarlar',
  'Ayaqqabılar',
  'Çantalar',
  'Uşaq geyimləri',
  'Qadın geyimləri',
  'Kişi geyimləri',
  'Yay kolleksiyası',
  'Qış kolleksiyası',
  'Endirimlər',
];

function seedProducts(marketId, ownerId, categoryIds) {
  const titles = new Set();
  while (titles.size < PRODUCTS) {
    titles.add(`${pick(STYLES)} ${pick(COLOURS)} ${pick(MATERIALS)} ${pick(NOUNS)}`);
  }
  const now = Date.now();
  const rows = [];
  let index = 0;
  for (const title of titles) {
    index++;
    const noun = title.split(' ').at(-1);
    const sku = `${searchFold(noun).slice(0, 3).toUpperCase()}-${String(index).padStart(5, '0')}`;
    const trackQuantity = random() > 0.05;
    const stock = trackQuantity ? (random() < 0.1 ? 0 : int(1, 80)) : 0;
    const createdAt = new Date(now - Math.floor(random() * 730 * 86_400_000));
    rows.push({
      id: randomUUID(),
      marketId,
      categoryId: pick(categoryIds),
      title,
      description: `<p>${title}: gündəlik geyim üçün.</p>`,
      price: Math.round(int(500, 40_000) / 100) * 100 - 1,
      compareAtPrice: null,
      trackQuantity,
      continueSelling: false,
      hasSku: true,
      sku,
      stock,
      // 12 % passive: never suggested.
      status: random() < 0.12 ? 'passive' : 'active',
      images: JSON.stringify([`/uploads/${ownerId}/${randomUUID()}.webp`]),
      inStock: !trackQuantity || stock > 0,
      searchText: searchFold([title, sku].join(' ')),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

const COLUMNS = {
  id: 'id',
  market_id: 'marketId',
  category_id: 'categoryId',
  title: 'title',
  description: 'description',
  price: 'price',
  compare_at_price: 'compareAtPrice',
  track_quantity: 'trackQuantity',
  continue_selling: 'continueSelling',
  has_sku: 'hasSku',
  sku: 'sku',
  stock: 'stock',
  status: 'status',
  images: 'images',
  in_stock: 'inStock',
  search_text: 'searchText',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

async function insertRows(client, table, columns, rows, batch) {
  const names = Object.keys(columns);
  const keys = Object.values(columns);
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const values = [];
    const tuples = chunk.map((row, r) => {
      for (const key of keys) values.push(row[key]);
      return `(${keys.map((_, c) => `$${r * keys.length + c + 1}`).join(',')})`;
    });
    await client.query(`insert into ${table} (${names.join(',')}) values ${tuples.join(',')}`, values);
  }
}

// ---- Terms, as shoppers type them --------------------------------------------------------------

/** What a word looks like typed on a keyboard without Azerbaijani letters. */
const plain = (word) => searchFold(word);
/** A letter dropped from the middle of a word (a typo). */
const dropped = (word) => {
  const at = int(1, Math.max(1, word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};
/** Each beginning of a word, as the box sees it letter by letter (from 2 letters). */
const prefixes = (word) => Array.from({ length: Math.max(0, word.length - 1) }, (_, i) => word.slice(0, i + 2));

function termPool() {
  const words = [...NOUNS, ...COLOURS, ...MATERIALS, ...STYLES.map((s) => s.toLowerCase())];
  const popular = new Set();
  for (const word of words) {
    for (const p of prefixes(word)) popular.add(p);
    popular.add(plain(word));
    if (word.length >= 5) popular.add(dropped(word));
  }
  // Two and three words, the last being typed, and words with a typo: what a shopper narrows down
  // to. More distinct terms than a run asks for, each asked once: the database answers every one.
  const distinct = new Set();
  for (const colour of COLOURS) {
    for (const noun of NOUNS) {
      for (const p of prefixes(noun)) {
        distinct.add(`${colour} ${p}`);
        distinct.add(`${plain(colour)} ${plain(p)}`);
        for (const style of STYLES) distinct.add(`${style.toLowerCase().slice(0, int(3, 6))} ${colour} ${p}`);
        for (const material of MATERIALS) distinct.add(`${colour} ${material.slice(0, int(3, 6))} ${p}`);
      }
      distinct.add(`${noun} ${colour.slice(0, int(2, colour.length))}`);
      distinct.add(`${dropped(plain(noun))} ${colour}`);
    }
  }
  for (const material of MATERIALS) {
    for (const noun of NOUNS) {
      for (const p of prefixes(noun)) distinct.add(`${material} ${p}`);
      distinct.add(`${plain(material)} ${dropped(plain(noun))}`);
    }
  }
  for (let i = 1; i <= PRODUCTS; i += 7) distinct.add(`${String(i).padStart(5, '0')}`);
  for (let i = 0; i < 2000; i++) distinct.add(`zq${i}xw`);
  return { popular: [...popular], distinct: [...distinct] };
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** CPU seconds so far of a process (utime + stime from /proc; Linux only, else 0). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** CPU seconds of the PostgreSQL backends of this benchmark's database only (the cluster may be busy with other work). */
function postgresCpuSeconds() {
  const name = new URL(database.url).pathname.slice(1);
  let total = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (title.startsWith('postgres:') && title.includes(` ${name} `)) total += cpuSeconds(pid);
      } catch {
        // gone
      }
    }
  } catch {
    // no /proc
  }
  return total;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: origin, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(paths, seconds = SECONDS) {
  let i = 0;
  const before = { server: cpuSeconds(server.child.pid), postgres: postgresCpuSeconds() };
  const result = await run({
    duration: seconds,
    connections: CONNECTIONS,
    pipelining: 1,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
  });
  const serverMs = (cpuSeconds(server.child.pid) - before.server) * 1000;
  const postgresMs = (postgresCpuSeconds() - before.postgres) * 1000;
  const per = (ms) => Number((ms / Math.max(1, result.requests.total)).toFixed(2));
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
    // Server + PostgreSQL CPU milliseconds per answer: what a suggestion costs, however busy the machine.
    cpuMsPerRequest: per(serverMs + postgresMs),
    serverMsPerRequest: per(serverMs),
    postgresMsPerRequest: per(postgresMs),
  };
}

const results = [];
try {
  const { call, owner, market } = await benchStore(origin, 'search-bench@shop.az', 'bench-search');
  const categoryIds = [];
  for (const name of CATEGORY_NAMES) {
    categoryIds.push((await call('/Category/create', { method: 'POST', body: { marketId: market.id, name } })).id);
  }
  const seedStarted = Date.now();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query('begin');
  await insertRows(db, 'products', COLUMNS, seedProducts(market.id, owner.id, categoryIds), 1000);
  await db.query('commit');
  await db.query('update markets set catalog_version = catalog_version + 1 where id = $1', [market.id]);
  await db.query('vacuum analyze products');
  const [stats] = (
    await db.query(
      `select count(*)::int as products, count(*) filter (where status = 'passive')::int as passive
         from products where market_id = $1`,
      [market.id],
    )
  ).rows;
  await db.end();
  console.log(`seeded ${stats.products} products (${stats.passive} passive) in ${Date.now() - seedStarted} ms`);

  const url = (q) => `/api/Storefront/search-suggestions?marketId=${market.id}&q=${encodeURIComponent(q)}`;
  // What the shopper sees: misspelled and unmarked words find the marked titles.
  for (const [q, expected] of [
    ['koynek', 'köynək'],
    ['köynek', 'köynək'],
    ['qirmizi', 'qırmızı'],
    ['gödekce', 'gödəkcə'],
    ['sviterr', 'sviter'],
  ]) {
    const body = await (await fetch(`${origin}${url(q)}`)).json();
    const titles = body.data?.products?.map((p) => p.title) ?? [];
    if (titles.length === 0 || !titles.every((t) => t.includes(expected))) {
      throw new Error(`"${q}" suggested ${JSON.stringify(titles)}, expected titles with "${expected}"`);
    }
  }

  const { popular, distinct } = termPool();
  const scenarios = [
    {
      name: `as typed: ${popular.length} popular terms (word beginnings, unmarked, typos), cache warm`,
      paths: shuffle(popular.map(url)),
    },
    {
      name: `${distinct.length} distinct terms (2–3 words, typos, SKUs, nothing found), none asked twice`,
      paths: shuffle(distinct.map(url)),
    },
  ].filter((s) => !ONLY || ONLY.test(s.name));

  // Warm up (JIT, the pool's prepared statements, PostgreSQL's buffers), on other terms than measured.
  await measure(popular.map(url), 3);

  console.log(
    `\n${scenarios.length} runs, ${SECONDS} s each, ${CONNECTIONS} connections; target p99 < ${TARGET.p99} ms and ≥ ${TARGET.rps} req/s`,
  );
  console.log('scenario | req/s | p50 | p97.5 | p99 | max | non-2xx | meets | CPU ms/req: server + pg');
  for (const s of scenarios) {
    const figures = await measure(s.paths);
    const meets = figures.p99 < TARGET.p99 && figures.rps >= TARGET.rps && !figures.non2xx && !figures.errors;
    results.push({ scenario: s.name, urls: s.paths.length, ...figures, meets });
    console.log(
      [
        s.name,
        figures.rps,
        figures.p50,
        figures.p97_5,
        figures.p99,
        figures.max,
        figures.non2xx + figures.errors,
        meets ? 'yes' : 'NO',
        `${figures.cpuMsPerRequest}: ${figures.serverMsPerRequest} + ${figures.postgresMsPerRequest}`,
      ].join(' | '),
    );
  }
  const loadAtEnd = load();
  console.log(`\nload average at end: ${loadAtEnd}; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    JSON.stringify({
      products: stats.products,
      seconds: SECONDS,
      connections: CONNECTIONS,
      loadAverageStart: loadAtStart,
      loadAverageEnd: loadAtEnd,
      results,
    }),
  );
  if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
} finally {
  await cleanUp();
}
