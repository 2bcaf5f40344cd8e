import { MAX_MINOR, type Page, type ProductListItem, type ProductView } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createCollection,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  productBody,
  type TestApp,
} from '../../testing/app.js';

let t: TestApp;
let app: FastifyInstance;
/** The merchant most tests act as, and a second one with a market of their own. */
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let other: Awaited<ReturnType<typeof catalogOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await catalogOwner(app);
  other = await catalogOwner(app);
});
afterAll(async () => {
  await t?.close();
});

/** The English texts of SPEC §8 (and the catalogue's own) a merchant reads beside a field. */
const TEXT: Record<string, string> = {
  titleRequired: "Title can't be blank",
  priceRequired: "Price can't be blank",
  descriptionRequired: "Description can't be blank",
  categoryRequired: 'Please select a category',
  imageRequired: 'At least one image is required',
  skuRequired: 'SKU is required',
  barcodeRequired: 'Barcode is required',
  invalidStock: 'Stock must be a valid non-negative number',
  allFieldsRequired: 'All fields required',
  invalidPrice: 'Enter a price from 0 to 10,000,000 AZN',
  compareAtNotHigher: 'The compare-at price must be higher than the price',
  duplicateValue: 'This value is already in the list',
  variantsMismatch: 'Each variant needs one existing value of every option, and no two variants may be the same',
  tooMany: 'Too many items',
  tooLong: 'Too long',
  invalidValue: 'This value is not valid',
  unknownField: 'This field is not accepted',
  required: 'Fill in the inputs completely',
  PRODUCT_NAME_TAKEN: 'product name must be unique',
};

/** A 400 with exactly these field codes, each with its English text. */
function expectInvalid(response: Awaited<ReturnType<typeof call>>, fields: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(400);
  const error = errorOf(response);
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.message).toBe('Check the highlighted fields');
  expect(fieldCodes(response)).toEqual(fields);
  for (const [field, code] of Object.entries(fields)) {
    expect(error.fields?.[field]?.message, field).toBe(TEXT[code]);
  }
}

function body(fields: Record<string, unknown> = {}, who = owner) {
  return productBody(who.market.id, who.category.id, who.imageUrl, fields);
}
const create = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'POST', '/api/Products/create', payload);
const update = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'PUT', '/api/Products/update', payload);
const getProduct = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'GET', `/api/Products/${marketId}/${id}`);

async function list(marketId: string, query = '', token: string | null = owner.token) {
  const response = await call(app, token, 'GET', `/api/Products/all/${marketId}${query ? `?${query}` : ''}`);
  return dataOf<Page<ProductListItem>>(response);
}

/** The fields an update sends back: the view without what the server derives. */
function asUpdate(view: ProductView, changes: Record<string, unknown> = {}) {
  return {
    id: view.id,
    marketId: view.marketId,
    title: view.title,
    description: view.description,
    categoryId: view.categoryId,
    images: view.images,
    price: view.price,
    compareAtPrice: view.compareAtPrice,
    trackQuantity: view.trackQuantity,
    continueSelling: view.continueSelling,
    hasSku: view.hasSku,
    ...(view.sku ? { sku: view.sku } : {}),
    ...(view.barcode ? { barcode: view.barcode } : {}),
    stock: view.stock,
    status: view.status,
    weightGrams: view.weightGrams,
    options: view.options,
    variants: view.variants.map((v) => ({
      id: v.id,
      options: v.options,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      ...(v.sku ? { sku: v.sku } : {}),
      ...(v.barcode ? { barcode: v.barcode } : {}),
      stock: v.stock,
      imageUrl: v.imageUrl,
    })),
    ...changes,
  };
}

/** A market of the main merchant with one category, for tests that count what a list holds. */
async function freshMarket() {
  const market = await createMarket(app, owner.token);
  const category = await createCategory(app, owner.token, market.id, { name: 'Main' });
  return { ...owner, market, category };
}

const SIZES = {
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { options: ['S'], price: 1000, stock: 1 },
    { options: ['M'], price: 1200, stock: 2 },
  ],
};

describe('creating a product', () => {
  it('without options: the owner reads back what was sent, with the defaults', async () => {
    const response = await create(
      body({
        title: '  Linen shirt  ',
        price: 4550,
        compareAtPrice: 5900,
        stock: 12,
        sku: 'LS-01',
        barcode: '4760000000011',
        weightGrams: 300,
      }),
    );
    const created = dataOf<ProductView>(response, 201);
    expect(created).toMatchObject({
      marketId: owner.market.id,
      title: 'Linen shirt',
      description: '<p>A good thing.</p>',
      categoryId: owner.category.id,
      images: [owner.imageUrl],
      price: 4550,
      compareAtPrice: 5900,
      trackQuantity: true,
      continueSelling: false,
      hasSku: false,
      sku: 'LS-01',
      barcode: '4760000000011',
      stock: 12,
      status: 'active',
      weightGrams: 300,
      options: [],
      variants: [],
      inStock: true,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(dataOf<ProductView>(await getProduct(owner.market.id, created.id))).toEqual(created);
  });

  it('with options and variants: each variant gets an id; price is the lowest, stock the sum', async () => {
    const response = await create(
      body({
        title: 'Cotton tee with sizes',
        hasSku: true,
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Rəng', values: ['Qırmızı', 'Göy'] },
        ],
        variants: [
          { options: ['S', 'Qırmızı'], price: 1500, compareAtPrice: 2000, sku: 'T-S-R', barcode: '1', stock: 1 },
          { options: ['S', 'Göy'], price: 1200, compareAtPrice: 1900, sku: 'T-S-G', barcode: '2', stock: 2 },
          { options: ['M', 'Qırmızı'], price: 1800, sku: 'T-M-R', barcode: '3', stock: 3 },
          { options: ['M', 'Göy'], price: 2000, sku: 'T-M-G', barcode: '4', stock: 4 },
        ],
      }),
    );
    const created = dataOf<ProductView>(response, 201);
    expect(created.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Rəng', values: ['Qırmızı', 'Göy'] },
    ]);
    expect(created.variants.map((v) => [v.options, v.price, v.sku, v.stock])).toEqual([
      [['S', 'Qırmızı'], 1500, 'T-S-R', 1],
      [['S', 'Göy'], 1200, 'T-S-G', 2],
      [['M', 'Qırmızı'], 1800, 'T-M-R', 3],
      [['M', 'Göy'], 2000, 'T-M-G', 4],
    ]);
    expect(new Set(created.variants.map((v) => v.id)).size).toBe(4);
    // With variants the codes live on them; the product shows the cheapest price and all units.
    expect(created).toMatchObject({ price: 1200, compareAtPrice: 1900, stock: 10, sku: null, barcode: null });
    const { items } = await list(owner.market.id, `search=${encodeURIComponent('Cotton tee with sizes')}`);
    expect(items).toEqual([
      expect.objectContaining({ id: created.id, price: 1200, compareAtPrice: 1900, stock: 10, variantCount: 4 }),
    ]);
  });

  it('a passive product is created as passive', async () => {
    const created = await createProduct(app, owner.token, body({ status: 'passive' }));
    expect(created.status).toBe('passive');
  });

  it('needs a session, and the market must be the caller’s', async () => {
    const anonymous = await create(body(), null);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    const stranger = await create(body(), other.token);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('the product form’s messages (SPEC §8), each at its field', () => {
  /** A market where nothing valid is ever created: every refused form must leave it empty. */
  let empty: Awaited<ReturnType<typeof freshMarket>>;
  beforeAll(async () => {
    empty = await freshMarket();
  });
  const inEmpty = (fields: Record<string, unknown>) =>
    productBody(empty.market.id, empty.category.id, empty.imageUrl, fields);
  const withVariants = (changes: Record<number, Record<string, unknown>>, fields: Record<string, unknown> = {}) => ({
    ...SIZES,
    variants: SIZES.variants.map((v, i) => ({ ...v, ...changes[i] })),
    ...fields,
  });
  const manyValues = Array.from({ length: 50 }, (_, i) => `v${i}`);

  const cases: [string, () => Record<string, unknown>, Record<string, string>][] = [
    ['no title', () => ({ title: undefined }), { title: 'titleRequired' }],
    ['an empty title', () => ({ title: '' }), { title: 'titleRequired' }],
    ['a title of spaces', () => ({ title: '   \t ' }), { title: 'titleRequired' }],
    ['a title too long', () => ({ title: 'x'.repeat(201) }), { title: 'tooLong' }],
    ['no price', () => ({ price: undefined }), { price: 'priceRequired' }],
    ['a null price', () => ({ price: null }), { price: 'priceRequired' }],
    ['no description', () => ({ description: undefined }), { description: 'descriptionRequired' }],
    ['an empty description', () => ({ description: '' }), { description: 'descriptionRequired' }],
    ['a description of whitespace', () => ({ description: ' \n\t ' }), { description: 'descriptionRequired' }],
    [
      'a description of empty tags',
      () => ({ description: '<p> </p><p>&nbsp;</p><br/><strong></strong>' }),
      { description: 'descriptionRequired' },
    ],
    [
      'a description that is only an image',
      () => ({ description: '<p><img src="/uploads/a/b.webp"></p>' }),
      { description: 'descriptionRequired' },
    ],
    [
      'a description that is only a script (nothing of it would be shown)',
      () => ({ description: '<script>alert("hi")</script>' }),
      { description: 'descriptionRequired' },
    ],
    ['no category', () => ({ categoryId: undefined }), { categoryId: 'categoryRequired' }],
    ['a category id that is no id', () => ({ categoryId: 'shoes' }), { categoryId: 'categoryRequired' }],
    [
      'a category nobody has',
      () => ({ categoryId: '00000000-0000-4000-8000-000000000000' }),
      { categoryId: 'categoryRequired' },
    ],
    ['another market’s category', () => ({ categoryId: other.category.id }), { categoryId: 'categoryRequired' }],
    ['no images', () => ({ images: undefined }), { images: 'imageRequired' }],
    ['an empty image list', () => ({ images: [] }), { images: 'imageRequired' }],
    ['an image from elsewhere', () => ({ images: ['https://evil.example/x.png'] }), { 'images.0': 'invalidValue' }],
    [
      'the SKU option without SKU and barcode',
      () => ({ hasSku: true }),
      { sku: 'skuRequired', barcode: 'barcodeRequired' },
    ],
    ['the SKU option with a blank SKU', () => ({ hasSku: true, sku: '  ', barcode: '123' }), { sku: 'skuRequired' }],
    ['the SKU option without barcode', () => ({ hasSku: true, sku: 'A-1' }), { barcode: 'barcodeRequired' }],
    [
      'the SKU option and a variant without codes',
      () => withVariants({ 0: { sku: 'S-1', barcode: '1' } }, { hasSku: true }),
      { 'variants.1.sku': 'skuRequired', 'variants.1.barcode': 'barcodeRequired' },
    ],
    ['a negative stock', () => ({ stock: -1 }), { stock: 'invalidStock' }],
    ['a fractional stock', () => ({ stock: 2.5 }), { stock: 'invalidStock' }],
    ['a stock as text', () => ({ stock: '5' }), { stock: 'invalidStock' }],
    ['a huge stock', () => ({ stock: 1_000_000_001 }), { stock: 'invalidStock' }],
    ['an astronomic stock', () => ({ stock: 1e300 }), { stock: 'invalidStock' }],
    ['a negative variant stock', () => withVariants({ 1: { stock: -3 } }), { 'variants.1.stock': 'invalidStock' }],
    ['a fractional variant stock', () => withVariants({ 0: { stock: 0.5 } }), { 'variants.0.stock': 'invalidStock' }],
    [
      'variants whose stock adds up past the limit',
      () => withVariants({ 0: { stock: 1_000_000_000 }, 1: { stock: 1 } }),
      { 'variants.1.stock': 'invalidStock' },
    ],
    ['a negative price', () => ({ price: -100 }), { price: 'invalidPrice' }],
    ['a price in manat with decimals', () => ({ price: 19.99 }), { price: 'invalidPrice' }],
    ['a price over 10,000,000 AZN', () => ({ price: MAX_MINOR + 1 }), { price: 'invalidPrice' }],
    ['a negative compare-at price', () => ({ compareAtPrice: -5 }), { compareAtPrice: 'invalidPrice' }],
    ['a fractional variant price', () => withVariants({ 1: { price: 10.5 } }), { 'variants.1.price': 'invalidPrice' }],
    [
      'a variant without price',
      () => withVariants({ 0: { price: undefined } }),
      { 'variants.0.price': 'priceRequired' },
    ],
    [
      'a compare-at price equal to the price',
      () => ({ price: 1000, compareAtPrice: 1000 }),
      { compareAtPrice: 'compareAtNotHigher' },
    ],
    [
      'a compare-at price below the price',
      () => ({ price: 1000, compareAtPrice: 900 }),
      { compareAtPrice: 'compareAtNotHigher' },
    ],
    [
      'a variant compare-at price below its price',
      () => withVariants({ 1: { compareAtPrice: 1100 } }),
      { 'variants.1.compareAtPrice': 'compareAtNotHigher' },
    ],
    [
      'two options of one name (any case)',
      () => ({
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'size', values: ['M'] },
        ],
        variants: [{ options: ['S', 'M'], price: 100 }],
      }),
      { 'options.1.name': 'duplicateValue' },
    ],
    [
      'one value twice in an option (any case)',
      () => ({
        options: [{ name: 'Size', values: ['S', 's'] }],
        variants: [{ options: ['S'], price: 100 }],
      }),
      { 'options.0.values.1': 'duplicateValue' },
    ],
    [
      'an option without name',
      () => ({ options: [{ name: ' ', values: ['S'] }], variants: [{ options: ['S'], price: 100 }] }),
      { 'options.0.name': 'allFieldsRequired' },
    ],
    [
      'an option without values',
      () => ({ options: [{ name: 'Size', values: [] }], variants: [{ options: [], price: 100 }] }),
      // …and the variant then has no value to hold.
      { 'options.0.values': 'allFieldsRequired', 'variants.0.options': 'variantsMismatch' },
    ],
    ['options without variants', () => ({ options: SIZES.options }), { variants: 'variantsMismatch' }],
    ['variants without options', () => ({ variants: SIZES.variants }), { variants: 'variantsMismatch' }],
    [
      'a variant with a value the option lacks',
      () => withVariants({ 1: { options: ['XL'] } }),
      { 'variants.1.options': 'variantsMismatch' },
    ],
    [
      'a variant with too many values',
      () => withVariants({ 0: { options: ['S', 'Red'] } }),
      { 'variants.0.options': 'variantsMismatch' },
    ],
    [
      'two variants of one combination',
      () => withVariants({ 1: { options: ['S'] } }),
      { 'variants.1.options': 'variantsMismatch' },
    ],
    [
      '21 images',
      () => ({ images: Array.from({ length: 21 }, (_, i) => `/uploads/a/${i}.webp`) }),
      { images: 'tooMany' },
    ],
    [
      'four options',
      () => ({
        options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
        variants: [{ options: ['x', 'x', 'x', 'x'], price: 100 }],
      }),
      { options: 'tooMany' },
    ],
    [
      '51 values in an option',
      () => ({
        options: [{ name: 'Size', values: [...manyValues, 'one more'] }],
        variants: [{ options: ['v0'], price: 100 }],
      }),
      { 'options.0.values': 'tooMany' },
    ],
    [
      '251 variants',
      () => ({
        options: [
          { name: 'Size', values: manyValues },
          { name: 'Colour', values: ['a', 'b', 'c', 'd', 'e', 'f'] },
        ],
        variants: manyValues
          .flatMap((size) => ['a', 'b', 'c', 'd', 'e', 'f'].map((colour) => ({ options: [size, colour], price: 100 })))
          .slice(0, 251),
      }),
      { variants: 'tooMany' },
    ],
  ];

  it.each(cases)('refuses %s', async (_, fields, expected) => {
    const response = await create(inEmpty(fields()));
    expectInvalid(response, expected);
    expect((await list(empty.market.id)).total).toBe(0);
  });

  it('answers in Azerbaijani by default', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Products/create',
      payload: inEmpty({ title: '', price: undefined, images: [] }),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      title: { code: 'titleRequired', message: 'Başlıq boş ola bilməz' },
      price: { code: 'priceRequired', message: 'Qiymət boş ola bilməz' },
      images: { code: 'imageRequired', message: 'Ən azı bir şəkil tələb olunur' },
    });
  });

  it('the SKU option is met by codes on every variant', async () => {
    const created = await createProduct(
      app,
      owner.token,
      body({
        hasSku: true,
        options: SIZES.options,
        variants: SIZES.variants.map((v, i) => ({ ...v, sku: `SKU-${i}`, barcode: `BAR-${i}` })),
      }),
    );
    expect(created.variants.map((v) => [v.sku, v.barcode])).toEqual([
      ['SKU-0', 'BAR-0'],
      ['SKU-1', 'BAR-1'],
    ]);
  });

  it.each([
    ['no object at all: an array', [1, 2], { _: 'invalidValue' }],
    ['null', null, { _: 'invalidValue' }],
    ['a string', 'a product', { _: 'invalidValue' }],
    ['a number', 42, { _: 'invalidValue' }],
  ])('a body that is %s is a 400', async (_, payload, expected) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Products/create',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', 'accept-language': 'en', authorization: `Bearer ${owner.token}` },
    });
    expectInvalid(response, expected);
  });

  it('a body that is not JSON is a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Products/create',
      payload: '{"title": "broken',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
  });

  it.each([
    ['a numeric title', { title: 12 }, { title: 'titleRequired' }],
    ['a boolean description', { description: true }, { description: 'descriptionRequired' }],
    ['images as one string', { images: '/uploads/a/b.webp' }, { images: 'imageRequired' }],
    ['a price as text', { price: '19.99' }, { price: 'priceRequired' }],
    ['trackQuantity as text', { trackQuantity: 'yes' }, { trackQuantity: 'invalidValue' }],
    ['continueSelling as a number', { continueSelling: 1 }, { continueSelling: 'invalidValue' }],
    ['an unknown status', { status: 'draft' }, { status: 'invalidValue' }],
    ['a negative weight', { weightGrams: -1 }, { weightGrams: 'invalidValue' }],
    ['options as text', { options: 'Size' }, { options: 'invalidValue' }],
    ['variants as an object', { variants: { S: 1 } }, { variants: 'invalidValue' }],
    [
      'option values as text',
      { options: [{ name: 'Size', values: 'S' }], variants: [{ options: ['S'], price: 1 }] },
      { 'options.0.values': 'allFieldsRequired' },
    ],
    ['a market id that is no id', { marketId: 7 }, { marketId: 'invalidValue' }],
    ['an unknown field', { ownerId: 'me' }, { ownerId: 'unknownField' }],
    ['the id of a product to create', { id: '00000000-0000-4000-8000-000000000000' }, { id: 'unknownField' }],
    [
      'an unknown field in a variant',
      { ...SIZES, variants: [{ ...SIZES.variants[0], colour: 'red' }, SIZES.variants[1]] },
      { 'variants.0.colour': 'unknownField' },
    ],
    [
      'an unknown field in an option',
      { options: [{ ...SIZES.options[0], position: 1 }], variants: SIZES.variants },
      { 'options.0.position': 'unknownField' },
    ],
  ])('%s is a 400 at its field, never a 500', async (_, fields, expected) => {
    expectInvalid(await create(inEmpty(fields)), expected);
    expect((await list(empty.market.id)).total).toBe(0);
  });
});

describe('product names', () => {
  it('are unique within a market whatever the case, with the spec’s message at the title', async () => {
    const first = await createProduct(app, owner.token, body({ title: 'Ipək şal' }));
    const again = await create(body({ title: '  ipək ŞAL ' }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'PRODUCT_NAME_TAKEN',
      message: 'product name must be unique',
      fields: { title: { code: 'PRODUCT_NAME_TAKEN', message: 'product name must be unique' } },
    });
    const az = await app.inject({
      method: 'POST',
      url: '/api/Products/create',
      payload: body({ title: 'IPƏK ŞAL' }),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(az.statusCode).toBe(409);
    expect(errorOf(az).message).toBe('məhsul adı unikal olmalıdır');
    const { items } = await list(owner.market.id, `search=${encodeURIComponent('ipək şal')}`);
    expect(items.map((i) => i.id)).toEqual([first.id]);
  });

  it('another market may use the same title, and so may another store of the same merchant', async () => {
    await createProduct(app, owner.token, body({ title: 'Handmade carpet' }));
    const elsewhere = await createProduct(app, other.token, body({ title: 'Handmade carpet' }, other));
    expect(elsewhere.title).toBe('Handmade carpet');
    const second = await freshMarket();
    const mine = await createProduct(
      app,
      owner.token,
      productBody(second.market.id, second.category.id, owner.imageUrl, { title: 'HANDMADE CARPET' }),
    );
    expect(mine.title).toBe('HANDMADE CARPET');
  });

  it('an update may keep its own title (in another case) but not take another product’s', async () => {
    const a = await createProduct(app, owner.token, body({ title: 'Copper jug' }));
    const b = await createProduct(app, owner.token, body({ title: 'Copper tray' }));
    const renamed = await update(asUpdate(a, { title: 'COPPER JUG' }));
    expect(dataOf<ProductView>(renamed).title).toBe('COPPER JUG');
    const taken = await update(asUpdate(b, { title: 'copper jug', price: 1 }));
    expect(taken.statusCode).toBe(409);
    expect(fieldCodes(taken)).toEqual({ title: 'PRODUCT_NAME_TAKEN' });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, b.id))).toEqual(b);
  });
});

describe('descriptions', () => {
  it('are sanitized: scripts, handlers and javascript: links go; formatting and safe links stay', async () => {
    const html = [
      '<p>Hand <strong>woven</strong> <em>wool</em></p>',
      '<script>alert(document.cookie)</script>',
      '<img src="x" onerror="alert(1)">',
      '<p onclick="steal()">Click</p>',
      '<a href="javascript:alert(1)">bad link</a>',
      '<a href="https://example.az/care">care guide</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
    ].join('');
    const created = await createProduct(app, owner.token, body({ description: html }));
    const stored = created.description;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|<style|display:none/i);
    expect(stored).toContain('<p>Hand <strong>woven</strong> <em>wool</em></p>');
    expect(stored).toContain('<p>Click</p>');
    expect(stored).toContain(
      '<a href="https://example.az/care" target="_blank" rel="noopener noreferrer nofollow">care guide</a>',
    );
    // The refused link keeps its text but no longer goes anywhere.
    expect(stored).toMatch(/<a target="_blank" rel="noopener noreferrer nofollow">bad link<\/a>/);
    // A shopper reads the same sanitized text.
    const shopper = dataOf<ProductView>(await getProduct(owner.market.id, created.id, null));
    expect(shopper.description).toBe(stored);
  });

  it('are sanitized on update too', async () => {
    const created = await createProduct(app, owner.token, body());
    const updated = dataOf<ProductView>(
      await update(asUpdate(created, { description: '<p>New</p><img src=x onerror=alert(1)>' })),
    );
    expect(updated.description).toBe('<p>New</p>');
  });
});

describe('updating a product', () => {
  it('keeps the ids of kept variants, adds new ones and removes the rest', async () => {
    const created = await createProduct(
      app,
      owner.token,
      body({
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { options: ['S'], price: 1000, stock: 1 },
          { options: ['M'], price: 1100, stock: 2 },
          { options: ['L'], price: 1200, stock: 3 },
        ],
      }),
    );
    const [s, , l] = created.variants as [ProductView['variants'][number], unknown, ProductView['variants'][number]];
    const response = await update(
      asUpdate(created, {
        options: [{ name: 'Size', values: ['S', 'L', 'XL'] }],
        variants: [
          { id: l.id, options: ['L'], price: 1250, stock: 30 },
          { id: s.id, options: ['S'], price: 900, stock: 10 },
          { options: ['XL'], price: 1500, stock: 5 },
        ],
      }),
    );
    const updated = dataOf<ProductView>(response);
    expect(updated.variants.map((v) => [v.options[0], v.price, v.stock])).toEqual([
      ['L', 1250, 30],
      ['S', 900, 10],
      ['XL', 1500, 5],
    ]);
    expect(updated.variants[0]!.id).toBe(l.id);
    expect(updated.variants[1]!.id).toBe(s.id);
    const xl = updated.variants[2]!.id;
    expect(created.variants.map((v) => v.id)).not.toContain(xl);
    expect(updated).toMatchObject({ price: 900, stock: 45 });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, created.id))).toEqual(updated);
  });

  it('refuses a variant id of another product and changes nothing', async () => {
    const mine = await createProduct(app, owner.token, body(SIZES));
    const another = await createProduct(app, owner.token, body(SIZES));
    const response = await update(
      asUpdate(mine, {
        title: 'Renamed on the way',
        variants: [
          { ...asUpdate(mine).variants[0], price: 1 },
          { id: another.variants[1]!.id, options: ['M'], price: 2, stock: 0 },
        ],
      }),
    );
    expectInvalid(response, { variants: 'variantsMismatch' });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, mine.id))).toEqual(mine);
    expect(dataOf<ProductView>(await getProduct(owner.market.id, another.id))).toEqual(another);
  });

  it('refuses one variant id used twice, and an id that names no variant', async () => {
    const mine = await createProduct(app, owner.token, body(SIZES));
    const [first] = mine.variants;
    const twice = await update(
      asUpdate(mine, {
        variants: [
          { id: first!.id, options: ['S'], price: 1 },
          { id: first!.id, options: ['M'], price: 2 },
        ],
      }),
    );
    expectInvalid(twice, { variants: 'variantsMismatch' });
    const unknown = await update(
      asUpdate(mine, {
        variants: [
          { id: '00000000-0000-4000-8000-000000000000', options: ['S'], price: 1 },
          { options: ['M'], price: 2 },
        ],
      }),
    );
    expectInvalid(unknown, { variants: 'variantsMismatch' });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, mine.id))).toEqual(mine);
  });

  it('can drop every option: the product becomes a single SKU', async () => {
    const mine = await createProduct(app, owner.token, body(SIZES));
    const updated = dataOf<ProductView>(
      await update(asUpdate(mine, { options: [], variants: [], price: 777, stock: 7, sku: 'ONE' })),
    );
    expect(updated).toMatchObject({ options: [], variants: [], price: 777, stock: 7, sku: 'ONE' });
    const inventory = dataOf<Page<{ productId: string; variantId: string | null }>>(
      await call(app, owner.token, 'GET', `/api/Inventory/${owner.market.id}?search=${encodeURIComponent('ONE')}`),
    );
    expect(inventory.items.filter((row) => row.productId === mine.id)).toEqual([
      expect.objectContaining({ productId: mine.id, variantId: null }),
    ]);
  });

  it('refuses another market’s category and leaves the product as it was', async () => {
    const mine = await createProduct(app, owner.token, body());
    const response = await update(asUpdate(mine, { categoryId: other.category.id, price: 1 }));
    expectInvalid(response, { categoryId: 'categoryRequired' });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, mine.id))).toEqual(mine);
  });

  it('an unknown product, or one of another market named through one’s own market, is a 404', async () => {
    const theirs = await createProduct(app, other.token, body({}, other));
    const unknown = await update(asUpdate(theirs, { id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    const mixed = await update(asUpdate(theirs, { marketId: owner.market.id, categoryId: owner.category.id }));
    expect(mixed.statusCode).toBe(404);
    expect(errorOf(mixed)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(dataOf<ProductView>(await getProduct(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });

  it('an update with a field of the wrong type is a 400', async () => {
    const mine = await createProduct(app, owner.token, body());
    expectInvalid(await update(asUpdate(mine, { id: 'abc' })), { id: 'invalidValue' });
    expectInvalid(await update(asUpdate(mine, { stock: -1 })), { stock: 'invalidStock' });
    expectInvalid(await update(asUpdate(mine, { createdAt: 'now' })), { createdAt: 'unknownField' });
    expect(dataOf<ProductView>(await getProduct(owner.market.id, mine.id))).toEqual(mine);
  });
});

describe('a save that fails half-way writes nothing', () => {
  it('a create whose variants carry ids is refused after the product row was written: nothing stays', async () => {
    const market = await freshMarket();
    const response = await create(
      productBody(market.market.id, market.category.id, owner.imageUrl, {
        title: 'Half-way lamp',
        options: SIZES.options,
        variants: [{ ...SIZES.variants[0], id: '00000000-0000-4000-8000-000000000001' }, SIZES.variants[1]],
      }),
    );
    expectInvalid(response, { variants: 'variantsMismatch' });
    expect((await list(market.market.id)).total).toBe(0);
    const inventory = dataOf<Page<unknown>>(await call(app, owner.token, 'GET', `/api/Inventory/${market.market.id}`));
    expect(inventory.total).toBe(0);
    // The title is still free.
    const retry = await createProduct(
      app,
      owner.token,
      productBody(market.market.id, market.category.id, owner.imageUrl, { title: 'Half-way lamp', ...SIZES }),
    );
    expect(retry.variants).toHaveLength(2);
  });

  it('a create with a duplicate variant combination creates nothing', async () => {
    const market = await freshMarket();
    const response = await create(
      productBody(market.market.id, market.category.id, owner.imageUrl, {
        options: SIZES.options,
        variants: [SIZES.variants[0], SIZES.variants[0]],
      }),
    );
    expectInvalid(response, { 'variants.1.options': 'variantsMismatch' });
    expect((await list(market.market.id)).total).toBe(0);
  });
});

describe('derived fields', () => {
  it('list price is the lowest variant price and stock their sum, after every save', async () => {
    const created = await createProduct(
      app,
      owner.token,
      body({
        title: 'Derived pots',
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { options: ['S'], price: 3000, stock: 4 },
          { options: ['M'], price: 2500, stock: 0 },
          { options: ['L'], price: 4000, stock: 6 },
        ],
      }),
    );
    const item = async () =>
      (await list(owner.market.id, `search=${encodeURIComponent('Derived pots')}`)).items[0] as ProductListItem;
    expect(await item()).toMatchObject({ price: 2500, stock: 10, inStock: true, variantCount: 3 });
    const [s, m, l] = asUpdate(created).variants;
    dataOf(
      await update(
        asUpdate(created, {
          variants: [
            { ...s, price: 3100, stock: 0 },
            { ...m, price: 5000, stock: 0 },
            { ...l, price: 2900, stock: 0 },
          ],
        }),
      ),
    );
    expect(await item()).toMatchObject({ price: 2900, stock: 0, inStock: false, variantCount: 3 });
  });

  it('in stock: with units, or quantity not tracked, or selling on when out', async () => {
    const market = await freshMarket();
    const make = (title: string, fields: Record<string, unknown>) =>
      createProduct(
        app,
        owner.token,
        productBody(market.market.id, market.category.id, owner.imageUrl, { title, ...fields }),
      );
    const units = await make('Units', { stock: 3 });
    const none = await make('None', { stock: 0 });
    const untracked = await make('Untracked', { stock: 0, trackQuantity: false });
    const sellsOn = await make('Sells on', { stock: 0, continueSelling: true });
    expect([units, none, untracked, sellsOn].map((p) => p.inStock)).toEqual([true, false, true, true]);
    const { items } = await list(market.market.id, 'sort=name_asc');
    expect(items.map((i) => [i.title, i.inStock, i.stock])).toEqual([
      ['None', false, 0],
      ['Sells on', true, 0],
      // Stock is not counted for a product whose quantity is not tracked.
      ['Units', true, 3],
      ['Untracked', true, null],
    ]);
  });
});

describe('deleting products', () => {
  it('removes the product: it is gone from reads and lists, and a second delete is a 404', async () => {
    const market = await freshMarket();
    const doomed = await createProduct(
      app,
      owner.token,
      productBody(market.market.id, market.category.id, owner.imageUrl, SIZES),
    );
    const response = await call(app, owner.token, 'DELETE', `/api/Products/${market.market.id}/${doomed.id}`);
    expect(dataOf(response)).toEqual({ id: doomed.id, deleted: true });
    expect((await getProduct(market.market.id, doomed.id)).statusCode).toBe(404);
    expect((await list(market.market.id)).total).toBe(0);
    const again = await call(app, owner.token, 'DELETE', `/api/Products/${market.market.id}/${doomed.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const malformed = await call(app, owner.token, 'DELETE', `/api/Products/${market.market.id}/not-an-id`);
    expect(malformed.statusCode).toBe(404);
  });

  it('a product of another market can’t be deleted through one’s own market', async () => {
    const theirs = await createProduct(app, other.token, body({}, other));
    const response = await call(app, owner.token, 'DELETE', `/api/Products/${owner.market.id}/${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect(dataOf<ProductView>(await getProduct(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });
});

describe('bulk actions', () => {
  it('activate, deactivate and delete touch only the caller’s products', async () => {
    const market = await freshMarket();
    const make = () =>
      createProduct(app, owner.token, productBody(market.market.id, market.category.id, owner.imageUrl));
    const [a, b, c] = [await make(), await make(), await make()];
    const theirs = await createProduct(app, other.token, body({}, other));
    const bulk = (action: string, ids: string[]) =>
      call(app, owner.token, 'POST', '/api/Products/bulk', { marketId: market.market.id, ids, action });
    const statusOf = async (id: string) => dataOf<ProductView>(await getProduct(market.market.id, id)).status;
    const theirsNow = async () => dataOf<ProductView>(await getProduct(other.market.id, theirs.id, other.token));

    expect(dataOf(await bulk('deactivate', [a.id, b.id, theirs.id]))).toEqual({ changed: 2 });
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([
      'passive',
      'passive',
      'active',
    ]);
    expect((await theirsNow()).status).toBe('active');
    expect((await list(market.market.id, 'status=passive')).total).toBe(2);

    expect(dataOf(await bulk('activate', [a.id, theirs.id]))).toEqual({ changed: 1 });
    expect(await statusOf(a.id)).toBe('active');

    expect(dataOf(await bulk('delete', [b.id, c.id, theirs.id]))).toEqual({ changed: 2 });
    expect((await list(market.market.id)).items.map((i) => i.id)).toEqual([a.id]);
    expect(await theirsNow()).toEqual(theirs);
  });

  it('needs ids and a known action', async () => {
    const empty = await call(app, owner.token, 'POST', '/api/Products/bulk', {
      marketId: owner.market.id,
      ids: [],
      action: 'delete',
    });
    expectInvalid(empty, { ids: 'required' });
    const unknown = await call(app, owner.token, 'POST', '/api/Products/bulk', {
      marketId: owner.market.id,
      ids: ['00000000-0000-4000-8000-000000000000'],
      action: 'archive',
    });
    expectInvalid(unknown, { action: 'invalidValue' });
    const badId = await call(app, owner.token, 'POST', '/api/Products/bulk', {
      marketId: owner.market.id,
      ids: ['nope'],
      action: 'delete',
    });
    expectInvalid(badId, { 'ids.0': 'invalidValue' });
  });
});

describe('the product list', () => {
  let shop: Awaited<ReturnType<typeof freshMarket>>;
  let second: string;
  const ids: Record<string, string> = {};
  let collectionId: string;
  /** Titles in creation order (the list is newest first by default). */
  const created: string[] = [];

  beforeAll(async () => {
    shop = await freshMarket();
    second = (await createCategory(app, owner.token, shop.market.id, { name: 'Second' })).id;
    const make = async (title: string, fields: Record<string, unknown>) => {
      const product = await createProduct(
        app,
        owner.token,
        productBody(shop.market.id, shop.category.id, owner.imageUrl, { title, ...fields }),
      );
      ids[title] = product.id;
      created.push(title);
    };
    await make('Linen Shirt', { price: 3000, stock: 5, sku: 'SHIRT-01' });
    await make('100% Cotton Tee', { price: 1500, stock: 0, categoryId: second });
    await make('Wool_Hat', { price: 2500, stock: 3, status: 'passive' });
    await make('Silk Scarf', {
      price: 9999,
      categoryId: second,
      options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
      variants: [
        { options: ['Red'], price: 4000, stock: 0, sku: 'SCARF-RED' },
        { options: ['Blue'], price: 3500, stock: 2, sku: 'SCARF-BLU' },
      ],
    });
    await make('Gift Card', { price: 5000, stock: 0, trackQuantity: false });
    await make('Preorder Lamp', { price: 1000, stock: 0, continueSelling: true, categoryId: second });
    await make('WoolXHat', { price: 100, stock: 1 });
    collectionId = (
      await createCollection(app, owner.token, {
        marketId: shop.market.id,
        coverImageUrl: owner.imageUrl,
        productIds: [ids['Silk Scarf']!, ids['100% Cotton Tee']!],
      })
    ).id;
  });

  const titles = async (query: string, token: string | null = owner.token) =>
    (await list(shop.market.id, query, token)).items.map((i) => i.title);

  it('is newest first by default, with the owner’s fields', async () => {
    const page = await list(shop.market.id);
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 24 });
    expect(page.items.map((i) => i.title)).toEqual([...created].reverse());
    expect(page.items.find((i) => i.title === 'Linen Shirt')).toEqual({
      id: ids['Linen Shirt'],
      title: 'Linen Shirt',
      price: 3000,
      compareAtPrice: null,
      status: 'active',
      imageUrl: owner.imageUrl,
      categoryId: shop.category.id,
      sku: 'SHIRT-01',
      stock: 5,
      inStock: true,
      variantCount: 0,
      createdAt: expect.any(String),
    });
  });

  it.each([
    [
      'price_asc',
      ['WoolXHat', 'Preorder Lamp', '100% Cotton Tee', 'Wool_Hat', 'Linen Shirt', 'Silk Scarf', 'Gift Card'],
    ],
    [
      'price_desc',
      ['Gift Card', 'Silk Scarf', 'Linen Shirt', 'Wool_Hat', '100% Cotton Tee', 'Preorder Lamp', 'WoolXHat'],
    ],
    [
      'name_asc',
      ['100% Cotton Tee', 'Gift Card', 'Linen Shirt', 'Preorder Lamp', 'Silk Scarf', 'Wool_Hat', 'WoolXHat'],
    ],
    [
      'name_desc',
      ['WoolXHat', 'Wool_Hat', 'Silk Scarf', 'Preorder Lamp', 'Linen Shirt', 'Gift Card', '100% Cotton Tee'],
    ],
  ])('sorts by %s', async (sort, expected) => {
    expect(await titles(`sort=${sort}`)).toEqual(expected);
  });

  it('sorts newest first when asked by name', async () => {
    expect(await titles('sort=newest')).toEqual([...created].reverse());
  });

  it.each([
    ['the title, in any case', 'LINEN', ['Linen Shirt']],
    ['a product SKU', 'shirt-01', ['Linen Shirt']],
    ['a variant SKU', 'scarf-blu', ['Silk Scarf']],
    ['a part shared by variant SKUs', 'SCARF-', ['Silk Scarf']],
    ['a literal %', '%', ['100% Cotton Tee']],
    ['a literal _', 'wool_', ['Wool_Hat']],
    ['a lone _', '_', ['Wool_Hat']],
    ['spaces around the words', '  silk  ', ['Silk Scarf']],
    ['nothing that matches', 'zzz', []],
  ])('searches %s', async (_, search, expected) => {
    expect(await titles(`search=${encodeURIComponent(search)}&sort=name_asc`)).toEqual(expected);
  });

  it.each([
    ['status=active', ['Linen Shirt', '100% Cotton Tee', 'Silk Scarf', 'Gift Card', 'Preorder Lamp', 'WoolXHat']],
    ['status=passive', ['Wool_Hat']],
    ['stock=out', ['100% Cotton Tee']],
    ['stock=in', ['Linen Shirt', 'Wool_Hat', 'Silk Scarf', 'Gift Card', 'Preorder Lamp', 'WoolXHat']],
    ['status=active&stock=in', ['Linen Shirt', 'Silk Scarf', 'Gift Card', 'Preorder Lamp', 'WoolXHat']],
  ])('filters by %s', async (query, expected) => {
    const page = await list(shop.market.id, `${query}&sort=newest`);
    expect(page.items.map((i) => i.title)).toEqual([...expected].reverse());
    expect(page.total).toBe(expected.length);
  });

  it('filters by category and by collection', async () => {
    expect(await titles(`categoryId=${second}&sort=name_asc`)).toEqual([
      '100% Cotton Tee',
      'Preorder Lamp',
      'Silk Scarf',
    ]);
    expect(await titles(`categoryId=${shop.category.id}&sort=name_asc`)).toEqual([
      'Gift Card',
      'Linen Shirt',
      'Wool_Hat',
      'WoolXHat',
    ]);
    const inCollection = await list(shop.market.id, `collectionId=${collectionId}&sort=name_asc`);
    expect(inCollection.items.map((i) => i.title)).toEqual(['100% Cotton Tee', 'Silk Scarf']);
    expect(inCollection.total).toBe(2);
    // Another market's category or collection matches nothing here.
    expect((await list(shop.market.id, `categoryId=${other.category.id}`)).total).toBe(0);
  });

  it('pages with the page size and the total', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await list(shop.market.id, `pageSize=2&page=${page}`));
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.items.length])).toEqual([
      [1, 2, 7, 2],
      [2, 2, 7, 2],
      [3, 2, 7, 2],
      [4, 2, 7, 1],
    ]);
    expect(pages.flatMap((p) => p.items.map((i) => i.title))).toEqual([...created].reverse());
    const beyond = await list(shop.market.id, 'pageSize=2&page=9');
    expect(beyond).toEqual({ items: [], total: 7, page: 9, pageSize: 2 });
    const filteredPage = await list(shop.market.id, 'stock=in&pageSize=5&page=2&sort=name_asc');
    expect(filteredPage.items.map((i) => i.title)).toEqual(['WoolXHat']);
    expect(filteredPage.total).toBe(6);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['sort=cheapest', 'sort'],
    ['stock=maybe', 'stock'],
    ['status=draft', 'status'],
    ['categoryId=shoes', 'categoryId'],
    ['collectionId=1', 'collectionId'],
    ['foo=1', 'foo'],
  ])('refuses %s with a 400 at its field', async (query, field) => {
    const response = await call(app, owner.token, 'GET', `/api/Products/all/${shop.market.id}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual({ [field]: field === 'foo' ? 'unknownField' : 'invalidValue' });
  });

  it('refuses a search over 100 characters', async () => {
    const response = await call(
      app,
      owner.token,
      'GET',
      `/api/Products/all/${shop.market.id}?search=${'a'.repeat(101)}`,
    );
    expect(fieldCodes(response)).toEqual({ search: 'tooLong' });
  });

  it('an unknown or malformed market is a 404 for everyone', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'my-shop']) {
      for (const token of [owner.token, null]) {
        const response = await call(app, token, 'GET', `/api/Products/all/${id}`);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).code).toBe('NOT_FOUND');
      }
    }
  });

  it('anonymous shoppers and other merchants see only active products, without stock counts or codes', async () => {
    const actives = ['Linen Shirt', '100% Cotton Tee', 'Silk Scarf', 'Gift Card', 'Preorder Lamp', 'WoolXHat'];
    for (const token of [null, other.token]) {
      const page = await list(shop.market.id, '', token);
      expect(page.total).toBe(6);
      expect(page.items.map((i) => i.title)).toEqual([...actives].reverse());
      for (const item of page.items) {
        expect(item.sku).toBeNull();
        expect(item.stock).toBeNull();
      }
      expect(page.items.find((i) => i.title === '100% Cotton Tee')!.inStock).toBe(false);
      // Asking for passive products changes nothing for them.
      const passive = await list(shop.market.id, 'status=passive', token);
      expect(passive.total).toBe(6);
      expect(passive.items.map((i) => i.title)).not.toContain('Wool_Hat');
      expect(await titles('search=wool_hat', token)).toEqual([]);
      // The counts a shopper sees are of what a shopper may see.
      const out = await list(shop.market.id, 'stock=out', token);
      expect([out.total, out.items.map((i) => i.title)]).toEqual([1, ['100% Cotton Tee']]);
    }
  });
});

describe('reading one product', () => {
  it('shoppers and other merchants get an active product without barcode, stock counts or weight', async () => {
    const created = await createProduct(
      app,
      owner.token,
      body({
        title: 'Shown product',
        weightGrams: 450,
        hasSku: true,
        options: SIZES.options,
        variants: [
          { options: ['S'], price: 1000, stock: 7, sku: 'SP-S', barcode: 'B-S' },
          { options: ['M'], price: 1200, stock: 0, sku: 'SP-M', barcode: 'B-M' },
        ],
      }),
    );
    expect(created.variants.map((v) => [v.barcode, v.stock])).toEqual([
      ['B-S', 7],
      ['B-M', 0],
    ]);
    for (const token of [null, other.token]) {
      const seen = dataOf<ProductView>(await getProduct(owner.market.id, created.id, token));
      expect(seen).toMatchObject({ id: created.id, title: 'Shown product', price: 1000, inStock: true });
      expect(seen.weightGrams).toBeNull();
      expect(seen.barcode).toBeNull();
      // Only whether it can be bought, never how many there are.
      expect(seen.stock).toBe(1);
      expect(seen.variants.map((v) => [v.options, v.barcode, v.stock])).toEqual([
        [['S'], null, 1],
        [['M'], null, 0],
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/"B-S"|"B-M"|:450\b/);
    }
  });

  it('a passive product is a 404 for shoppers and other merchants, and there for the owner', async () => {
    const hidden = await createProduct(app, owner.token, body({ status: 'passive' }));
    for (const token of [null, other.token]) {
      const response = await getProduct(owner.market.id, hidden.id, token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(dataOf<ProductView>(await getProduct(owner.market.id, hidden.id)).status).toBe('passive');
  });

  it('a product is only found through its own market', async () => {
    const mine = await createProduct(app, owner.token, body());
    expect((await getProduct(other.market.id, mine.id, other.token)).statusCode).toBe(404);
    expect((await getProduct(owner.market.id, 'not-an-id')).statusCode).toBe(404);
    expect((await getProduct(owner.market.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('search in Azerbaijani', () => {
  it('finds a title whatever the case and the dot of i', async () => {
    const shop = await catalogOwner(app);
    await createProduct(
      app,
      shop.token,
      productBody(shop.market.id, shop.category.id, shop.imageUrl, { title: 'Kişi köynəyi İpək' }),
    );
    for (const search of ['KİŞİ', 'kişi', 'KIŞI', 'kışı', 'ipək', 'İPƏK', 'KÖYNƏYİ']) {
      const page = await list(shop.market.id, `search=${encodeURIComponent(search)}`, shop.token);
      expect(
        page.items.map((i) => i.title),
        search,
      ).toEqual(['Kişi köynəyi İpək']);
    }
  });
});
