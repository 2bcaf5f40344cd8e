// Decision 015: what writing an answer costs, in process, for the answers of the hot paths — a
// shopper's product list page (24 items), the product page API (2 options, 6 variants), a basket
// (3 lines), a checkout (3 lines, addresses). Serialisers compared on the same objects:
//   JSON.stringify            what Fastify does for a route without a response schema (before)
//   zod + JSON.stringify      fastify-type-provider-zod's serializerCompiler (safeEncode, then stringify)
//   fast-json-stringify       ours in production (platform/serializer.ts, validate off)
//   validate + fjs            ours in tests and development (the zod check, then fjs)
// Each is run in rounds of BENCH_ITERATIONS (default 5,000) calls, interleaved; the median round
// is printed as µs per answer. `node bench/serializers.mjs` (no server, no database).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

const shared = await tsImport(path.join(root, 'packages/shared/src/index.ts'), import.meta.url);
const { responseSerializerCompiler } = await tsImport(
  path.join(root, 'apps/server/src/platform/serializer.ts'),
  import.meta.url,
);
const { serializerCompiler: zodSerializerCompiler } = await import('fastify-type-provider-zod');

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5000);
const ROUNDS = 15;
const now = new Date('2026-11-22T10:00:00Z').getTime();
const iso = (minutesAgo) => new Date(now - minutesAgo * 60_000).toISOString();
const titles = ['Klassik pambıq köynək', 'Yun şərf — qış', 'Dəri çanta «Bakı»', 'Idman ayaqqabısı', 'Ətir 50 ml'];

const listItem = (i) => ({
  id: randomUUID(),
  title: `${titles[i % titles.length]} ${i}`,
  price: 1999 + i * 100,
  compareAtPrice: i % 3 === 0 ? 2999 + i * 100 : null,
  status: 'active',
  imageUrl: i % 5 === 0 ? null : `/uploads/${randomUUID()}/${randomUUID()}.webp`,
  categoryId: randomUUID(),
  sku: null,
  stock: null,
  inStock: i % 7 !== 0,
  variantCount: 5,
  createdAt: iso(i * 90),
});
const sizes = ['S', 'M', 'L'];
const colours = ['Ağ', 'Qara'];
const productView = {
  id: randomUUID(),
  marketId: randomUUID(),
  title: titles[0],
  description: `<p>${'Yumşaq, nəfəs alan pambıq parça; gündəlik geyim üçün. '.repeat(12)}</p><ul><li>100% pambıq</li><li>30°-də yuyulur</li></ul>`,
  categoryId: randomUUID(),
  images: [1, 2, 3].map(() => `/uploads/${randomUUID()}/${randomUUID()}.webp`),
  price: 2999,
  compareAtPrice: 3999,
  trackQuantity: true,
  continueSelling: false,
  hasSku: true,
  sku: 'KPK-001',
  barcode: '4760000000017',
  stock: 42,
  held: 0,
  status: 'active',
  weightGrams: 250,
  options: [
    { name: 'Ölçü', values: sizes },
    { name: 'Rəng', values: colours },
  ],
  variants: sizes.flatMap((size, i) =>
    colours.map((colour, j) => ({
      id: randomUUID(),
      options: [size, colour],
      price: 2999,
      compareAtPrice: i === 0 ? 3999 : null,
      sku: `KPK-${size}-${j}`,
      barcode: `47600000000${i}${j}`,
      stock: 7,
      held: 0,
      imageUrl: null,
    })),
  ),
  inStock: true,
  createdAt: iso(10_000),
  updatedAt: iso(60),
};
const basketLine = (i) => ({
  id: randomUUID(),
  productId: randomUUID(),
  variantId: i % 2 ? randomUUID() : null,
  title: titles[i],
  variantTitle: i % 2 ? 'M / Ağ' : null,
  imageUrl: `/uploads/${randomUUID()}/${randomUUID()}.webp`,
  unitPrice: 2999,
  compareAtPrice: null,
  quantity: i + 1,
  lineTotal: 2999 * (i + 1),
  available: i === 2 ? 3 : null,
});
const basket = {
  id: randomUUID(),
  marketId: randomUUID(),
  uniqueCode: 'v_4f1c2a9e0b7d4c3a9e1f2b3c',
  items: [0, 1, 2].map(basketLine),
  itemCount: 6,
  subtotal: 17994,
  currency: 'AZN',
};
const address = {
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  address1: 'Nizami küçəsi 10, mənzil 5',
  country: 'AZ',
  city: 'Bakı',
  region: 'baku',
  postCode: 'AZ1000',
};
const checkout = {
  id: randomUUID(),
  marketId: randomUUID(),
  marketName: 'demo-store',
  number: 1042,
  name: '#1042',
  paymentStatus: 'unpaid',
  fulfillmentStatus: 'unfulfilled',
  email: 'shopper@example.az',
  phone: '+994102345678',
  shippingAddress: address,
  billingAddress: address,
  note: null,
  shippingTariffId: randomUUID(),
  shippingName: 'Kuryer',
  items: [0, 1, 2].map((i) => {
    // In the schema's order, as the server writes it (a serialiser writes fields in that order).
    const { available: _, imageUrl, unitPrice, compareAtPrice, quantity, lineTotal, ...head } = basketLine(i);
    return { ...head, sku: `SKU-${i}`, imageUrl, unitPrice, compareAtPrice, quantity, lineTotal };
  }),
  weightGrams: 750,
  subtotal: 17994,
  shippingPrice: 500,
  total: 18494,
  currency: 'AZN',
  reservedUntil: iso(-15),
  placedAt: iso(0),
  paidAt: null,
  cardMask: null,
};

const cases = [
  {
    name: 'product list page (24 items)',
    schema: shared.productListPageSchema,
    data: { items: Array.from({ length: 24 }, (_, i) => listItem(i)), total: 8736, page: 1, pageSize: 24 },
  },
  { name: 'product page API (6 variants)', schema: shared.productViewSchema, data: productView },
  { name: 'basket (3 lines)', schema: shared.basketSchema, data: basket },
  { name: 'checkout (3 lines, addresses)', schema: shared.checkoutSchema, data: checkout },
];

const route = (schema) => ({ schema: shared.envelope(schema), method: 'GET', url: '/bench', httpStatus: '200' });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`Node.js ${process.versions.node}; µs per answer, median of ${ROUNDS} rounds of ${ITERATIONS}`);
const rows = [];
for (const { name, schema, data } of cases) {
  const body = { data };
  const serialisers = {
    'JSON.stringify': (value) => JSON.stringify(value),
    'zod + JSON.stringify': zodSerializerCompiler(route(schema)),
    'fast-json-stringify': responseSerializerCompiler({ validate: false })(route(schema)),
    'validate + fjs': responseSerializerCompiler({ validate: true })(route(schema)),
  };
  const expected = JSON.stringify(body);
  for (const [label, write] of Object.entries(serialisers)) {
    if (write(body) !== expected) throw new Error(`${label} writes ${name} differently from JSON.stringify`);
  }
  const times = Object.fromEntries(Object.keys(serialisers).map((label) => [label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, write] of Object.entries(serialisers)) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < ITERATIONS; i++) write(body);
      times[label].push(Number(process.hrtime.bigint() - started) / ITERATIONS / 1000);
    }
  }
  const row = { answer: name, bytes: expected.length };
  for (const [label, values] of Object.entries(times)) row[label] = median(values).toFixed(1);
  rows.push(row);
}
console.table(rows);
