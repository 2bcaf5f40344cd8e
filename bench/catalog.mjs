// Figure (catalog issue) on PostgreSQL: a store with 10,000 products and 50,000 variants,
// GET /Products/all/{marketId} (24 per page, any sort or filter) p99 < 30 ms and ≥ 2,000 req/s
// on 2 cores. The merchant, store, categories and a collection go through the API; the 10,000
// products are inserted directly (the API would take minutes), with the derived columns the
// product service keeps. Loopback only, bounded in time, stops by itself.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchServer, benchStore, prng } from './lib.mjs';

const PRODUCTS = 10_000;
const VARIANTS_PER_PRODUCT = 5;
const CATEGORIES = 20;
const COLLECTION_SIZE = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 7);
const CONNECTIONS = 32;
const TARGET = { p99: 30, rps: 2000 };
/** Profiling aids: run only the scenarios whose "viewer scenario" matches; keep the database. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** Experiment aid: SQL run after seeding (e.g. a proposed index), without touching the server. */
const EXTRA_SQL = process.env.BENCH_EXTRA_SQL;

const started = Date.now();
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = load();
console.log(`load average at start: ${loadAtStart} (${os.cpus().length} CPUs)`);

const { origin, database, server, cleanUp } = await benchServer({ name: 'catalog', port: 3293, minutes: 8 });
const databaseUrl = database.url;

// ---- Seed data --------------------------------------------------------------------------------

const random = prng(20261121);
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));

const BRANDS = [
  'Nordic',
  'Atlas',
  'Kaspi',
  'Bakı',
  'Lumen',
  'Orbit',
  'Vega',
  'Terra',
  'Zefir',
  'Halo',
  'Merid',
  'Sahil',
];
const COLORS = [
  'Black',
  'White',
  'Crimson',
  'Navy',
  'Olive',
  'Sand',
  'Ivory',
  'Charcoal',
  'Teal',
  'Coral',
  'Mustard',
  'Lilac',
  'Rust',
  'Mint',
  'Slate',
  'Burgundy',
  'Denim',
  'Pearl',
  'Amber',
  'Forest',
];
const MATERIALS = [
  'Linen',
  'Cotton',
  'Wool',
  'Silk',
  'Leather',
  'Suede',
  'Denim',
  'Cashmere',
  'Velvet',
  'Canvas',
  'Bamboo',
  'Satin',
  'Tweed',
  'Jersey',
  'Fleece',
];
const NOUNS = [
  'Shirt',
  'Jacket',
  'Dress',
  'Scarf',
  'Sweater',
  'Trousers',
  'Skirt',
  'Coat',
  'Hoodie',
  'Blouse',
  'Cardigan',
  'Vest',
  'Shorts',
  'Jeans',
  'Tote Bag',
  'Backpack',
  'Belt',
  'Cap',
  'Beanie',
  'Gloves',
  'Sneakers',
  'Loafers',
  'Boots',
  'Sandals',
  'Wallet',
  'Pyjamas',
  'Robe',
  'Blazer',
  'Tunic',
  'Poncho',
];
const CATEGORY_NAMES = [
  'Shirts',
  'Outerwear',
  'Dresses',
  'Accessories',
  'Knitwear',
  'Trousers',
  'Skirts',
  'Coats',
  'Sportswear',
  'Blouses',
  'Basics',
  'Summer',
  'Denim',
  'Bags',
  'Footwear',
  'Home',
  'Kids',
  'Sale',
  'New In',
  'Gifts',
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

function seedProducts(marketId, ownerId, categoryIds) {
  const titles = new Set();
  while (titles.size < PRODUCTS) {
    titles.add(`${pick(BRANDS)} ${pick(COLORS)} ${pick(MATERIALS)} ${pick(NOUNS)}`);
  }
  // Categories are not equally full: weight 1/sqrt(rank).
  const weights = categoryIds.map((_, i) => 1 / Math.sqrt(i + 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const category = () => {
    let r = random() * totalWeight;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r <= 0) return categoryIds[i];
    }
    return categoryIds.at(-1);
  };
  const now = Date.now();
  const products = [];
  const variants = [];
  let index = 0;
  for (const title of titles) {
    index++;
    const id = randomUUID();
    const brandCode = title.slice(0, 3).toUpperCase();
    // Prices: log-uniform 1 … 2,000 AZN, in qəpik ending in 99 or 00.
    const base = Math.round(Math.exp(Math.log(100) + random() * (Math.log(200_000) - Math.log(100))) / 100) * 100;
    const status = random() < 0.12 ? 'passive' : 'active';
    const kind = random();
    const trackQuantity = kind >= 0.05; // 5 % not tracked
    const soldOut = trackQuantity && kind < 0.15; // 10 % tracked and out of stock
    const continueSelling = soldOut && random() < 0.3; // some of those still sell
    const sizeStart = int(0, SIZES.length - 3);
    const sizes = SIZES.slice(sizeStart, sizeStart + 3);
    const colors = [pick(COLORS), pick(COLORS)];
    if (colors[0] === colors[1]) colors[1] = colors[0] === 'Black' ? 'White' : 'Black';
    const options = [
      { name: 'Size', values: sizes },
      { name: 'Color', values: colors },
    ];
    // Five of the six combinations.
    const combos = sizes.flatMap((s) => colors.map((c) => [s, c]));
    combos.splice(int(0, combos.length - 1), 1);
    const onSale = random() < 0.2;
    const rows = combos.slice(0, VARIANTS_PER_PRODUCT).map((values, position) => {
      const price = Math.max(99, base + position * Math.round(base * 0.05) - 1);
      return {
        id: randomUUID(),
        productId: id,
        position,
        options: values,
        price,
        compareAtPrice: onSale ? Math.round(price * 1.25) : null,
        sku: `${brandCode}-${String(index).padStart(5, '0')}-${position + 1}`,
        barcode: String(4_760_000_000_000 + index * 10 + position),
        stock: soldOut || !trackQuantity ? 0 : random() < 0.25 ? 0 : int(1, 60),
        imageUrl: null,
      };
    });
    variants.push(...rows);
    const cheapest = rows.reduce((a, b) => (b.price < a.price ? b : a));
    const stock = rows.reduce((sum, v) => sum + v.stock, 0);
    const createdAt = new Date(now - Math.floor(random() * 730 * 86_400_000));
    const images = Array.from({ length: int(1, 5) }, () => `/uploads/${ownerId}/${randomUUID()}.webp`);
    const words = int(30, 120);
    const description = `<p>${Array.from({ length: words }, () => pick([...MATERIALS, ...NOUNS, ...COLORS]).toLowerCase()).join(' ')}.</p>`;
    products.push({
      id,
      marketId,
      categoryId: category(),
      title,
      description,
      price: cheapest.price,
      compareAtPrice: cheapest.compareAtPrice,
      trackQuantity,
      continueSelling,
      hasSku: true,
      sku: null,
      barcode: null,
      stock,
      status,
      weightGrams: int(50, 3000),
      images: JSON.stringify(images),
      options: JSON.stringify(options),
      variantCount: rows.length,
      inStock: !trackQuantity || continueSelling || stock > 0,
      searchText: [title, ...rows.map((v) => v.sku)].join(' ').toLowerCase(),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + Math.floor(random() * 86_400_000)),
    });
  }
  return { products, variants: variants.map((v) => ({ ...v, marketId, options: JSON.stringify(v.options) })) };
}

const PRODUCT_COLUMNS = {
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
  barcode: 'barcode',
  stock: 'stock',
  status: 'status',
  weight_grams: 'weightGrams',
  images: 'images',
  options: 'options',
  variant_count: 'variantCount',
  in_stock: 'inStock',
  search_text: 'searchText',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};
const VARIANT_COLUMNS = {
  id: 'id',
  product_id: 'productId',
  market_id: 'marketId',
  position: 'position',
  options: 'options',
  price: 'price',
  compare_at_price: 'compareAtPrice',
  sku: 'sku',
  barcode: 'barcode',
  stock: 'stock',
  image_url: 'imageUrl',
};

/** Multi-row INSERTs, `batch` rows each (PostgreSQL allows 65,535 parameters a statement). */
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

// ---- Load ---------------------------------------------------------------------------------------

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** CPU seconds so far of a process (utime + stime from /proc; Linux only, else 0). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/**
 * CPU seconds of the PostgreSQL backends serving this benchmark's database (the cluster may be
 * shared with other work: only processes titled "postgres: … <database> …" count).
 */
function postgresCpuSeconds() {
  const database = new URL(databaseUrl).pathname.slice(1);
  let total = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (title.startsWith('postgres:') && title.includes(` ${database} `)) total += cpuSeconds(pid);
      } catch {
        // gone
      }
    }
  } catch {
    // no /proc
  }
  return total;
}
function cpuSnapshot() {
  const own = process.cpuUsage();
  return {
    at: Date.now(),
    server: cpuSeconds(server.child.pid),
    postgres: postgresCpuSeconds(),
    loadGenerator: (own.user + own.system) / 1e6,
  };
}
/** Cores used by the server, PostgreSQL and autocannon between two snapshots. */
function cpuSplit(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const share = (key) => Number(((after[key] - before[key]) / seconds).toFixed(2));
  return { server: share('server'), postgres: share('postgres'), loadGenerator: share('loadGenerator') };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: origin, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** One autocannon run over `paths` (one fixed path, or a rotation), answering the figures. */
async function measure(paths, token, seconds = SECONDS) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  let i = 0;
  const requests =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }];
  const before = cpuSnapshot();
  const result = await run({ duration: seconds, connections: CONNECTIONS, pipelining: 1, headers, requests });
  const cpu = cpuSplit(before, cpuSnapshot());
  return {
    cpu,
    // Server + PostgreSQL CPU milliseconds per answered request: what the figure costs, whatever
    // else the machine is doing.
    cpuMsPerRequest: Number((((cpu.server + cpu.postgres) * 1000) / Math.max(1, result.requests.average)).toFixed(2)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const results = [];
try {
  const { call, token, owner, market } = await benchStore(origin, 'catalog-bench@shop.az', 'bench-catalog');
  const categoryIds = [];
  for (const name of CATEGORY_NAMES.slice(0, CATEGORIES)) {
    const category = await call('/Category/create', { method: 'POST', body: { marketId: market.id, name } });
    categoryIds.push(category.id);
  }

  // 10,000 products and 50,000 variants, straight into the tables.
  const seedStarted = Date.now();
  const { products, variants } = seedProducts(market.id, owner.id, categoryIds);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query('begin');
  await insertRows(db, 'products', PRODUCT_COLUMNS, products, 1000);
  await insertRows(db, 'product_variants', VARIANT_COLUMNS, variants, 4000);
  await db.query('commit');
  await db.query('update markets set catalog_version = catalog_version + 1 where id = $1', [market.id]);
  if (EXTRA_SQL) {
    console.log(`experiment: ${EXTRA_SQL}`);
    await db.query(EXTRA_SQL);
  }
  // What autovacuum does a minute later on a live store (PostgreSQL ≥ 13 vacuums after inserts).
  await db.query('vacuum analyze products');
  await db.query('vacuum analyze product_variants');
  const stats = (
    await db.query(
      `select count(*)::int as products, count(*) filter (where status = 'passive')::int as passive,
              count(*) filter (where not in_stock)::int as out, sum(variant_count)::int as variants,
              min(price) as min_price, max(price) as max_price
         from products where market_id = $1`,
      [market.id],
    )
  ).rows[0];
  await db.end();
  console.log(
    `seeded ${stats.products} products (${stats.passive} passive, ${stats.out} out of stock), ${stats.variants} variants, prices ${stats.min_price}–${stats.max_price} qəpik, in ${Date.now() - seedStarted} ms`,
  );

  // A collection of 100 products, through the API.
  const members = shuffle(products.map((p) => p.id)).slice(0, COLLECTION_SIZE);
  const collection = await call('/Collection/create-collection-and-product-collection', {
    method: 'POST',
    body: {
      marketId: market.id,
      title: 'Bench picks',
      coverImageUrl: `/uploads/${owner.id}/cover.webp`,
      productIds: members,
    },
  });

  // ---- Scenarios -------------------------------------------------------------------------------
  const list = (query = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return `/api/Products/all/${market.id}${search ? `?${search}` : ''}`;
  };
  const pagesOf = (n) => Math.max(1, Math.ceil(n / 24));
  const visible = (viewer) => products.filter((p) => viewer === 'owner' || p.status === 'active');
  const titleFragments = [
    ...NOUNS.map((n) => n.toLowerCase()),
    ...MATERIALS.map((m) => m.toLowerCase()),
    ...BRANDS.map((b) => b.toLowerCase()),
    ...MATERIALS.flatMap((m) => NOUNS.slice(0, 8).map((n) => `${m} ${n}`.toLowerCase())),
    'lin',
    'jack',
    'sweat',
    'oat',
  ];
  const skus = shuffle(variants.map((v) => v.sku.toLowerCase())).slice(0, 5000);

  const scenarios = (viewer) => {
    const mine = visible(viewer);
    const inStock = mine.filter((p) => p.inStock).length;
    const out = mine.length - inStock;
    const rows = [
      ['default (newest), page 1, one URL', [list()]],
      ['default (newest), every page', shuffle(range(1, pagesOf(mine.length)).map((page) => list({ page })))],
      ...['price_asc', 'price_desc', 'name_asc', 'name_desc'].map((sort) => [
        `sort ${sort}, pages 1–50`,
        shuffle(range(1, 50).map((page) => list({ sort, page }))),
      ]),
      [
        'category, 20 categories × pages 1–5',
        shuffle(categoryIds.flatMap((categoryId) => range(1, 5).map((page) => list({ categoryId, page })))),
      ],
      ['stock=in, pages 1–50', shuffle(range(1, 50).map((page) => list({ stock: 'in', page })))],
      ['stock=out, every page', shuffle(range(1, pagesOf(out)).map((page) => list({ stock: 'out', page })))],
      [
        'deep page 200, each sort',
        ['newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'].map((sort) => list({ sort, page: 200 })),
      ],
      [
        `search title fragment (${titleFragments.length} terms)`,
        shuffle(titleFragments.map((search) => list({ search }))),
      ],
      [`search SKU (${skus.length} SKUs)`, skus.map((search) => list({ search }))],
      ['collection (100 products), pages 1–5', range(1, 5).map((page) => list({ collectionId: collection.id, page }))],
    ];
    if (viewer === 'owner') {
      rows.push([
        'status filter (active, passive), pages 1–20',
        shuffle(['active', 'passive'].flatMap((status) => range(1, 20).map((page) => list({ status, page })))),
      ]);
    }
    return rows.map(([name, paths]) => ({ viewer, name, paths }));
  };
  // What the machine gives a trivial signed-in request right now (one prepared query; the auth
  // benchmark's second figure): read the list figures against it on a busy machine.
  const reference = {
    viewer: 'owner',
    name: 'reference: GET /User/get-user (not a list)',
    paths: ['/api/User/get-user'],
    reference: true,
  };
  const all = [reference, ...scenarios('public'), ...scenarios('owner')].filter(
    (s) => !ONLY || ONLY.test(`${s.viewer} ${s.name}`),
  );

  // Each scenario's first URL answers and is a page of the catalog (a broken filter fails here).
  for (const s of all.filter((s) => !s.reference)) {
    const response = await fetch(`${origin}${s.paths[0]}`, {
      headers: s.viewer === 'owner' ? { authorization: `Bearer ${token}` } : {},
    });
    const body = await response.json();
    if (response.status !== 200 || !Array.isArray(body.data?.items)) {
      throw new Error(`${s.viewer} ${s.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    s.total = body.data.total;
  }

  // Warm up (JIT, connection pool, PostgreSQL buffers) before anything is measured.
  await measure(scenarios('public')[1].paths, undefined, 3);
  await measure(scenarios('owner')[1].paths, token, 2);

  console.log(
    `\n${all.length} runs, ${SECONDS} s each, ${CONNECTIONS} connections; target p99 < ${TARGET.p99} ms and ≥ ${TARGET.rps} req/s`,
  );
  console.log(
    'viewer  | scenario                                        | URLs | total  | req/s | p50 | p97.5 | p99 | non-2xx | meets | cores: server/pg/autocannon | CPU ms/req',
  );
  for (const s of all) {
    const figures = await measure(s.paths, s.viewer === 'owner' ? token : undefined);
    const meets = s.reference
      ? null
      : figures.p99 < TARGET.p99 && figures.rps >= TARGET.rps && figures.non2xx === 0 && figures.errors === 0;
    results.push({
      viewer: s.viewer,
      scenario: s.name,
      urls: s.paths.length,
      total: s.total ?? null,
      ...figures,
      meets,
    });
    console.log(
      [
        s.viewer.padEnd(7),
        s.name.padEnd(47),
        String(s.paths.length).padStart(4),
        String(s.total ?? '–').padStart(6),
        String(figures.rps).padStart(5),
        String(figures.p50).padStart(3),
        String(figures.p97_5).padStart(5),
        String(figures.p99).padStart(3),
        String(figures.non2xx + figures.errors).padStart(7),
        (meets === null ? '–' : meets ? 'yes' : 'NO').padEnd(5),
        `${figures.cpu.server}/${figures.cpu.postgres}/${figures.cpu.loadGenerator}`.padEnd(26),
        figures.cpuMsPerRequest,
      ].join(' | '),
    );
  }
  const loadAtEnd = load();
  console.log(`\nload average at end: ${loadAtEnd}; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    JSON.stringify({
      products: stats.products,
      variants: stats.variants,
      seconds: SECONDS,
      connections: CONNECTIONS,
      loadAverageStart: loadAtStart,
      loadAverageEnd: loadAtEnd,
      met: results.filter((r) => r.meets).length,
      of: results.filter((r) => r.meets !== null).length,
      results,
    }),
  );
  if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
} finally {
  await cleanUp();
}
