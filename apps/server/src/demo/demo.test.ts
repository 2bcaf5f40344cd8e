import {
  type Article,
  type ArticleKind,
  type ArticlePage,
  type CategoryView,
  type CollectionView,
  imageUrl,
  LANGUAGES,
  type MarketView,
  type Page,
  type ProductListItem,
  type ProductView,
  type ShippingTariff,
  tariffApplies,
  tariffPrice,
  type Vacancy,
  type VacancySummary,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductService } from '../modules/product/service.js';
import { SiteService } from '../modules/site/service.js';
import { createTestApp, dataOf, query, shop, type TestApp } from '../testing/app.js';
import { DEMO_ARTICLES } from './articles.js';
import { DEMO, seedDemo } from './seed.js';
import { DEMO_VACANCIES } from './vacancies.js';

let t: TestApp;
let marketId: string;
let market: MarketView;
let firstSeedMs: number;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemo(t.ctx);
  firstSeedMs = performance.now() - started;
  market = dataOf<MarketView>(await shop(t.app, 'GET', `/api/Market/get-store-by-name/${DEMO.market}`));
  marketId = market.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The demo store's products as an anonymous shopper lists them. */
async function list(params = '') {
  return dataOf<Page<ProductListItem>>(
    await shop(t.app, 'GET', `/api/Products/all/${marketId}?pageSize=100${params ? `&${params}` : ''}`),
  );
}

async function product(title: string): Promise<ProductView> {
  const item = (await list()).items.find((p) => p.title === title);
  if (!item) throw new Error(`no product "${title}" in the demo store`);
  return dataOf<ProductView>(await shop(t.app, 'GET', `/api/Products/${marketId}/${item.id}`));
}

/** Everything a second seed could change, as the database has it. */
async function snapshot() {
  const count = async (table: string) =>
    (
      await query<{ n: number }>(
        t.ctx,
        sql`select count(*)::int as n from ${sql.identifier(table)} where market_id = ${marketId}`,
      )
    )[0]?.n;
  const [market] = await query<{ catalog_version: number }>(
    t.ctx,
    sql`select catalog_version from markets where id = ${marketId}`,
  );
  const [media] = await query<{ n: number }>(t.ctx, sql`select count(*)::int as n from media`);
  const [users] = await query<{ n: number }>(t.ctx, sql`select count(*)::int as n from users`);
  const productRows = await query<{ id: string; updated_at: Date }>(
    t.ctx,
    sql`select id, updated_at from products where market_id = ${marketId} order by id`,
  );
  return {
    products: productRows.map((r) => `${r.id}@${new Date(r.updated_at).toISOString()}`),
    variants: await count('product_variants'),
    categories: await count('categories'),
    collections: await count('collections'),
    tariffs: await count('shipping_tariffs'),
    catalogVersion: market?.catalog_version,
    media: media?.n,
    users: users?.n,
  };
}

describe('the demo store a shopper opens', () => {
  it('lists a dozen clothes with pictures and prices in qəpik, anonymously', async () => {
    const page = await list();
    expect(page.total).toBe(13);
    expect(page.items).toHaveLength(13);
    // Newest first: the classic shirt was created last so that it leads the list.
    expect(page.items[0]?.title).toBe('Klassik pambıq köynək');
    for (const item of page.items) {
      expect(item.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
      expect(Number.isInteger(item.price)).toBe(true);
      expect(item.price).toBeGreaterThan(0);
    }
    expect(page.items.filter((p) => p.compareAtPrice !== null).length).toBeGreaterThanOrEqual(3);
    for (const item of page.items.filter((p) => p.compareAtPrice !== null)) {
      expect(item.compareAtPrice).toBeGreaterThan(item.price);
    }
    expect(market.description).toBe('Hər gün üçün geyim və aksesuarlar: pambıq, kətan və yun.');
    console.info(`demo catalog seeded in ${Math.round(firstSeedMs)} ms (password hash included)`);
  });

  it('serves the pictures as WebP renditions', async () => {
    const item = (await list()).items[0] as ProductListItem;
    for (const url of [item.imageUrl as string, imageUrl(item.imageUrl as string, 400)]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('has a shirt in sizes and colours, each variant priced and pictured, at the lowest price', async () => {
    const shirt = await product('Klassik pambıq köynək');
    expect(shirt.description).toContain('<ul><li>100% pambıq</li>');
    expect(shirt.options).toEqual([
      { name: 'Ölçü', values: ['S', 'M', 'L'] },
      { name: 'Rəng', values: ['Ağ', 'Mavi'] },
    ]);
    expect(shirt.variants).toHaveLength(6);
    expect(shirt.images).toHaveLength(2);
    const blue = shirt.variants.filter((v) => v.options[1] === 'Mavi');
    expect(new Set(blue.map((v) => v.imageUrl))).toEqual(new Set([shirt.images[1]]));
    // M / Mavi is sold out; the other sizes can be bought.
    expect(shirt.variants.find((v) => v.options.join('/') === 'M/Mavi')?.stock).toBe(0);
    expect(shirt.variants.find((v) => v.options.join('/') === 'S/Mavi')?.stock).toBe(1);
    expect(shirt).toMatchObject({ price: 4900, compareAtPrice: 6500, inStock: true });

    // The sweater costs more in L: the list shows the lowest variant price.
    const sweater = await product('Yun sviter');
    expect(sweater.variants.map((v) => v.price)).toContain(9400);
    expect(sweater.price).toBe(8900);
    // One picture for both of its colours: the variants show the product's.
    expect(sweater.images).toHaveLength(1);
    expect(sweater.variants.every((v) => v.imageUrl === null)).toBe(true);
  });

  it('shows one product out of stock and one sold when out (made to order)', async () => {
    const out = await list('stock=out');
    expect(out.items.map((p) => p.title)).toEqual(['Polo futbolka']);
    expect(out.items[0]?.inStock).toBe(false);

    const scarf = await product('İpək şərf');
    expect(scarf).toMatchObject({ continueSelling: true, inStock: true });
    expect((await list('stock=in')).total).toBe(12);
  });

  it('has four categories and the "Yeni gələnlər" collection', async () => {
    const categories = dataOf<CategoryView[]>(await shop(t.app, 'GET', `/api/Category/all/${marketId}`));
    expect(categories.map((c) => [c.name, c.productCount])).toEqual(
      expect.arrayContaining([
        ['Köynəklər', 4],
        ['Şalvarlar', 3],
        ['Üst geyimlər', 2],
        ['Aksesuarlar', 4],
      ]),
    );
    expect(categories.every((c) => c.imageUrl?.startsWith('/uploads/'))).toBe(true);

    const [collection] = dataOf<CollectionView[]>(
      await shop(t.app, 'GET', `/api/Collection/get-all-collections/${marketId}`),
    );
    expect(collection).toMatchObject({ title: 'Yeni gələnlər', productCount: 6 });
    expect(collection?.coverImageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const inCollection = await list(`collectionId=${collection?.id}`);
    expect(inCollection.items.map((p) => p.title)).toContain('Klassik pambıq köynək');
  });

  it('delivers: courier in Baku and Sumqayıt for 5 AZN, regions for 8 AZN, free from 100 AZN', async () => {
    const tariffs = dataOf<ShippingTariff[]>(await shop(t.app, 'GET', `/api/ShippingTariff/get-all/${marketId}`));
    const offered = (region: string, subtotal: number) =>
      tariffs
        .filter((tariff) => tariffApplies(tariff, { region, subtotal, weightGrams: 500 }))
        .map((tariff) => [tariff.name, tariffPrice(tariff)]);
    expect(offered('baku', 4900)).toEqual([
      ['Bakı daxili kuryer', 500],
      ['Regionlara çatdırılma', 800],
    ]);
    expect(offered('ganja', 4900)).toEqual([['Regionlara çatdırılma', 800]]);
    expect(offered('ganja', 12900)).toEqual([['Pulsuz çatdırılma (100 AZN-dən)', 0]]);
    expect(offered('sumgait', 10000)).toEqual([
      ['Bakı daxili kuryer', 500],
      ['Pulsuz çatdırılma (100 AZN-dən)', 0],
    ]);
  });
});

describe('seeding again', () => {
  it('changes nothing', async () => {
    const before = await snapshot();
    expect(before.products).toHaveLength(13);
    await seedDemo(t.ctx);
    await seedDemo(t.ctx);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves a store the merchant has stocked alone, down to its last product', async () => {
    const { total, items } = await list();
    const [keep] = items;
    // The merchant removes all but one product: the demo catalog does not come back.
    await new ProductService(t.ctx).bulk(
      marketId,
      items.slice(1).map((p) => p.id),
      'delete',
    );
    await seedDemo(t.ctx);
    const after = await list();
    expect(total).toBe(13);
    expect(after.items.map((p) => p.id)).toEqual([keep?.id]);
  });
});

describe('the platform’s writing', () => {
  const LISTS: Record<ArticleKind, string> = {
    blog: '/api/Blog/get-all-blogs',
    tutorial: '/api/Tutorial/get-all-tutorials',
    help: '/api/HelpArticle/get-all',
  };
  const listed = async (kind: ArticleKind, query: string) =>
    dataOf<ArticlePage>(await shop(t.app, 'GET', `${LISTS[kind]}?${query}`));
  /** The article of a kind written last in a language: the one its list leads with. */
  const newest = (kind: ArticleKind, language: string) =>
    DEMO_ARTICLES.filter((a) => a.kind === kind && a.language === language).at(-1)?.title;
  const total = async () => (await query<{ n: number }>(t.ctx, sql`select count(*)::int as n from articles`))[0]?.n;

  it('gives every language two blog posts, two tutorials and a help article on shipping, anonymously', async () => {
    for (const language of LANGUAGES) {
      const blog = await listed('blog', `language=${language}`);
      expect(blog.total, language).toBe(2);
      expect(blog.items.every((a) => a.language === language && a.summary && a.publishedAt)).toBe(true);
      // Written last, so it leads the blog.
      expect(blog.items[0]?.title).toBe(newest('blog', language));

      const tutorials = await listed('tutorial', `language=${language}`);
      expect(tutorials.total, language).toBe(2);
      expect(tutorials.items[0]?.title).toBe(newest('tutorial', language));

      const shipping = await listed('help', `language=${language}&topic=shipping`);
      expect(shipping.items.map((a) => [a.language, a.topic])).toEqual([[language, 'shipping']]);
    }
    expect((await listed('blog', 'language=az')).items[0]?.title).toBe('İlk satışdan əvvəl edilməli beş iş');
  });

  it('keeps a tutorial’s numbered steps through the sanitizer, without a video', async () => {
    const [first] = (await listed('tutorial', 'language=en')).items;
    const tutorial = dataOf<Article>(await shop(t.app, 'GET', `/api/Tutorial/get-tutorial/${first?.id}`));
    expect(tutorial.title).toBe('Add your first product');
    expect(tutorial.body).toContain('<h2>1. Create a category</h2>\n<ol>\n<li>');
    expect(tutorial).toMatchObject({ videoUrl: null, videoEmbedUrl: null, author: null, coverUrl: null });
  });

  it('is written once: seeding again adds nothing, and an article the staff deleted stays deleted', async () => {
    expect(await total()).toBe(DEMO_ARTICLES.length);
    await seedDemo(t.ctx);
    expect(await total()).toBe(DEMO_ARTICLES.length);
    for (const language of LANGUAGES) {
      expect((await listed('blog', `language=${language}`)).total).toBe(2);
    }

    const [gone] = (await listed('blog', 'language=en')).items;
    await new SiteService(t.ctx).remove(gone?.id as string);
    await seedDemo(t.ctx);
    expect(await total()).toBe(DEMO_ARTICLES.length - 1);
    expect((await listed('blog', 'language=en')).items.map((a) => a.id)).not.toContain(gone?.id);

    // The staff delete every one: the next start leaves the site empty, as they made it.
    const site = new SiteService(t.ctx);
    for (const { id } of await query<{ id: string }>(t.ctx, sql`select id from articles`)) await site.remove(id);
    await seedDemo(t.ctx);
    expect(await total()).toBe(0);
  });
});

describe('the careers page', () => {
  it('lists three open positions in every language, the designer first, sanitized; seeding again adds none', async () => {
    for (const language of LANGUAGES) {
      const open = dataOf<VacancySummary[]>(await shop(t.app, 'GET', `/api/Vacancy?language=${language}`));
      expect(open, language).toHaveLength(3);
      expect(open.every((v) => v.language === language && v.workHours && v.publishedAt)).toBe(true);
      expect(open[0]?.position).toBe(DEMO_VACANCIES.filter((v) => v.language === language).at(-1)?.position);
    }
    const [first] = dataOf<VacancySummary[]>(await shop(t.app, 'GET', '/api/Vacancy?language=en'));
    const one = dataOf<Vacancy>(await shop(t.app, 'GET', `/api/Vacancy/${first?.id}`));
    expect(one.description).toContain('<h2>What you will do</h2><ul><li>');
    await seedDemo(t.ctx);
    const total = (await query<{ n: number }>(t.ctx, sql`select count(*)::int as n from vacancies`))[0]?.n;
    expect(total).toBe(DEMO_VACANCIES.length);
  });
});
