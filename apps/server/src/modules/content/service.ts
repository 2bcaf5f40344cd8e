import {
  type CreatePageInput,
  isBlankHtml,
  MENU_ITEMS_MAX,
  type MenuItem,
  type MenuItemView,
  type MenuLocation,
  type Menus,
  PAGES_PER_MARKET,
  POLICY_TYPES,
  type SaveMenuInput,
  type SavePageInput,
  type StorePage,
  type StorePageSummary,
  type StorePageView,
  saveMenuSchema,
  savePageSchema,
  slugify,
} from '@shop/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/faults.js';
import { categories, collections, policies, storeMenus, storePages } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type PageRow = typeof storePages.$inferSelect;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
type Reader = AppContext['db'] | Tx;

const SLUG_KEY = 'store_pages_market_slug_key';

/**
 * The store's own pages and its two menus (SPEC §2 cp/content; issue 16). Shoppers see both on
 * every page of the store (the menus come with the market's row, storefront/service.ts), so every
 * write here starts the store's cached pages again (the catalog version).
 */
export class ContentService {
  constructor(private readonly ctx: AppContext) {}

  // ─── Pages ────────────────────────────────────────────────────────────────────────────────────

  /** The store's pages, the one changed last first. */
  async pages(marketId: string): Promise<StorePageSummary[]> {
    const rows = await this.ctx.db
      .select({ id: storePages.id, slug: storePages.slug, title: storePages.title, updatedAt: storePages.updatedAt })
      .from(storePages)
      .where(eq(storePages.marketId, marketId))
      .orderBy(desc(storePages.updatedAt), desc(storePages.id));
    return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  }

  async page(marketId: string, id: string): Promise<StorePage> {
    const [row] = await this.ctx.db
      .select()
      .from(storePages)
      .where(and(eq(storePages.id, id), eq(storePages.marketId, marketId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return toView(row);
  }

  /** The store a page belongs to (PUT and DELETE name the page alone); NOT_FOUND for none. */
  async marketOfPage(id: string): Promise<string> {
    const [row] = await this.ctx.db
      .select({ marketId: storePages.marketId })
      .from(storePages)
      .where(eq(storePages.id, id))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row.marketId;
  }

  async create(marketId: string, input: Omit<CreatePageInput, 'marketId'>): Promise<StorePage> {
    const values = pageValues(input);
    const [held] = await this.ctx.db.select({ n: count() }).from(storePages).where(eq(storePages.marketId, marketId));
    if ((held?.n ?? 0) >= PAGES_PER_MARKET) throw new AppError('PAGE_LIMIT');
    const row = await slugGuard(
      this.ctx.db
        .insert(storePages)
        .values({ marketId, ...values })
        .returning(),
    );
    await bumpCatalogVersion(this.ctx, marketId);
    return toView(row);
  }

  async update(marketId: string, id: string, input: SavePageInput): Promise<StorePage> {
    const values = pageValues(input);
    const row = await slugGuard(
      this.ctx.db
        .update(storePages)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(storePages.id, id), eq(storePages.marketId, marketId)))
        .returning(),
    );
    await bumpCatalogVersion(this.ctx, marketId);
    return toView(row);
  }

  /** The page goes, and with it every menu link to it. */
  async remove(marketId: string, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(storePages)
        .where(and(eq(storePages.id, id), eq(storePages.marketId, marketId)))
        .returning({ id: storePages.id });
      if (!deleted.length) throw new AppError('NOT_FOUND');
      await tx.execute(sql`update store_menus set
          items = coalesce((select jsonb_agg(i.item order by i.n)
            from jsonb_array_elements(items) with ordinality as i(item, n)
            where not (i.item->>'kind' = 'page' and i.item->>'target' = ${id})), '[]'::jsonb),
          updated_at = now()
        where market_id = ${marketId}
          and items @> ${JSON.stringify([{ kind: 'page', target: id }])}::jsonb`);
    });
    await bumpCatalogVersion(this.ctx, marketId);
  }

  /** A page as shoppers read it; null when the store has none at that address. */
  async published(marketId: string, slug: string): Promise<StorePageView | null> {
    const [row] = await this.ctx.db
      .select({
        slug: storePages.slug,
        title: storePages.title,
        content: storePages.content,
        updatedAt: storePages.updatedAt,
      })
      .from(storePages)
      .where(and(eq(storePages.marketId, marketId), eq(storePages.slug, slug)))
      .limit(1);
    return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
  }

  /** Every page's address and last change, for the store's sitemap. */
  async sitemapPages(marketId: string): Promise<{ slug: string; updatedAt: string }[]> {
    const rows = await this.ctx.db
      .select({ slug: storePages.slug, updatedAt: storePages.updatedAt })
      .from(storePages)
      .where(eq(storePages.marketId, marketId))
      .orderBy(storePages.slug);
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
  }

  // ─── Menus ────────────────────────────────────────────────────────────────────────────────────

  /** Both menus, each link with its target's name now and whether shoppers see it. */
  async menus(marketId: string): Promise<Menus> {
    const rows = await this.ctx.db
      .select({ location: storeMenus.location, items: storeMenus.items })
      .from(storeMenus)
      .where(eq(storeMenus.marketId, marketId));
    const saved = new Map(rows.map((row) => [row.location, row.items as MenuItem[]]));
    const header = saved.get('header') ?? [];
    const footer = saved.get('footer') ?? [];
    const targets = await this.targets(this.ctx.db, marketId, [...header, ...footer]);
    return { header: header.map((item) => viewOf(item, targets)), footer: footer.map((item) => viewOf(item, targets)) };
  }

  /**
   * Replaces one menu's links. Every category, collection and page it names must be the store's
   * own (another store's id, or one since deleted, is refused at its line's target).
   */
  async saveMenu(marketId: string, location: MenuLocation, input: SaveMenuInput): Promise<MenuItemView[]> {
    const items = saveMenuSchema.parse(input).items.map(normalized);
    if (items.length > MENU_ITEMS_MAX[location]) {
      throw new AppError('VALIDATION_FAILED', {
        items: location === 'header' ? 'menuHeaderTooMany' : 'menuFooterTooMany',
      });
    }
    const targets = await this.targets(this.ctx.db, marketId, items);
    const missing = Object.fromEntries(
      items.flatMap((item, index) =>
        isRowKind(item.kind) && !targets.get(`${item.kind}:${item.target}`)
          ? [[`items.${index}.target`, 'menuTargetMissing' as const]]
          : [],
      ),
    );
    if (Object.keys(missing).length) throw new AppError('VALIDATION_FAILED', missing);
    await this.ctx.db
      .insert(storeMenus)
      .values({ marketId, location, items, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [storeMenus.marketId, storeMenus.location],
        set: { items, updatedAt: new Date() },
      });
    await bumpCatalogVersion(this.ctx, marketId);
    return items.map((item) => viewOf(item, targets));
  }

  /** What the links name, by "kind:target": the name now and whether shoppers see it. */
  private async targets(db: Reader, marketId: string, items: MenuItem[]): Promise<Map<string, Target>> {
    const ids = (kind: MenuItem['kind']) => [
      ...new Set(items.filter((item) => item.kind === kind).map((item) => item.target)),
    ];
    const [categoryIds, collectionIds, pageIds] = [ids('category'), ids('collection'), ids('page')];
    const wantsPolicies = items.some((item) => item.kind === 'policy');
    const [categoryRows, collectionRows, pageRows, policyRows] = await Promise.all([
      categoryIds.length
        ? db
            .select({ id: categories.id, name: categories.name, status: categories.status })
            .from(categories)
            .where(and(eq(categories.marketId, marketId), inArray(categories.id, categoryIds)))
        : [],
      collectionIds.length
        ? db
            .select({ id: collections.id, name: collections.title, status: collections.status })
            .from(collections)
            .where(and(eq(collections.marketId, marketId), inArray(collections.id, collectionIds)))
        : [],
      pageIds.length
        ? db
            .select({ id: storePages.id, name: storePages.title })
            .from(storePages)
            .where(and(eq(storePages.marketId, marketId), inArray(storePages.id, pageIds)))
        : [],
      wantsPolicies
        ? db
            .select({ type: policies.type, title: policies.title, content: policies.content })
            .from(policies)
            .where(eq(policies.marketId, marketId))
        : [],
    ]);
    const found = new Map<string, Target>();
    for (const row of categoryRows) found.set(`category:${row.id}`, { name: row.name, shown: row.status === 'active' });
    for (const row of collectionRows) {
      found.set(`collection:${row.id}`, { name: row.name, shown: row.status === 'active' });
    }
    for (const row of pageRows) found.set(`page:${row.id}`, { name: row.name, shown: true });
    const byType = new Map(policyRows.map((row) => [row.type, row]));
    for (const type of POLICY_TYPES) {
      const row = byType.get(type);
      found.set(`policy:${type}`, { name: row?.title || null, shown: Boolean(row && row.content !== '') });
    }
    return found;
  }
}

interface Target {
  name: string | null;
  shown: boolean;
}

function isRowKind(kind: MenuItem['kind']): kind is 'category' | 'collection' | 'page' {
  return kind === 'category' || kind === 'collection' || kind === 'page';
}

/** Only what the kind needs is kept: the home and the catalogue have no target. */
function normalized(item: MenuItem): MenuItem {
  return {
    kind: item.kind,
    label: item.label,
    target: item.kind === 'home' || item.kind === 'catalog' ? '' : item.target,
  };
}

function viewOf(item: MenuItem, targets: Map<string, Target>): MenuItemView {
  if (item.kind === 'home' || item.kind === 'catalog' || item.kind === 'url') {
    return { kind: item.kind, label: item.label, target: item.target, name: null, shown: true };
  }
  const target = targets.get(`${item.kind}:${item.target}`);
  return {
    kind: item.kind,
    label: item.label,
    target: item.target,
    name: target?.name ?? null,
    shown: target?.shown ?? false,
  };
}

/** The columns of a page from its form: the text sanitized, the address made from the title when empty. */
function pageValues(input: SavePageInput) {
  const data = savePageSchema.parse(input);
  const slug = data.slug || slugify(data.title);
  if (!slug) throw new AppError('VALIDATION_FAILED', { slug: 'pageSlugRequired' });
  const cleaned = sanitizeRichText(data.content);
  return { title: data.title, slug, content: isBlankHtml(cleaned) ? '' : cleaned };
}

/** The written row, or the store's own words when another page has the address. */
async function slugGuard(write: Promise<PageRow[]>): Promise<PageRow> {
  let rows: PageRow[];
  try {
    rows = await write;
  } catch (error) {
    if (isUniqueViolation(error, SLUG_KEY)) throw new AppError('PAGE_SLUG_TAKEN', { slug: 'PAGE_SLUG_TAKEN' });
    throw error;
  }
  const [row] = rows;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function toView(row: PageRow): StorePage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
