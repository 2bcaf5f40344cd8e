import { randomBytes, randomUUID } from 'node:crypto';
import {
  type BannerItem,
  type Branding,
  type BrandingInput,
  brandingSchema,
  bulkSectionsSchema,
  createPaletteSchema,
  defaultTheme,
  type FieldErrors,
  type FontTarget,
  isStoreFont,
  PALETTES_PER_MARKET,
  type Palette,
  type PaletteColours,
  PRESET_PALETTES,
  paletteContrastProblems,
  presetPalette,
  type SavePaletteInput,
  type Section,
  SLIDES_MAX,
  type SocialLinks,
  type StoreWithSections,
  savePaletteSchema,
  type Theme,
  type ThemeTemplate,
  templateTheme,
} from '@shop/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, collections, markets, palettes, storeThemes } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type MarketRow = typeof markets.$inferSelect;
type ThemeRow = typeof storeThemes.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A store's look (issue 16, decision 024). The editor changes a draft — palette, fonts, sections —
 * that shoppers do not see until the owner publishes it; publishing (and every change to what is
 * already published: a palette in use, the branding) moves the market's catalog version, which
 * empties the store's cached pages (SPEC §7 tags StoreWithSections, Palettes).
 */
export class ThemeService {
  constructor(private readonly ctx: AppContext) {}

  // ─── Reads ────────────────────────────────────────────────────────────────────────────────────

  async storeWithSections(market: MarketRow): Promise<StoreWithSections> {
    const row = await this.row(this.ctx.db, market.id);
    const draft = row.draft ?? row.published;
    return {
      marketId: market.id,
      name: market.name,
      published: row.published,
      draft,
      unpublished: row.draft !== null && !sameTheme(row.draft, row.published),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      branding: brandingOf(market),
      previewToken: row.previewToken,
    };
  }

  /** The presets, then the store's own, oldest first. */
  async palettes(marketId: string): Promise<Palette[]> {
    const own = await this.ctx.db
      .select()
      .from(palettes)
      .where(eq(palettes.marketId, marketId))
      .orderBy(asc(palettes.createdAt));
    return [...PRESET_PALETTES, ...own.map(toPalette)];
  }

  // ─── Palettes ─────────────────────────────────────────────────────────────────────────────────

  async createPalette(marketId: string, input: SavePaletteInput & { marketId: string }): Promise<Palette> {
    const data = createPaletteSchema.parse(input);
    checkContrast(data.colours);
    const [{ count } = { count: 0 }] = await this.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(palettes)
      .where(eq(palettes.marketId, marketId));
    if (count >= PALETTES_PER_MARKET)
      throw new AppError('PALETTE_LIMIT', undefined, undefined, { limit: PALETTES_PER_MARKET });
    const [row] = await this.ctx.db
      .insert(palettes)
      .values({ marketId, name: data.name, colours: data.colours })
      .returning();
    return toPalette(row as typeof palettes.$inferSelect);
  }

  /** The store's own palette changed; the store shows it at once where it is published. */
  async updatePalette(marketId: string, id: string, input: SavePaletteInput): Promise<Palette> {
    const data = savePaletteSchema.parse(input);
    checkContrast(data.colours);
    const [row] = await this.ctx.db
      .update(palettes)
      .set({ name: data.name, colours: data.colours, updatedAt: new Date() })
      .where(and(eq(palettes.id, id), eq(palettes.marketId, marketId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const theme = await this.row(this.ctx.db, marketId);
    if (theme.published.paletteId === id) await bumpCatalogVersion(this.ctx, marketId);
    return toPalette(row);
  }

  /** A palette the store shows, or its draft uses, stays until another is chosen. */
  async deletePalette(marketId: string, id: string): Promise<void> {
    const theme = await this.row(this.ctx.db, marketId);
    if (theme.published.paletteId === id || theme.draft?.paletteId === id) throw new AppError('PALETTE_IN_USE');
    const removed = await this.ctx.db
      .delete(palettes)
      .where(and(eq(palettes.id, id), eq(palettes.marketId, marketId)))
      .returning({ id: palettes.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND');
  }

  /** POST /MarketSetting/palet: the draft takes a preset or one of the store's own palettes. */
  async selectPalette(market: MarketRow, paletteId: string): Promise<StoreWithSections> {
    if (!presetPalette(paletteId)) {
      const [own] = await this.ctx.db
        .select({ id: palettes.id })
        .from(palettes)
        .where(and(sql`${palettes.id}::text = ${paletteId}`, eq(palettes.marketId, market.id)));
      if (!own) throw new AppError('NOT_FOUND');
    }
    return this.changeDraft(market, (draft) => ({ ...draft, paletteId }));
  }

  // ─── Fonts ────────────────────────────────────────────────────────────────────────────────────

  async selectFont(market: MarketRow, fontName: string, target: FontTarget): Promise<StoreWithSections> {
    if (!isStoreFont(fontName))
      throw new AppError('FONT_UNKNOWN', undefined, undefined, { font: fontName.slice(0, 60) });
    return this.changeDraft(market, (draft) => ({
      ...draft,
      headingFont: target === 'body' ? draft.headingFont : fontName,
      bodyFont: target === 'heading' ? draft.bodyFont : fontName,
    }));
  }

  // ─── Sections ─────────────────────────────────────────────────────────────────────────────────

  /** The draft's sections replaced, in the order given (add, remove, hide, reorder, edit). */
  async replaceSections(market: MarketRow, input: unknown): Promise<StoreWithSections> {
    const { sections } = bulkSectionsSchema.parse(input);
    await this.checkTargets(market.id, sections);
    return this.changeDraft(market, (draft) => ({ ...draft, sections: sections.map(cleanSection) }));
  }

  async addBannerItem(market: MarketRow, sectionId: string, item: Omit<BannerItem, 'id'>): Promise<StoreWithSections> {
    return this.changeDraft(market, (draft) => {
      const hero = draft.sections.find((s) => s.id === sectionId);
      if (hero?.type !== 'hero') throw new AppError('NOT_FOUND');
      if (hero.slides.length >= SLIDES_MAX) throw new AppError('VALIDATION_FAILED', { slides: 'tooMany' });
      const slides = [...hero.slides, { ...item, id: randomUUID() }];
      return { ...draft, sections: draft.sections.map((s) => (s.id === sectionId ? { ...hero, slides } : s)) };
    });
  }

  async updateBannerItem(market: MarketRow, item: BannerItem): Promise<StoreWithSections> {
    return this.changeDraft(
      market,
      (draft) => ({
        ...draft,
        sections: draft.sections.map((s) =>
          s.type === 'hero' ? { ...s, slides: s.slides.map((slide) => (slide.id === item.id ? item : slide)) } : s,
        ),
      }),
      (before) => {
        if (!slideOf(before, item.id)) throw new AppError('NOT_FOUND');
      },
    );
  }

  async deleteBannerItem(market: MarketRow, id: string): Promise<StoreWithSections> {
    return this.changeDraft(
      market,
      (draft) => ({
        ...draft,
        sections: draft.sections.map((s) =>
          s.type === 'hero' ? { ...s, slides: s.slides.filter((x) => x.id !== id) } : s,
        ),
      }),
      (before) => {
        if (!slideOf(before, id)) throw new AppError('NOT_FOUND');
      },
    );
  }

  /** A starting theme (minimal, bold, boutique): palette, fonts and sections in one step, as a draft. */
  async applyTemplate(market: MarketRow, template: ThemeTemplate): Promise<StoreWithSections> {
    return this.changeDraft(market, () => templateTheme(template, randomUUID));
  }

  // ─── Publishing ───────────────────────────────────────────────────────────────────────────────

  /** The draft becomes what shoppers see, at once (the store's cached pages start again). */
  async publish(market: MarketRow): Promise<StoreWithSections> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, market.id);
      if (row.draft) {
        await tx
          .update(storeThemes)
          .set({ published: row.draft, draft: null, publishedAt: new Date(), updatedAt: new Date() })
          .where(eq(storeThemes.marketId, market.id));
      }
    });
    await bumpCatalogVersion(this.ctx, market.id);
    return this.storeWithSections(market);
  }

  /** The draft dropped: the editor shows what is published. */
  async discard(market: MarketRow): Promise<StoreWithSections> {
    await this.ctx.db
      .update(storeThemes)
      .set({ draft: null, updatedAt: new Date() })
      .where(eq(storeThemes.marketId, market.id));
    return this.storeWithSections(market);
  }

  // ─── Branding ─────────────────────────────────────────────────────────────────────────────────

  /** POST /MarketSetting/brending: description, logo, favicon and social links, at once. */
  async saveBranding(marketId: string, input: BrandingInput): Promise<Branding> {
    const data = brandingSchema.parse(input);
    const social: SocialLinks = Object.fromEntries(Object.entries(data.social).filter(([, v]) => v !== ''));
    const [row] = await this.ctx.db
      .update(markets)
      .set({
        description: data.description === '' ? null : data.description,
        logoUrl: data.logoUrl,
        faviconUrl: data.faviconUrl,
        socialLinks: social,
        catalogVersion: sql`${markets.catalogVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(markets.id, marketId))
      .returning();
    await this.ctx.changes.wrote(this.ctx.db, { market: marketId });
    return brandingOf(row as MarketRow);
  }

  // ─── Inside ───────────────────────────────────────────────────────────────────────────────────

  /** The store's theme row, made with the default theme the first time it is asked for. */
  private async row(db: Db | Tx, marketId: string): Promise<ThemeRow> {
    const [found] = await db.select().from(storeThemes).where(eq(storeThemes.marketId, marketId));
    if (found) return found;
    await db
      .insert(storeThemes)
      .values({ marketId, published: defaultTheme(randomUUID), previewToken: newPreviewToken() })
      .onConflictDoNothing();
    const [made] = await db.select().from(storeThemes).where(eq(storeThemes.marketId, marketId));
    return made as ThemeRow;
  }

  private async lockedRow(tx: Tx, marketId: string): Promise<ThemeRow> {
    await this.row(tx, marketId);
    const [row] = await tx.select().from(storeThemes).where(eq(storeThemes.marketId, marketId)).for('update');
    return row as ThemeRow;
  }

  /**
   * One change to the draft (which starts as a copy of what is published), under the row's lock so
   * two tabs of the editor do not lose each other's change. `check` sees the draft before and after.
   */
  private async changeDraft(
    market: MarketRow,
    change: (draft: Theme) => Theme,
    check?: (before: Theme, after: Theme) => void,
  ): Promise<StoreWithSections> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, market.id);
      const before = row.draft ?? row.published;
      const after = change(structuredClone(before));
      check?.(before, after);
      await tx
        .update(storeThemes)
        .set({ draft: after, updatedAt: new Date() })
        .where(eq(storeThemes.marketId, market.id));
    });
    // The guard's market row: the draft's change touched nothing of it.
    return this.storeWithSections(market);
  }

  /** Collections and categories the sections name must be this store's. */
  private async checkTargets(marketId: string, sections: Section[]): Promise<void> {
    const wanted: { path: string; kind: 'collection' | 'category'; id: string }[] = [];
    sections.forEach((section, i) => {
      if ((section.type === 'featuredCollection' || section.type === 'productGrid') && section.collectionId)
        wanted.push({ path: `sections.${i}.collectionId`, kind: 'collection', id: section.collectionId });
      if (section.type === 'featuredCollection' && !section.collectionId)
        wanted.push({ path: `sections.${i}.collectionId`, kind: 'collection', id: '' });
      if (section.type === 'productGrid' && section.source === 'collection' && !section.collectionId)
        wanted.push({ path: `sections.${i}.collectionId`, kind: 'collection', id: '' });
      if (section.type === 'categoryGrid')
        section.categoryIds.forEach((id, j) => {
          wanted.push({ path: `sections.${i}.categoryIds.${j}`, kind: 'category', id });
        });
    });
    if (wanted.length === 0) return;
    const collectionIds = wanted.filter((w) => w.kind === 'collection' && w.id).map((w) => w.id);
    const categoryIds = wanted.filter((w) => w.kind === 'category').map((w) => w.id);
    const [ownCollections, ownCategories] = await Promise.all([
      collectionIds.length
        ? this.ctx.db
            .select({ id: collections.id })
            .from(collections)
            .where(and(eq(collections.marketId, marketId), inArray(collections.id, collectionIds)))
        : [],
      categoryIds.length
        ? this.ctx.db
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.marketId, marketId), inArray(categories.id, categoryIds)))
        : [],
    ]);
    const known = new Set([...ownCollections, ...ownCategories].map((r) => r.id));
    const fields: FieldErrors = {};
    for (const w of wanted) {
      if (w.id === '') fields[w.path] = 'collectionRequired';
      else if (!known.has(w.id)) fields[w.path] = 'notInStore';
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', fields);
  }
}

/** Rich text keeps its formatting only. */
function cleanSection(section: Section): Section {
  if (section.type === 'richText' || section.type === 'imageWithText')
    return { ...section, html: sanitizeRichText(section.html) };
  return section;
}

function slideOf(theme: Theme, id: string): BannerItem | undefined {
  for (const s of theme.sections)
    if (s.type === 'hero') for (const slide of s.slides) if (slide.id === id) return slide;
  return undefined;
}

function sameTheme(a: Theme, b: Theme): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A palette that does not read at AA is refused, each pair named with a colour that would. */
function checkContrast(colours: PaletteColours): void {
  const problems = paletteContrastProblems(colours);
  if (problems.length === 0) return;
  const fields: FieldErrors = {};
  const fieldParams: Record<string, Record<string, string | number>> = {};
  for (const p of problems) {
    if (fields[`colours.${p.fore}`]) continue;
    fields[`colours.${p.fore}`] = 'contrastTooLow';
    fieldParams[`colours.${p.fore}`] = { ratio: p.ratio, min: p.min, suggestion: p.suggestion };
  }
  const first = problems[0] as (typeof problems)[number];
  throw new AppError(
    'PALETTE_CONTRAST',
    fields,
    undefined,
    { ratio: first.ratio, min: first.min, suggestion: first.suggestion },
    fieldParams,
  );
}

function toPalette(row: typeof palettes.$inferSelect): Palette {
  return { id: row.id, preset: null, name: row.name, colours: row.colours };
}

function brandingOf(market: MarketRow): Branding {
  const social = market.socialLinks ?? {};
  return {
    description: market.description ?? '',
    logoUrl: market.logoUrl,
    faviconUrl: market.faviconUrl,
    social: {
      instagram: social.instagram ?? '',
      facebook: social.facebook ?? '',
      tiktok: social.tiktok ?? '',
      whatsapp: social.whatsapp ?? '',
    },
  };
}

function newPreviewToken(): string {
  return randomBytes(18).toString('base64url');
}
