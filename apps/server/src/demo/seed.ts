import {
  createCategorySchema,
  createCollectionSchema,
  createProductSchema,
  createTariffSchema,
  SANDBOX_CARDS,
} from '@shop/shared';
import { count, eq } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import {
  articles,
  demoSeeds,
  markets,
  products,
  sectors,
  shippingTariffs,
  users,
  vacancies,
} from '../db/schema/index.js';
import { sql } from '../db/sql-text.js';
import { CareerService } from '../modules/careers/service.js';
import { CategoryService } from '../modules/category/service.js';
import { CollectionService } from '../modules/collection/service.js';
import { MarketService } from '../modules/market/service.js';
import { storeImage } from '../modules/media/service.js';
import { ProductService } from '../modules/product/service.js';
import { ShippingService } from '../modules/shipping/service.js';
import { SiteService } from '../modules/site/service.js';
import { saveCardStatement } from '../modules/subscription/hooks.js';
import { ThemeService } from '../modules/theme/service.js';
import type { MarketRow, UserRow } from '../platform/auth.js';
import type { AppContext } from '../platform/context.js';
import { hashPassword } from '../platform/passwords.js';
import { DEMO_ARTICLES } from './articles.js';
import {
  BACKDROPS,
  CATEGORIES,
  COLLECTION,
  COLORS,
  type ColorName,
  type DemoProduct,
  demoVariants,
  PRODUCTS,
  TARIFFS,
} from './catalog.js';
import { bannerTile, heroBanner, productTile } from './images.js';
import { DEMO_VACANCIES } from './vacancies.js';

export const DEMO = { email: 'demo@shop.az', password: 'Demo-Store-2026!', market: 'demo-store' } as const;

const DESCRIPTION = 'Hər gün üçün geyim və aksesuarlar: pambıq, kətan və yun.';
/** What demo stores seeded before the catalog existed say about themselves. */
const OLD_DESCRIPTION = 'Demo store';

/**
 * The demo merchant and store of the embedded quick start, with a small clothing catalog so the
 * storefront has something to show, and the platform's blog, tutorials and help centre; running it
 * again changes nothing.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await seedDemoStore(ctx);
  // The site's writing needs no demo store: seeded even when the store could not be.
  await seedDemoArticles(ctx);
  await seedDemoVacancies(ctx);
}

async function seedDemoStore(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  let [user] = await db.select().from(users).where(eq(users.email, DEMO.email)).limit(1);
  if (!user) {
    // Written here, not by the user module's sign-up: that one confirms the address by e-mail,
    // and the demo account is confirmed, with a password the README prints (decision 017).
    [user] = await db
      .insert(users)
      .values({
        email: DEMO.email,
        username: 'demo',
        passwordHash: await hashPassword(DEMO.password),
        emailConfirmedAt: new Date(),
        firstName: 'Demo',
        lastName: 'Merchant',
        language: 'az',
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!user) return;
  const [sector] = await db.select().from(sectors).where(eq(sectors.slug, 'clothing')).limit(1);
  if (!sector) return;
  // The store through the market module, which alone writes markets (decision 017).
  const marketService = new MarketService(ctx);
  const demoMarket = async () => (await db.select().from(markets).where(eq(markets.name, DEMO.market)).limit(1))[0];
  let market = await demoMarket();
  if (!market) {
    const created = await marketService.create(user, { name: DEMO.market, sectorId: sector.id });
    await marketService.update(
      (await demoMarket()) as MarketRow,
      { id: created.id, description: DESCRIPTION },
      'owner',
    );
    market = await demoMarket();
  }
  if (!market || market.ownerId !== user.id) return;
  await saveDemoCard(ctx, market.id);
  if (await seedDemoCatalog(ctx, user, market.id)) {
    if (market.description === OLD_DESCRIPTION) {
      await marketService.update(market, { id: market.id, description: DESCRIPTION }, 'owner');
    }
  }
}

/**
 * Whether the demo seed may write `name` now: never once it has (demo_seeds), nor where `table`
 * has rows already (the staff wrote before the seed's record existed); then it is recorded as
 * written, so that a site whose staff deleted every one stays empty.
 */
async function firstSeed(tx: Db, name: string, table: typeof articles | typeof vacancies): Promise<boolean> {
  const [recorded] = await tx
    .insert(demoSeeds)
    .values({ name })
    .onConflictDoNothing()
    .returning({ name: demoSeeds.name });
  if (!recorded) return false;
  const [existing] = await tx.select({ n: count() }).from(table);
  return (existing?.n ?? 0) === 0;
}

/**
 * The platform's writing (issue 17), once: then the site is the staff's, whatever they write,
 * edit or delete. As the platform's own (no author), in one transaction with its record so that a
 * start stopped halfway leaves none and the next start writes them all.
 */
async function seedDemoArticles(ctx: AppContext): Promise<void> {
  const seeded = await ctx.db.transaction(async (tx) => {
    if (!(await firstSeed(tx as unknown as Db, 'articles', articles))) return false;
    const site = new SiteService({ ...ctx, db: tx as unknown as Db });
    let last = 0;
    for (const article of DEMO_ARTICLES) {
      // Lists put the newest first by publishing time, which is the creation's millisecond: two
      // articles of one millisecond would come out in either order.
      while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 1));
      const created = await site.create(null, article);
      last = Date.parse(created.publishedAt as string);
    }
    return true;
  });
  if (!seeded) return;
  await ctx.changes.wrote(ctx.db, { site: true });
  ctx.log.info({ articles: DEMO_ARTICLES.length }, 'demo site: articles seeded');
}

/** The careers page's vacancies, as the articles: once. */
async function seedDemoVacancies(ctx: AppContext): Promise<void> {
  const seeded = await ctx.db.transaction(async (tx) => {
    if (!(await firstSeed(tx as unknown as Db, 'vacancies', vacancies))) return false;
    const careers = new CareerService({ ...ctx, db: tx as unknown as Db });
    let last = 0;
    for (const vacancy of DEMO_VACANCIES) {
      while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 1));
      const created = await careers.create(vacancy);
      last = Date.parse(created.publishedAt as string);
    }
    return true;
  });
  if (!seeded) return;
  await ctx.changes.wrote(ctx.db, { site: true });
  ctx.log.info({ vacancies: DEMO_VACANCIES.length }, 'demo site: vacancies seeded');
}

/**
 * The catalog, only while the store has no products: the merchant's own edits are never undone.
 * It goes through the services, so the derived columns (lowest price, stock sum, in stock,
 * variant count, search text) and the catalog version follow the same rules as an edit in the
 * control panel. Returns whether it seeded.
 */
async function seedDemoCatalog(ctx: AppContext, owner: UserRow, marketId: string): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(products).where(eq(products.marketId, marketId));
  if ((existing?.n ?? 0) > 0) return false;
  const started = performance.now();

  const images = await demoImages(ctx, owner);
  const imagesMs = Math.round(performance.now() - started);

  // A category of that name may be left from an earlier seed the merchant emptied: reuse it.
  const categoryService = new CategoryService(ctx);
  const present = new Map((await categoryService.list(marketId, 'owner')).map((c) => [c.name.toLowerCase(), c.id]));
  const categoryIds = new Map<string, string>();
  for (const category of CATEGORIES) {
    let id = present.get(category.name.toLowerCase());
    if (!id) {
      const { marketId: _, ...data } = createCategorySchema.parse({
        marketId,
        name: category.name,
        description: category.description,
        imageUrl: images.category.get(category.key),
      });
      id = (await categoryService.create(marketId, data)).id;
    }
    categoryIds.set(category.key, id);
  }

  // Newest first in the lists: the first product of PRODUCTS is created last.
  const productService = new ProductService(ctx);
  const productIds = new Map<DemoProduct, string>();
  for (const product of [...PRODUCTS].reverse()) {
    const data = createProductSchema.parse(
      productInput(product, marketId, categoryIds.get(product.category) as string, images.product),
    );
    productIds.set(product, (await productService.create(marketId, data)).id);
  }

  const collectionService = new CollectionService(ctx);
  const collections = await collectionService.list(marketId, 'owner');
  let collectionId = collections.find((c) => c.title.toLowerCase() === COLLECTION.title.toLowerCase())?.id;
  if (!collectionId) {
    const { marketId: _, ...data } = createCollectionSchema.parse({
      marketId,
      ...COLLECTION,
      coverImageUrl: images.cover,
      productIds: PRODUCTS.filter((p) => p.isNew).map((p) => productIds.get(p)),
    });
    collectionId = (await collectionService.create(marketId, data)).id;
  }
  await seedDemoTheme(ctx, marketId, collectionId, images);

  // Tariffs only for a store that has none: a merchant's own delivery set-up stays as it is.
  const [tariffs] = await ctx.db
    .select({ n: count() })
    .from(shippingTariffs)
    .where(eq(shippingTariffs.marketId, marketId));
  if ((tariffs?.n ?? 0) === 0) {
    const shipping = new ShippingService(ctx);
    for (const tariff of TARIFFS) {
      const { marketId: _, ...data } = createTariffSchema.parse({ marketId, ...tariff });
      await shipping.create(marketId, data);
    }
  }

  ctx.log.info(
    { products: PRODUCTS.length, imagesMs, ms: Math.round(performance.now() - started) },
    'demo store: catalog seeded',
  );
  return true;
}

/**
 * The store's home as a merchant would arrange it in the theme editor (issue 16): eight sections,
 * a banner photo first. Through the theme service, published as the editor would.
 */
async function seedDemoTheme(
  ctx: AppContext,
  marketId: string,
  collectionId: string,
  images: Awaited<ReturnType<typeof demoImages>>,
) {
  const [market] = await ctx.db.select().from(markets).where(eq(markets.id, marketId));
  if (!market) return;
  const theme = new ThemeService(ctx);
  const id = () => crypto.randomUUID();
  await theme.replaceSections(market, {
    sections: [
      {
        id: id(),
        type: 'hero',
        slides: [
          {
            id: id(),
            imageUrl: images.hero,
            focalX: 62,
            focalY: 45,
            alt: 'Köynək, pencək və şərf açıq fonda',
            heading: 'Yeni mövsüm gəldi',
            text: 'Pambıq, kətan və yun: hər gün üçün rahat geyim.',
            buttonLabel: 'Yeniliklərə baxın',
            link: `/collection/${collectionId}`,
          },
        ],
      },
      { id: id(), type: 'featuredCollection', title: '', collectionId, limit: 4 },
      { id: id(), type: 'categoryGrid', title: '', categoryIds: [] },
      { id: id(), type: 'productGrid', title: '', source: 'bestSelling', collectionId: null, limit: 4 },
      {
        id: id(),
        type: 'imageWithText',
        imageUrl: images.category.get('outerwear') ?? null,
        focalX: 50,
        focalY: 50,
        alt: 'Yun pencək',
        heading: 'Uzun ömürlü parçalar',
        html: '<p>Hər modeli özümüz seçirik: təbii parça, möhkəm tikiş, sadə biçim. Bir mövsüm yox, illərlə geyinmək üçün.</p>',
        buttonLabel: 'Haqqımızda',
        link: '/about',
        imageSide: 'left',
      },
      { id: id(), type: 'productGrid', title: '', source: 'newest', collectionId: null, limit: 8 },
      { id: id(), type: 'bundles', title: '' },
      { id: id(), type: 'newsletter', heading: '', text: '' },
    ],
  });
  await theme.publish(market);
}

function productInput(product: DemoProduct, marketId: string, categoryId: string, pictures: Map<string, string>) {
  const picture = (color: ColorName) => pictures.get(`${product.code}:${color}`) as string;
  const { options, variants } = demoVariants(product);
  const lowest = variants.length ? Math.min(...variants.map((v) => v.price)) : (product.price as number);
  const colors = pictureColors(product);
  return {
    marketId,
    categoryId,
    title: product.title,
    description: product.description,
    images: colors.map(picture),
    price: lowest,
    compareAtPrice: product.compareAtPrice ?? null,
    trackQuantity: true,
    continueSelling: product.continueSelling ?? false,
    sku: variants.length ? undefined : product.code,
    stock: typeof product.stock === 'number' ? product.stock : 0,
    weightGrams: product.weightGrams,
    options,
    variants: variants.map(({ color, ...variant }) => ({
      ...variant,
      imageUrl: colors.length > 1 ? picture(color) : null,
    })),
  };
}

/** The colours drawn for a product: each of them, or the first only. */
function pictureColors(product: DemoProduct): ColorName[] {
  return product.colorPictures ? product.colors : product.colors.slice(0, 1);
}

/** How many pictures are drawn at once: sharp already spreads one picture over the cores. */
const DRAWING_AT_ONCE = 3;

/**
 * Every picture of the catalog, stored as an upload of the demo merchant (the media service's
 * renditions and row): one per product (or per colour), the collection's cover; a category shows the
 * picture of its first product.
 */
async function demoImages(ctx: AppContext, owner: UserRow) {
  const jobs: { key: string; draw: () => Promise<Buffer> }[] = [];
  const backdropOf = (product: DemoProduct) =>
    BACKDROPS[CATEGORIES.find((c) => c.key === product.category)?.backdrop ?? 'sand'];
  for (const product of PRODUCTS) {
    for (const color of pictureColors(product)) {
      jobs.push({
        key: `${product.code}:${color}`,
        draw: () => productTile({ shape: product.shape, color: COLORS[color], backdrop: backdropOf(product) }),
      });
    }
  }
  const fresh = PRODUCTS.filter((p) => p.isNew).slice(0, 3);
  jobs.push({
    key: 'cover',
    draw: () =>
      bannerTile(
        fresh.map((p) => ({
          shape: p.shape,
          color: COLORS[p.colors[0] as ColorName],
          backdrop: BACKDROPS.sand,
        })),
        BACKDROPS.sand,
      ),
  });

  jobs.push({
    key: 'hero',
    draw: () =>
      heroBanner(
        (['shirts', 'outerwear', 'accessories'] as const).flatMap((key) => {
          const product = PRODUCTS.find((p) => p.category === key);
          return product
            ? [{ shape: product.shape, color: COLORS[product.colors[0] as ColorName], backdrop: BACKDROPS.sand }]
            : [];
        }),
        BACKDROPS.sand,
      ),
  });

  const urls = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      urls.set(job.key, (await storeImage(ctx, owner, await job.draw())).url);
    }
  };
  await Promise.all(Array.from({ length: DRAWING_AT_ONCE }, worker));

  const category = new Map<string, string>();
  for (const c of CATEGORIES) {
    const first = PRODUCTS.find((p) => p.category === c.key);
    if (first) category.set(c.key, urls.get(`${first.code}:${first.colors[0]}`) as string);
  }
  return { product: urls, category, cover: urls.get('cover') as string, hero: urls.get('hero') as string };
}

/**
 * The demo store pays its subscription with the sandbox's approving test card, so that it keeps
 * running past its trial (the sandbox's bank knows a saved test card by its last digits).
 */
async function saveDemoCard(ctx: AppContext, marketId: string) {
  const [subscription] = rowsOf<{ card_token: string | null }>(
    await ctx.db.execute(sql`select card_token from subscriptions where market_id = ${marketId}`),
  );
  if (!subscription || subscription.card_token) return;
  const card = SANDBOX_CARDS.approve;
  const mask = `${card.slice(0, 6)}******${card.slice(-4)}`;
  await ctx.db.execute(saveCardStatement(marketId, { provider: 'sandbox', token: 'sbc_demo', mask, at: new Date() }));
}
