import { z } from 'zod';
import { isUuid } from './ids.js';
import { POLICY_TYPES, type PolicyType } from './policies.js';
import { idSchema, timestampSchema } from './responses.js';
import { isSafeLink } from './theme-look.js';

/**
 * The store's own content (SPEC §2 cp/content; issue 16): pages the merchant writes (about us, FAQ,
 * size guide …) as rich text, at /{store}/pages/{slug}, and the two navigation menus — the header's
 * and the footer's — each an ordered, flat list of links to the store's home, its whole catalogue,
 * a category, a collection, a page, a policy or another site.
 */

// ─── Pages ──────────────────────────────────────────────────────────────────────────────────────

export const PAGE_TITLE_MAX = 120;
export const PAGE_SLUG_MAX = 80;
/** Characters of the rich text as the editor sends it (markup included), as a policy's. */
export const PAGE_CONTENT_MAX = 100_000;
/** Pages one store may have. */
export const PAGES_PER_MARKET = 100;

/** A page's address: lowercase Latin letters and digits in words joined by single hyphens. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Azerbaijani and Russian letters (both alphabets of Azerbaijani too) as a Latin address spells them. */
const TRANSLITERATION: Record<string, string> = {
  ə: 'e',
  ş: 's',
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ü: 'u',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Azerbaijani in Cyrillic.
  ә: 'e',
  ғ: 'g',
  ҝ: 'g',
  ҹ: 'c',
  һ: 'h',
  ө: 'o',
  ү: 'u',
  ј: 'y',
};

/**
 * The address a page gets from its title when none is typed: "Ödəniş və çatdırılma" →
 * "odenis-ve-catdirilma", "О нас" → "o-nas". '' when nothing of the title can be spelled in Latin.
 */
export function slugify(title: string): string {
  const lower = title.replace(/İ/g, 'i').replace(/I/g, 'i').toLowerCase();
  const latin = [...lower].map((char) => TRANSLITERATION[char] ?? char).join('');
  const slug = latin
    // Other accented Latin letters lose their marks (é → e), the dot of i̇ too.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, PAGE_SLUG_MAX).replace(/-+$/, '');
}

/** POST /Content/page (with marketId) and PUT /Content/page/{id}. An empty slug is made from the title. */
export const savePageSchema = z.strictObject({
  title: z.string('required').trim().min(1, 'pageTitleRequired').max(PAGE_TITLE_MAX, 'tooLong'),
  slug: z
    .string('required')
    .trim()
    .toLowerCase()
    .max(PAGE_SLUG_MAX, 'tooLong')
    .refine((slug) => slug === '' || PAGE_SLUG_PATTERN.test(slug), 'pageSlugInvalid')
    .default(''),
  content: z.string('required').max(PAGE_CONTENT_MAX, 'pageTooLong'),
});
export type SavePageInput = z.input<typeof savePageSchema>;
export const createPageSchema = savePageSchema.extend({ marketId: z.uuid('invalidValue') });
export type CreatePageInput = z.input<typeof createPageSchema>;

/** A page of the store as its owner reads it. */
export const storePageSchema = z.strictObject({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML; '' when it has no text. */
  content: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StorePage = z.infer<typeof storePageSchema>;

/** A line of the page list (GET /Content/pages/{marketId}): no text, newest change first. */
export const storePageSummarySchema = storePageSchema.omit({ content: true, createdAt: true });
export type StorePageSummary = z.infer<typeof storePageSummarySchema>;
export const storePagesSchema = z.array(storePageSummarySchema);

// ─── Menus ──────────────────────────────────────────────────────────────────────────────────────

export const MENU_LOCATIONS = ['header', 'footer'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];
export const menuLocationSchema = z.enum(MENU_LOCATIONS, { error: () => 'invalidValue' });

/** Links a menu may hold: a header has room for fewer. */
export const MENU_ITEMS_MAX: Record<MenuLocation, number> = { header: 12, footer: 20 };
export const MENU_LABEL_MAX = 40;
export const MENU_URL_MAX = 500;

/**
 * What a link leads to: the store's home, all its products, one of its categories, collections,
 * pages or policies, or another site's address.
 */
export const MENU_ITEM_KINDS = ['home', 'catalog', 'category', 'collection', 'page', 'policy', 'url'] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];
/** The kinds whose target is one of the store's rows, named by id. */
export const MENU_ROW_KINDS = ['category', 'collection', 'page'] as const;

/** A web address a menu may lead to: http or https, a host with a dot, nothing a browser would run. */
export function isMenuUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && isSafeLink(url);
}

/**
 * One link of a menu. `target` is what `kind` needs: the category's, collection's or page's id,
 * the policy's type, the address; '' for the home and the catalogue. An empty label shows the
 * target's own name (it follows a rename); a link to another site needs one.
 */
export const menuItemSchema = z
  .strictObject({
    kind: z.enum(MENU_ITEM_KINDS, { error: () => 'invalidValue' }),
    label: z.string('required').trim().max(MENU_LABEL_MAX, 'tooLong').default(''),
    target: z.string('required').trim().max(MENU_URL_MAX, 'tooLong').default(''),
  })
  .superRefine((item, context) => {
    const problem = (path: 'label' | 'target', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    switch (item.kind) {
      case 'category':
      case 'collection':
      case 'page':
        if (item.target === '') problem('target', 'menuTargetRequired');
        else if (!isUuid(item.target)) problem('target', 'menuTargetMissing');
        break;
      case 'policy':
        if (item.target === '') problem('target', 'menuTargetRequired');
        else if (!POLICY_TYPES.includes(item.target as PolicyType)) problem('target', 'menuTargetMissing');
        break;
      case 'url':
        if (item.target === '') problem('target', 'menuUrlRequired');
        else if (!isMenuUrl(item.target)) problem('target', 'menuUrlInvalid');
        if (item.label === '') problem('label', 'menuLabelRequired');
        break;
    }
  });
export type MenuItemInput = z.input<typeof menuItemSchema>;
export type MenuItem = z.output<typeof menuItemSchema>;

/**
 * PUT /Content/menu/{marketId}/{location}: the menu's links in order, replacing what it had. The
 * schema takes a footer's count; the server holds a header to its own (menuSchemaFor for forms).
 */
export const saveMenuSchema = z.strictObject({
  items: z.array(menuItemSchema, 'invalidValue').max(MENU_ITEMS_MAX.footer, 'tooMany'),
});
export type SaveMenuInput = z.input<typeof saveMenuSchema>;

/** The menu of one place, with its own count and message. */
export function menuSchemaFor(location: MenuLocation) {
  return z.strictObject({
    items: z
      .array(menuItemSchema, 'invalidValue')
      .max(MENU_ITEMS_MAX[location], location === 'header' ? 'menuHeaderTooMany' : 'menuFooterTooMany'),
  });
}

/** A link of a menu as its owner reads it: what was saved, and what the store makes of it now. */
export const menuItemViewSchema = z.strictObject({
  kind: z.enum(MENU_ITEM_KINDS),
  label: z.string(),
  target: z.string(),
  /** The target's name now (category, collection, page, the policy's title); null for the others. */
  name: z.string().nullable(),
  /**
   * Whether shoppers see the link: not when its target is gone, switched off (a passive category
   * or collection) or empty (a policy without text).
   */
  shown: z.boolean(),
});
export type MenuItemView = z.infer<typeof menuItemViewSchema>;
export const menuSchema = z.array(menuItemViewSchema);
export const menusSchema = z.strictObject({ header: menuSchema, footer: menuSchema });
export type Menus = z.infer<typeof menusSchema>;

/**
 * A menu's link as shoppers get it (StorefrontMarket.menus): `href` is a path of the store ('' its
 * home, '/pages/about' …; it follows the store's address) or, for `url`, the other site's address.
 * `label` is '' only for the home and the catalogue, which the storefront names in the page's
 * language.
 */
export interface StoreMenuLink {
  kind: MenuItemKind;
  label: string;
  href: string;
}

export interface StoreMenus {
  header: StoreMenuLink[];
  footer: StoreMenuLink[];
}

/** A page of the store as shoppers read it (/{store}/pages/{slug}). */
export interface StorePageView {
  slug: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  updatedAt: string;
}
