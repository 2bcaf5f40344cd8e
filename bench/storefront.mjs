// Figure (issue 4) on PostgreSQL, 2 cores: the server-rendered product page ≥ 500 req/s with
// p99 < 50 ms. A store of 200 products (two options, four variants each) is made through the
// API; then autocannon asks for product pages (one URL, and a rotation over all 200), the store
// home and a category list, as an anonymous shopper's browser would (cookie language=az). Every
// product is in a live bundle (pairs, with a countdown) and the store has a live pop-up (issue 13:
// pages with offers stay within the figures); BENCH_OFFERS=0 measures the store without them.
// Loopback only, bounded in time, stops by itself.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { benchServer, benchStore } from './lib.mjs';

const PRODUCTS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET = { rps: 500, p99: 50 };
const OFFERS = process.env.BENCH_OFFERS !== '0';

console.log(
  `load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const { origin, server, cleanUp } = await benchServer({ name: 'storefront', port: 3294, minutes: 6 });

/**
 * The store's home as issue 16 measures it: eight sections — a hero with a 1600 px banner photo
 * (~150 KB WebP, uploaded through POST /Section/bannerItem), a featured collection, the category
 * grid, newest and best-selling grids, image with text, rich text and the newsletter — published.
 */
async function themeWithEightSections(call, token, marketId, categoryId, productIds, image) {
  // A photograph's weight: a gradient with grain, as a camera's picture compresses.
  const width = 1600;
  const height = 700;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9d8c4"/><stop offset="1" stop-color="#7a4e3a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  const photo = await sharp(gradient)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'banner.jpg');
  const uploaded = await fetch(`${origin}/api/Section/bannerItem?marketId=${marketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const banner = (await uploaded.json()).data;
  const webp = await fetch(`${origin}${banner.url}`).then((r) => r.arrayBuffer());
  console.log(`banner: ${banner.width}×${banner.height}, ${Math.round(webp.byteLength / 1024)} KB WebP`);
  const collection = await call('/Collection/create-collection-and-product-collection', {
    method: 'POST',
    body: { marketId, title: 'Summer', coverImageUrl: image, productIds: productIds.slice(0, 8) },
  });
  const id = () => crypto.randomUUID();
  await call(`/Section/bulk-update-sections/${marketId}`, {
    method: 'POST',
    body: {
      sections: [
        {
          id: id(),
          type: 'hero',
          slides: [
            {
              id: id(),
              imageUrl: banner.url,
              alt: 'Summer shirts',
              heading: 'Summer is here',
              text: 'Light cotton shirts for warm days.',
              buttonLabel: 'Shop the collection',
              link: `/collection/${collection.id}`,
            },
          ],
        },
        { id: id(), type: 'featuredCollection', collectionId: collection.id, limit: 8 },
        { id: id(), type: 'categoryGrid', categoryIds: [categoryId] },
        { id: id(), type: 'productGrid', source: 'newest', limit: 8 },
        { id: id(), type: 'productGrid', source: 'bestSelling', limit: 4 },
        {
          id: id(),
          type: 'imageWithText',
          imageUrl: image,
          alt: 'A shirt',
          heading: 'Made to last',
          html: '<p>Every shirt is <strong>cotton</strong>, sewn to be worn for years.</p>',
          buttonLabel: 'About us',
          link: '/about',
        },
        { id: id(), type: 'richText', heading: 'Delivery', html: '<p>Free delivery in Baku over 50 ₼.</p>' },
        { id: id(), type: 'newsletter' },
      ],
    },
  });
  await call(`/Section/publish/${marketId}`, { method: 'POST' });
}

function serverCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function measure(paths, { cookie = 'language=az', encoding } = {}) {
  let i = 0;
  const requests =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }];
  const cpuBefore = serverCpuSeconds();
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        duration: SECONDS,
        connections: CONNECTIONS,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(encoding ? { 'accept-encoding': encoding } : {}),
          accept: 'text/html',
        },
        requests,
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  const cpu = serverCpuSeconds() - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCores: Number((cpu / SECONDS).toFixed(2)),
    serverCpuMsPerRequest: Number(((cpu * 1000) / Math.max(1, result.requests.total)).toFixed(2)),
  };
}

try {
  const { call, token, market } = await benchStore(origin, 'storefront-bench@shop.az', 'bench-store');
  await call('/Market/update-store', {
    method: 'PUT',
    body: { id: market.id, description: 'A store for the storefront benchmark.' },
  });
  const category = await call('/Category/create', { method: 'POST', body: { marketId: market.id, name: 'Shirts' } });
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 30, g: 120, b: 160 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'shirt.png');
  const uploaded = await fetch(`${origin}/api/Media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const image = (await uploaded.json()).data.url;
  const ids = [];
  for (let n = 1; n <= PRODUCTS; n++) {
    const product = await call('/Products/create', {
      method: 'POST',
      body: {
        marketId: market.id,
        categoryId: category.id,
        title: `Shirt ${n}`,
        description: `<p>Shirt number ${n}: <strong>cotton</strong>, light, for every day.</p><ul><li>100% cotton</li><li>Washes at 30 °C</li></ul>`,
        images: [image],
        price: 1000 + n * 10,
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
        variants: [
          { options: ['S', 'Red'], price: 1000 + n * 10, stock: 10 },
          { options: ['S', 'Blue'], price: 1100 + n * 10, compareAtPrice: 1500 + n * 10, stock: 3 },
          { options: ['M', 'Red'], price: 1000 + n * 10, stock: 0 },
          { options: ['M', 'Blue'], price: 1200 + n * 10, stock: 20 },
        ],
      },
    });
    ids.push(product.id);
  }
  if (OFFERS) {
    const ends = new Date(Date.now() + 2 * 86_400_000).toISOString();
    for (let n = 0; n < ids.length; n += 2) {
      await call('/Discount', {
        method: 'POST',
        body: {
          kind: 'bundle',
          marketId: market.id,
          name: `Pair ${n / 2 + 1}`,
          title: 'Better together',
          headerTitle: 'Bundle and save',
          footerText: 'While it lasts',
          buttonText: 'Add the bundle',
          percent: 15,
          productIds: ids.slice(n, n + 2),
          template: ['classic', 'spotlight', 'ribbon'][n % 3],
          colour: '#0a7d5a',
          timer: { days: 3, hours: 0, minutes: 0, seconds: 0 },
          endsAt: ends,
        },
      });
    }
    await call('/Discount', {
      method: 'POST',
      body: {
        kind: 'popup',
        marketId: market.id,
        title: 'Welcome',
        subtitle: '10 % off your first order',
        percent: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: ends,
      },
    });
  }
  console.log(OFFERS ? 'offers: every product in a live bundle, a live pop-up' : 'offers: none (BENCH_OFFERS=0)');
  await themeWithEightSections(call, token, market.id, category.id, ids, image);
  const productPaths = ids.map((id) => `/bench-store/product/${id}`);
  // Warm up as a returning shopper's browser (language cookie): each page rendered once.
  const warm = (path) => fetch(`${origin}${path}`, { headers: { cookie: 'language=az' } }).then((r) => r.arrayBuffer());
  for (const path of productPaths) await warm(path);

  // What a product page weighs on the wire, plain and as browsers ask for it (issue 12: cached
  // pages are kept compressed; pages made per request are compressed on the way out).
  const wire = async (path, encoding, cookie = 'language=az') => {
    const response = await new Promise((resolve, reject) =>
      http.get(`${origin}${path}`, { headers: { cookie, 'accept-encoding': encoding } }, resolve).on('error', reject),
    );
    let bytes = 0;
    for await (const chunk of response) bytes += chunk.length;
    return { encoding: response.headers['content-encoding'] ?? 'identity', bytes };
  };
  console.log('\nproduct page on the wire (bytes of the body):');
  for (const encoding of ['identity', 'gzip', 'br']) {
    console.log(`  cached page, accept-encoding ${encoding}:`, await wire(productPaths[0], encoding));
  }
  console.log('  first visit (no language cookie), br:', await wire(productPaths[1], 'br', ''));

  const browser = { encoding: 'br, gzip' };
  const runs = [
    ['product page, one URL', [productPaths[0]]],
    ['product page, one URL, accept-encoding br (kept compressed)', [productPaths[0]], browser],
    [`product pages, ${PRODUCTS} URLs`, productPaths],
    [`product pages, ${PRODUCTS} URLs, accept-encoding br`, productPaths, browser],
    // A first visit (no language cookie yet) gets the default language's kept page and the cookie
    // the root would set (page-cache.ts languageCookieFor): kept pages, not a render each time.
    [`product pages, ${PRODUCTS} URLs, first visits (no language cookie)`, productPaths, { cookie: '' }],
    [
      `product pages, ${PRODUCTS} URLs, first visits, accept-encoding br`,
      productPaths,
      { cookie: '', encoding: 'br, gzip' },
    ],
    ['store home, 8 sections (issue 16)', ['/bench-store']],
    // Every request a page-cache miss (a new query string each time): what one render costs.
    ['store home, 8 sections, every request rendered', Array.from({ length: 50_000 }, (_, i) => `/bench-store?r=${i}`)],
    ['category list, sorted by price', [`/bench-store/category/${category.id}?sort=price_asc`]],
  ];
  const rows = [];
  // BENCH_ONLY: a regular expression over the scenarios' names (a profile of one of them).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  for (const [name, paths, options] of runs) {
    if (only && !only.test(name)) continue;
    const figures = await measure(paths, options);
    const product =
      (name.startsWith('product') && options?.cookie !== '') || name === 'store home, 8 sections (issue 16)';
    const meets = product ? figures.rps >= TARGET.rps && figures.p99 < TARGET.p99 && figures.non2xx === 0 : '–';
    rows.push({ scenario: name, ...figures, meets: meets === true ? 'yes' : meets === false ? 'NO' : meets });
    console.log(name, figures);
  }
  console.log(
    `\n${SECONDS} s per run, ${CONNECTIONS} connections, target for product pages: ≥ ${TARGET.rps} req/s, p99 < ${TARGET.p99} ms`,
  );
  console.log('| scenario | req/s | p50 | p99 | max | non-2xx | server cores | server CPU ms/req | meets |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx + r.errors} | ${r.serverCores} | ${r.serverCpuMsPerRequest} | ${r.meets} |`,
    );
  }
  process.exitCode = rows.every((r) => r.meets !== 'NO') ? 0 : 1;
} finally {
  await cleanUp();
}
