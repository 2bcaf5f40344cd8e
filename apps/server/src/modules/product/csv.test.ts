import type { Page, ProductListItem, ProductView } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  catalogOwner,
  createCategory,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  multipart,
  newIp,
  productBody,
  type TestApp,
} from '../../testing/app.js';

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof catalogOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await catalogOwner(app);
});
afterAll(async () => {
  await t?.close();
});

const COLUMNS = [
  'product_id',
  'title',
  'description',
  'category',
  'status',
  'price',
  'compare_at_price',
  'track_quantity',
  'continue_selling',
  'has_sku',
  'sku',
  'barcode',
  'stock',
  'weight_grams',
  'images',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_id',
  'variant_image',
];
type Row = Record<string, string>;

interface ImportPreview {
  dryRun: boolean;
  applied: boolean;
  products: { line: number; title: string; action: 'create' | 'update' }[];
  errors: { line: number; field: string; code: string }[];
}

async function exportCsv(marketId: string, token = owner.token) {
  const response = await call(app, token, 'GET', `/api/Products/export/${marketId}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return response.body;
}

function rowsOf(csv: string): Row[] {
  return parse(csv, { columns: true, bom: true });
}

function csvOf(rows: Row[]): string {
  return stringify(rows, { header: true, columns: COLUMNS });
}

async function importCsv(
  marketId: string,
  content: string | Buffer,
  dryRun: boolean,
  file = { name: 'products.csv', type: 'text/csv' },
) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const { payload, headers } = await multipart(bytes, file.name, file.type);
  return app.inject({
    method: 'POST',
    url: `/api/Products/import/${marketId}?dryRun=${dryRun}`,
    payload,
    headers: { ...headers, ...bearer(owner.token), 'accept-language': 'en' },
    remoteAddress: newIp(),
  });
}

/** Every product of the market as the owner reads it, by title in code-point order. */
async function products(marketId: string) {
  const page = dataOf<Page<ProductListItem>>(await call(app, owner.token, 'GET', `/api/Products/all/${marketId}`));
  page.items.sort((a, b) => (a.title < b.title ? -1 : 1));
  return Promise.all(
    page.items.map(async (item) =>
      dataOf<ProductView>(await call(app, owner.token, 'GET', `/api/Products/${marketId}/${item.id}`)),
    ),
  );
}

/** A market with an Azerbaijani catalog: a carpet (no variants) and a shirt in two sizes. */
async function azShop() {
  const market = await createMarket(app, owner.token);
  const category = await createCategory(app, owner.token, market.id, { name: 'Ev əşyaları' });
  const carpet = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, owner.imageUrl, {
      title: 'Qırmızı xalça',
      description: '<p>Əl işi, "Quba" naxışı, yun</p>',
      price: 12345,
      compareAtPrice: 15000,
      stock: 3,
      sku: 'XAL-01',
      weightGrams: 2500,
      status: 'passive',
    }),
  );
  const shirt = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, owner.imageUrl, {
      title: 'Köynək',
      price: 1,
      options: [{ name: 'Ölçü', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 1900, stock: 4, sku: 'KÖY-S' },
        { options: ['M'], price: 2100, stock: 0, sku: 'KÖY-M' },
      ],
    }),
  );
  return { marketId: market.id, category, carpet, shirt };
}

describe('export', () => {
  it('writes one row per SKU, UTF-8 with a byte-order mark, Azerbaijani letters intact', async () => {
    const { marketId, carpet, shirt } = await azShop();
    const response = await call(app, owner.token, 'GET', `/api/Products/export/${marketId}`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="shop-[a-z0-9-]+-products\.csv"$/);
    const csv = response.body;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split(/\r?\n/)[0]).toBe(COLUMNS.join(','));
    const rows = rowsOf(csv);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      product_id: carpet.id,
      title: 'Qırmızı xalça',
      description: '<p>Əl işi, "Quba" naxışı, yun</p>',
      category: 'Ev əşyaları',
      status: 'passive',
      price: '123.45',
      compare_at_price: '150.00',
      track_quantity: 'yes',
      continue_selling: 'no',
      has_sku: 'no',
      sku: 'XAL-01',
      stock: '3',
      weight_grams: '2500',
      images: owner.imageUrl,
      option1_name: '',
      variant_id: '',
    });
    expect(
      rows.slice(1).map((r) => [r.title, r.option1_name, r.option1_value, r.price, r.sku, r.stock, r.variant_id]),
    ).toEqual([
      ['Köynək', 'Ölçü', 'S', '19.00', 'KÖY-S', '4', shirt.variants[0]!.id],
      ['Köynək', 'Ölçü', 'M', '21.00', 'KÖY-M', '0', shirt.variants[1]!.id],
    ]);
  });

  it('cells a merchant typed like a formula stay text in a spreadsheet, and import back as typed', async () => {
    const market = await createMarket(app, owner.token);
    const category = await createCategory(app, owner.token, market.id, { name: '@Kateqoriya' });
    const typed = {
      title: '=HYPERLINK("http://evil.example","Click")',
      description: '<p>+cmd|/C calc</p>',
      sku: '-2+3',
      barcode: '@SUM(1+1)',
    };
    await createProduct(
      app,
      owner.token,
      productBody(market.id, category.id, owner.imageUrl, { ...typed, hasSku: true, price: 500, stock: 0 }),
    );
    const csv = await exportCsv(market.id);
    const [row] = rowsOf(csv);
    expect(row).toMatchObject({
      title: `'${typed.title}`,
      category: "'@Kateqoriya",
      sku: "'-2+3",
      barcode: "'@SUM(1+1)",
      // Plain numbers are numbers, not formulas.
      price: '5.00',
      stock: '0',
    });
    // No cell of the file starts like a formula.
    for (const cell of Object.values(row!)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const roundTrip = dataOf<ImportPreview>(await importCsv(market.id, csv, false));
    expect(roundTrip.errors).toEqual([]);
    const [product] = await products(market.id);
    expect(product).toMatchObject({ title: typed.title, sku: typed.sku, barcode: typed.barcode });
  });

  it('is the owner’s alone', async () => {
    const { marketId } = await azShop();
    expect((await call(app, null, 'GET', `/api/Products/export/${marketId}`)).statusCode).toBe(401);
    const stranger = await catalogOwner(app);
    const response = await call(app, stranger.token, 'GET', `/api/Products/export/${marketId}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });
});

describe('import', () => {
  it('a dry run of the export shows the plan and writes nothing', async () => {
    const { marketId } = await azShop();
    const before = await products(marketId);
    const csv = await exportCsv(marketId);
    const unchanged = dataOf<ImportPreview>(await importCsv(marketId, csv, true));
    expect(unchanged).toEqual({
      dryRun: true,
      applied: false,
      products: [
        { line: 2, title: 'Qırmızı xalça', action: 'update' },
        { line: 3, title: 'Köynək', action: 'update' },
      ],
      errors: [],
    });
    const rows = rowsOf(csv);
    rows[0]!.title = 'Qırmızı xalça (əl işi)';
    rows[0]!.price = '150,5';
    rows[0]!.compare_at_price = '';
    const edited = dataOf<ImportPreview>(await importCsv(marketId, csvOf(rows), true));
    expect(edited.products[0]).toEqual({ line: 2, title: 'Qırmızı xalça (əl işi)', action: 'update' });
    expect(edited.applied).toBe(false);
    expect(await products(marketId)).toEqual(before);
  });

  it('changed titles and prices are written by a real import; variants keep their ids; the round trip holds', async () => {
    const { marketId, carpet, shirt } = await azShop();
    const rows = rowsOf(await exportCsv(marketId));
    rows[0]!.title = 'Qırmızı xalça (əl işi)';
    rows[0]!.price = '150,5';
    rows[0]!.compare_at_price = '';
    rows[2]!.price = '22';
    rows[2]!.stock = '7';
    const preview = dataOf<ImportPreview>(await importCsv(marketId, csvOf(rows), false));
    expect(preview).toMatchObject({ dryRun: false, applied: true, errors: [] });
    const [shirtAfter, carpetAfter] = await products(marketId);
    expect(carpetAfter).toMatchObject({
      id: carpet.id,
      title: 'Qırmızı xalça (əl işi)',
      description: '<p>Əl işi, "Quba" naxışı, yun</p>',
      price: 15050,
      compareAtPrice: null,
      stock: 3,
      status: 'passive',
      weightGrams: 2500,
    });
    expect(shirtAfter!.id).toBe(shirt.id);
    expect(shirtAfter!.variants.map((v) => [v.id, v.options, v.price, v.stock, v.sku])).toEqual([
      [shirt.variants[0]!.id, ['S'], 1900, 4, 'KÖY-S'],
      [shirt.variants[1]!.id, ['M'], 2200, 7, 'KÖY-M'],
    ]);
    // What was imported is what export writes again.
    const again = rowsOf(await exportCsv(marketId));
    expect(again).toEqual(
      rows.map((r) => ({ ...r, price: r.price === '150,5' ? '150.50' : r.price === '22' ? '22.00' : r.price })),
    );
  });

  it('a row without product_id creates a product; rows sharing a new title make one with variants', async () => {
    const { marketId } = await azShop();
    const rows = rowsOf(await exportCsv(marketId));
    const blank = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Row;
    const hat = {
      ...blank,
      title: 'Yeni papaq',
      description: 'Qış üçün',
      category: 'ev əşyaları',
      price: '9.99',
      stock: '4',
      images: owner.imageUrl,
    };
    const scarf = (value: string, price: string) => ({
      ...blank,
      title: 'Şal',
      description: 'İpək',
      category: 'Ev əşyaları',
      price,
      stock: '1',
      images: owner.imageUrl,
      option1_name: 'Rəng',
      option1_value: value,
    });
    const preview = dataOf<ImportPreview>(
      await importCsv(marketId, csvOf([...rows, hat, scarf('Ağ', '30'), scarf('Qara', '25.5')]), false),
    );
    expect(preview.errors).toEqual([]);
    expect(preview.products).toEqual([
      { line: 2, title: 'Qırmızı xalça', action: 'update' },
      { line: 3, title: 'Köynək', action: 'update' },
      { line: 5, title: 'Yeni papaq', action: 'create' },
      { line: 6, title: 'Şal', action: 'create' },
    ]);
    expect(preview.applied).toBe(true);
    const all = await products(marketId);
    expect(all.map((p) => p.title)).toEqual(['Köynək', 'Qırmızı xalça', 'Yeni papaq', 'Şal']);
    expect(all[2]).toMatchObject({ price: 999, stock: 4, description: 'Qış üçün', status: 'active' });
    expect(all[3]!.options).toEqual([{ name: 'Rəng', values: ['Ağ', 'Qara'] }]);
    expect(all[3]!.variants.map((v) => [v.options, v.price])).toEqual([
      [['Ağ'], 3000],
      [['Qara'], 2550],
    ]);
  });

  it('reports every bad row with its line, field and code, and writes nothing — not even the good rows', async () => {
    const { marketId } = await azShop();
    const before = await products(marketId);
    const rows = rowsOf(await exportCsv(marketId));
    const blank = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Row;
    const row = (fields: Row) => ({
      ...blank,
      description: 'Text',
      category: 'Ev əşyaları',
      price: '10',
      stock: '1',
      images: owner.imageUrl,
      ...fields,
    });
    rows[0]!.price = '99.90'; // line 2: a good change that must not be written
    const bad = [
      row({ title: 'Unknown category', category: 'Nowhere' }), // line 5
      row({ title: 'Thousands', price: '12,345' }), // line 6
      row({ title: 'Decimal comma', price: '12,34' }), // line 7: fine
      row({ title: 'Negative stock', stock: '-1' }), // line 8
      row({ title: 'qırmızı XALÇA' }), // line 9: an existing product's title
      row({ product_id: '00000000-0000-4000-8000-000000000000', title: 'Ghost' }), // line 10
      row({ title: 'No price', price: '' }), // line 11
    ];
    const response = await importCsv(marketId, csvOf([...rows, ...bad]), false);
    const preview = dataOf<ImportPreview>(response);
    expect(preview.applied).toBe(false);
    expect(preview.errors).toEqual([
      { line: 5, field: 'category', code: 'categoryRequired' },
      { line: 6, field: 'price', code: 'invalidPrice' },
      { line: 8, field: 'stock', code: 'invalidStock' },
      { line: 9, field: 'title', code: 'PRODUCT_NAME_TAKEN' },
      { line: 10, field: 'product_id', code: 'NOT_FOUND' },
      { line: 11, field: 'price', code: 'priceRequired' },
    ]);
    expect(preview.products.map((p) => [p.line, p.title, p.action])).toEqual([
      [2, 'Qırmızı xalça', 'update'],
      [3, 'Köynək', 'update'],
      [7, 'Decimal comma', 'create'],
    ]);
    expect(await products(marketId)).toEqual(before);
  });

  it('two new rows of one title without options are a duplicate, not one product', async () => {
    const { marketId } = await azShop();
    const before = await products(marketId);
    const blank = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Row;
    const mug = (price: string) => ({
      ...blank,
      title: 'Fincan',
      description: 'Çay üçün',
      category: 'Ev əşyaları',
      price,
      images: owner.imageUrl,
    });
    const preview = dataOf<ImportPreview>(await importCsv(marketId, csvOf([mug('5'), mug('6')]), false));
    expect(preview.errors).toEqual([{ line: 3, field: 'title', code: 'PRODUCT_NAME_TAKEN' }]);
    expect(preview.applied).toBe(false);
    expect(await products(marketId)).toEqual(before);
  });

  it('a title that differs only in the case of İ is taken too', async () => {
    const { marketId, category } = await azShop();
    await createProduct(app, owner.token, productBody(marketId, category.id, owner.imageUrl, { title: 'İpək şal' }));
    const before = await products(marketId);
    const blank = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Row;
    const scarf = {
      ...blank,
      title: 'İPƏK ŞAL',
      description: 'x',
      category: 'Ev əşyaları',
      price: '5',
      images: owner.imageUrl,
    };
    const preview = dataOf<ImportPreview>(await importCsv(marketId, csvOf([scarf]), false));
    expect(preview.errors).toEqual([{ line: 2, field: 'title', code: 'PRODUCT_NAME_TAKEN' }]);
    expect(await products(marketId)).toEqual(before);
  });

  it('a failure while writing leaves nothing of the import behind', async () => {
    const { marketId, category } = await azShop();
    // PostgreSQL folds "İ" to "i": the database's unique title index sees what the plan did not.
    await createProduct(app, owner.token, productBody(marketId, category.id, owner.imageUrl, { title: 'ipək' }));
    const before = await products(marketId);
    const rows = rowsOf(await exportCsv(marketId)).filter((r) => r.title !== 'ipək');
    rows[0]!.price = '1.00';
    const blank = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Row;
    const scarf = {
      ...blank,
      title: 'İPƏK',
      description: 'x',
      category: 'Ev əşyaları',
      price: '5',
      images: owner.imageUrl,
    };
    const response = await importCsv(marketId, csvOf([...rows, scarf]), false);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'PRODUCT_NAME_TAKEN', message: 'product name must be unique' });
    expect(await products(marketId)).toEqual(before);
  });

  it('errors in variant rows are reported at their own lines and columns', async () => {
    const { marketId } = await azShop();
    const before = await products(marketId);
    const rows = rowsOf(await exportCsv(marketId));
    // Line 4 is the shirt's second size: each bad value is reported once, as what it is.
    const unreadable = rows.map((r, i) => (i === 2 ? { ...r, price: 'abc', stock: '1.5' } : r));
    expect(dataOf<ImportPreview>(await importCsv(marketId, csvOf(unreadable), false)).errors).toEqual([
      { line: 4, field: 'price', code: 'invalidPrice' },
      { line: 4, field: 'stock', code: 'invalidStock' },
    ]);
    // Line 3 is the first size: a compare-at price below its 19.00.
    const lower = rows.map((r, i) => (i === 1 ? { ...r, compare_at_price: '10' } : r));
    expect(dataOf<ImportPreview>(await importCsv(marketId, csvOf(lower), false)).errors).toEqual([
      { line: 3, field: 'compare_at_price', code: 'compareAtNotHigher' },
    ]);
    const secondLower = rows.map((r, i) => (i === 2 ? { ...r, compare_at_price: '21.00', sku: 'x'.repeat(65) } : r));
    expect(dataOf<ImportPreview>(await importCsv(marketId, csvOf(secondLower), false)).errors).toEqual([
      { line: 4, field: 'sku', code: 'tooLong' },
      { line: 4, field: 'compare_at_price', code: 'compareAtNotHigher' },
    ]);
    expect(await products(marketId)).toEqual(before);
  });

  it('a variant_id of another product is a row error, and nothing is written', async () => {
    const { marketId, category } = await azShop();
    const other = await createProduct(
      app,
      owner.token,
      productBody(marketId, category.id, owner.imageUrl, {
        title: 'Başqa',
        options: [{ name: 'Ölçü', values: ['M'] }],
        variants: [{ options: ['M'], price: 100 }],
      }),
    );
    const before = await products(marketId);
    const rows = rowsOf(await exportCsv(marketId));
    rows[0]!.price = '1.00';
    const shirtM = rows.find((r) => r.title === 'Köynək' && r.option1_value === 'M')!;
    shirtM.variant_id = other.variants[0]!.id;
    const preview = dataOf<ImportPreview>(await importCsv(marketId, csvOf(rows), false));
    expect(preview.errors).toEqual([{ line: rows.indexOf(shirtM) + 2, field: 'variant_id', code: 'variantsMismatch' }]);
    expect(preview.applied).toBe(false);
    expect(await products(marketId)).toEqual(before);
  });

  it('reads a CSV without the byte-order mark just as well', async () => {
    const { marketId } = await azShop();
    const csv = (await exportCsv(marketId)).replace(/^\uFEFF/, '');
    const preview = dataOf<ImportPreview>(await importCsv(marketId, csv, true));
    expect(preview.products.map((p) => p.title)).toEqual(['Qırmızı xalça', 'Köynək']);
    expect(preview.errors).toEqual([]);
  });

  it.each([
    [
      'an image',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
    ],
    ['an empty file', async () => Buffer.alloc(0)],
    ['only the header', async () => Buffer.from(`${COLUMNS.join(',')}\n`)],
    ['a CSV of something else', async () => Buffer.from('name,amount\nrent,500\n')],
    ['rows of different lengths', async () => Buffer.from('title,price\nHat,5,extra\n')],
  ])('refuses %s as CSV_INVALID', async (_, bytes) => {
    const { marketId } = await azShop();
    const before = await products(marketId);
    const response = await importCsv(marketId, await bytes(), false);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'CSV_INVALID', message: 'The file is not a valid CSV of products' });
    expect(await products(marketId)).toEqual(before);
  });

  it('needs a file', async () => {
    const { marketId } = await azShop();
    const data = new FormData();
    data.append('note', 'no file here');
    const encoded = new Response(data);
    const response = await app.inject({
      method: 'POST',
      url: `/api/Products/import/${marketId}?dryRun=false`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        ...bearer(owner.token),
        'accept-language': 'en',
      },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ file: { code: 'required', message: 'Fill in the inputs completely' } });
  });
});
