import { type Page, type SearchSuggestions, STORE_SEARCH, type StoreProductCard, storeSearchTerm } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  productBody,
  type TestApp,
} from '../../testing/app.js';
import { StorefrontService } from './service.js';

/**
 * The storefront's search (issue 16) on both databases: the header box's suggestions through
 * GET /Storefront/search-suggestions and the results page through the storefront's reader. A
 * misspelled Azerbaijani word finds its product; only the store's active products are found;
 * whatever a shopper types is answered cleanly.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof catalogOwner>>;
let other: Awaited<ReturnType<typeof catalogOwner>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  shop = await catalogOwner(t.app);
  other = await catalogOwner(t.app);
  const add = async (
    owner: typeof shop,
    title: string,
    fields: Record<string, unknown> = {},
    categoryId = owner.category.id,
  ) => {
    const product = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, categoryId, owner.imageUrl, { title, ...fields }),
    );
    ids[title] = product.id;
  };
  const shirts = await createCategory(t.app, shop.token, shop.market.id, { name: 'Köynəklər' });
  await createCategory(t.app, shop.token, shop.market.id, { name: 'Gizli köynəklər', status: 'passive' });
  await add(shop, 'Qırmızı köynək', { price: 3000, sku: 'KOY-RED-01' }, shirts.id);
  await add(shop, 'Kətan köynək', { price: 2500, stock: 0 }, shirts.id);
  await add(shop, 'Mavi şalvar', { price: 4000 });
  await add(shop, 'İpək şərf', { price: 1500 });
  await add(shop, '100% pambıq çanta', { price: 1200 });
  await add(shop, 'Köynək satışda deyil', { status: 'passive' }, shirts.id);
  await add(other, 'Başqa mağazanın köynəyi');
});
afterAll(async () => {
  await t?.close();
});

const suggestionsResponse = (q: string, marketId = shop.market.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/Storefront/search-suggestions?marketId=${encodeURIComponent(marketId)}&q=${encodeURIComponent(q)}`,
  });

async function suggest(q: string): Promise<SearchSuggestions> {
  return dataOf<SearchSuggestions>(await suggestionsResponse(q));
}

const productTitles = async (q: string) => (await suggest(q)).products.map((p) => p.title);

async function results(q: string, query: Record<string, unknown> = {}): Promise<Page<StoreProductCard>> {
  const storefront = new StorefrontService(t.ctx);
  const market = await storefront.marketByName(shop.market.name);
  return storefront.search(market!, { q, ...query });
}

describe('storefront search: suggestions', () => {
  it.each([
    ['as written', 'köynək'],
    ['without its Azerbaijani letters', 'koynek'],
    ['with ə typed as e', 'köynek'],
    ['with ö typed as o', 'koynək'],
    ['in capitals', 'KÖYNƏK'],
    ['with a letter missing', 'koynk'],
    ['with a letter doubled', 'köynnək'],
  ])('finds “Köynək” typed %s', async (_, q) => {
    const found = await productTitles(q);
    expect(found).toEqual(expect.arrayContaining(['Qırmızı köynək', 'Kətan köynək']));
    expect(found).not.toContain('Köynək satışda deyil');
    expect(found).not.toContain('Başqa mağazanın köynəyi');
  });

  it('answers each product with what the box shows, and the active categories that match', async () => {
    const found = await suggest('köynek');
    expect(found.products.find((p) => p.title === 'Qırmızı köynək')).toEqual({
      id: ids['Qırmızı köynək'],
      title: 'Qırmızı köynək',
      price: 3000,
      compareAtPrice: null,
      imageUrl: shop.imageUrl,
      variantCount: 0,
    });
    expect(found.categories.map((c) => c.name)).toEqual(['Köynəklər']);
  });

  it.each([['İPƏK'], ['ipək'], ['IPEK'], ['ıpek'], ['ipek']])('folds the dot of i: %s finds “İpək şərf”', async (q) => {
    expect(await productTitles(q)).toEqual(['İpək şərf']);
  });

  it('finds a word from its first letters, and a SKU', async () => {
    expect(await productTitles('şal')).toEqual(['Mavi şalvar']);
    expect(await productTitles('sa')).toContain('Mavi şalvar');
    expect(await productTitles('koy-red')).toEqual(['Qırmızı köynək']);
  });

  it('finds each word of the term wherever it is in the title', async () => {
    expect(await productTitles('şalvar mavi')).toEqual(['Mavi şalvar']);
    expect(await productTitles('mavi şa')).toEqual(['Mavi şalvar']);
    expect(await productTitles('pambiq canta 100')).toEqual(['100% pambıq çanta']);
  });

  it('forgives a typo in one word while the others are found as typed', async () => {
    expect(await productTitles('salvr mavi')).toEqual(['Mavi şalvar']);
    const found = await suggest('qırmızı köynəkk');
    expect(found.products.map((p) => p.title)).toEqual(['Qırmızı köynək']);
    expect(found.categories.map((c) => c.name)).toEqual(['Köynəklər']);
  });

  it('looks for no punctuation alone: it has nothing to find by', async () => {
    expect(await suggest('%%%')).toEqual({ products: [], categories: [] });
    expect(await suggest('-- !!')).toEqual({ products: [], categories: [] });
    expect(await productTitles('mavi %')).toEqual(['Mavi şalvar']);
  });

  it('puts a word the term begins before a similar one', async () => {
    const found = await productTitles('qırmızı');
    expect(found[0]).toBe('Qırmızı köynək');
  });

  it('never shows another store’s products, nor passive ones, whoever asks', async () => {
    for (const token of [null, shop.token, other.token]) {
      const response = await call(
        t.app,
        token,
        'GET',
        `/api/Storefront/search-suggestions?marketId=${shop.market.id}&q=${encodeURIComponent('köynəy')}`,
      );
      const found = dataOf<SearchSuggestions>(response);
      const titles = found.products.map((p) => p.title);
      expect(titles).not.toContain('Başqa mağazanın köynəyi');
      expect(titles).not.toContain('Köynək satışda deyil');
      expect(found.categories.map((c) => c.name)).not.toContain('Gizli köynəklər');
    }
    expect(await productTitles('başqa')).toEqual([]);
    expect(await productTitles('satışda')).toEqual([]);
  });

  it('lists at most six products and three categories', async () => {
    const many = await catalogOwner(t.app);
    for (let i = 1; i <= 8; i++) {
      await createProduct(
        t.app,
        many.token,
        productBody(many.market.id, many.category.id, many.imageUrl, { title: `Yun papaq ${i}` }),
      );
    }
    for (let i = 1; i <= 4; i++) await createCategory(t.app, many.token, many.market.id, { name: `Papaqlar ${i}` });
    const found = dataOf<SearchSuggestions>(await suggestionsResponse('papaq', many.market.id));
    expect(found.products).toHaveLength(STORE_SEARCH.products);
    expect(found.categories).toHaveLength(STORE_SEARCH.categories);
  });

  it.each([
    ['nothing', ''],
    ['spaces', '   '],
    ['one letter', 'k'],
    ['one letter in spaces', '  ş  '],
  ])('answers %s with nothing', async (_, q) => {
    expect(await suggest(q)).toEqual({ products: [], categories: [] });
  });

  it.each([
    ['%'],
    ['%%'],
    ['100%'],
    ['0%c'],
    ['_'],
    ['__'],
    ['\\'],
    ["'"],
    ["%_\\'"],
    ["' or 1=1 --"],
    ['köynək%'],
    ['k_ynək'],
    ['😀😀'],
    ['a\u0307\u0308'],
    ['<script>'],
  ])('takes %j literally and answers cleanly', async (q) => {
    const response = await suggestionsResponse(q);
    expect(response.statusCode).toBe(200);
    const found = dataOf<SearchSuggestions>(response);
    // No wildcard: nothing here is in a title, except the literal % of one.
    const titles = found.products.map((p) => p.title);
    if (q === '100%') expect(titles).toEqual(['100% pambıq çanta']);
    else expect(titles.filter((title) => title !== 'Qırmızı köynək' && title !== 'Kətan köynək')).toEqual([]);
  });

  it('cuts a long term to 100 characters, and refuses one no one types', async () => {
    expect(storeSearchTerm(`köynək ${'ə'.repeat(500)}`)).toHaveLength(STORE_SEARCH.maxLength);
    expect(storeSearchTerm(`  a \n\t b  `)).toBe('a b');
    const long = await suggestionsResponse(`qırmızı köynək ${'x'.repeat(485)}`);
    expect(long.statusCode).toBe(200);
    expect(dataOf<SearchSuggestions>(long).products).toBeInstanceOf(Array);
    const huge = await suggestionsResponse('x'.repeat(2001));
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown or malformed store with 404, and a missing term with nothing', async () => {
    for (const marketId of ['nope', '00000000-0000-4000-8000-000000000000', "'; drop table products; --"]) {
      const response = await suggestionsResponse('köynək', marketId);
      expect(response.statusCode, marketId).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/Storefront/search-suggestions?marketId=${shop.market.id}`,
    });
    expect(dataOf<SearchSuggestions>(missing)).toEqual({ products: [], categories: [] });
    const twice = await t.app.inject({
      method: 'GET',
      url: `/api/Storefront/search-suggestions?marketId=${shop.market.id}&q=a&q=b`,
    });
    expect(twice.statusCode).toBe(400);
  });

  it('shows a product added a moment ago at once', async () => {
    await createProduct(
      t.app,
      shop.token,
      productBody(shop.market.id, shop.category.id, shop.imageUrl, { title: 'Təzə gödəkcə' }),
    );
    expect(await productTitles('godekce')).toEqual(['Təzə gödəkcə']);
  });
});

describe('storefront search: results page', () => {
  it('finds the matches, best first, with their count', async () => {
    const page = await results('köynek');
    expect(page.items.map((p) => p.title).sort()).toEqual(['Kətan köynək', 'Qırmızı köynək']);
    expect(page.total).toBe(2);
    expect(page.page).toBe(1);
  });

  it('sorts and filters as the lists do', async () => {
    expect((await results('köynək', { sort: 'price_asc' })).items.map((p) => p.title)).toEqual([
      'Kətan köynək',
      'Qırmızı köynək',
    ]);
    expect((await results('köynək', { sort: 'price_desc' })).items.map((p) => p.title)).toEqual([
      'Qırmızı köynək',
      'Kətan köynək',
    ]);
    // Azerbaijani alphabetical order: K before Q.
    expect((await results('köynək', { sort: 'name_desc' })).items.map((p) => p.title)).toEqual([
      'Qırmızı köynək',
      'Kətan köynək',
    ]);
    const out = await results('köynək', { stock: 'out' });
    expect(out.items.map((p) => [p.title, p.inStock])).toEqual([['Kətan köynək', false]]);
    expect(out.total).toBe(1);
    expect((await results('köynək', { stock: 'in' })).items.map((p) => p.title)).toEqual(['Qırmızı köynək']);
  });

  it('counts the matches on a page past the end', async () => {
    const page = await results('köynək', { page: 3 });
    expect(page.items).toEqual([]);
    expect(page.total).toBe(2);
  });

  it('finds nothing for too short a term or one that matches nothing, and no other store’s', async () => {
    expect((await results('k')).total).toBe(0);
    expect((await results('zzzz')).total).toBe(0);
    expect((await results('%_\\')).total).toBe(0);
    expect((await results('başqa')).total).toBe(0);
    expect((await results('satışda deyil')).total).toBe(0);
  });
});
