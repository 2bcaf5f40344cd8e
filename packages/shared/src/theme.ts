import { z } from 'zod';
import { timestampSchema } from './responses.js';
import {
  DEFAULT_PALETTE,
  isSafeLink,
  PALETTE_COLOURS,
  type Palette,
  type PaletteColour,
  PRESET_PALETTES,
  type SocialNetwork,
  STORE_DESCRIPTION_MAX,
  STORE_FONT_NAMES,
  type StoreFont,
  socialHandle,
} from './theme-look.js';

/**
 * The store's look (issue 16, SPEC §3 Market branding, §4 "a market selects one palette and one
 * font"): a palette, a heading and a body font, and the home page's sections. The merchant edits
 * a draft in cp/customize-store; publishing makes it the storefront's (decision 024).
 */

const hexColour = z
  .string('required')
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'colourInvalid')
  .transform((v) => v.toLowerCase());

export const paletteColoursSchema = z.strictObject(
  Object.fromEntries(PALETTE_COLOURS.map((c) => [c, hexColour])) as Record<PaletteColour, typeof hexColour>,
);

export const PALETTE_NAME_MAX = 40;
/** The merchant's own palettes per store. */
export const PALETTES_PER_MARKET = 20;

/** POST /Palet (with marketId) and PUT /Palet/{id}. Contrast is checked by the server (PALETTE_CONTRAST). */
export const savePaletteSchema = z.strictObject({
  name: z.string('required').trim().min(1, 'required').max(PALETTE_NAME_MAX, 'tooLong'),
  colours: paletteColoursSchema,
});
export type SavePaletteInput = z.input<typeof savePaletteSchema>;
export const createPaletteSchema = savePaletteSchema.extend({ marketId: z.uuid('invalidValue') });

const paletteColoursViewSchema = z.strictObject(
  Object.fromEntries(PALETTE_COLOURS.map((c) => [c, z.string()])) as Record<PaletteColour, z.ZodString>,
);

export const paletteSchema: z.ZodType<Palette> = z.strictObject({
  id: z.string(),
  /** The platform's presets have a key the interface names in its language; the merchant's a name. */
  preset: z.string().nullable(),
  name: z.string(),
  colours: paletteColoursViewSchema,
});

// ─── Sections ───────────────────────────────────────────────────────────────────────────────────

export const SECTION_TYPES = [
  'hero',
  'featuredCollection',
  'categoryGrid',
  'productGrid',
  'imageWithText',
  'richText',
  'newsletter',
  'bundles',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SECTIONS_MAX = 20;
export const SLIDES_MAX = 6;
export const SECTION_TITLE_MAX = 80;
export const SECTION_TEXT_MAX = 300;
export const BUTTON_LABEL_MAX = 30;
export const RICH_TEXT_MAX = 20_000;
export const ALT_MAX = 150;
export const LINK_MAX = 500;

const text = (max: number) => z.string('required').trim().max(max, 'tooLong');
const link = z.string('required').trim().max(LINK_MAX, 'tooLong').refine(isSafeLink, 'linkInvalid');
/** Uploaded pictures only (POST /Media/upload or /Section/bannerItem answers these). */
const uploadedImage = z
  .string('required')
  .regex(/^\/uploads\/[A-Za-z0-9/_-]+\.webp$/, 'imageInvalid')
  .max(300, 'tooLong');
const percent = z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(100, 'invalidValue');
const sectionId = z.uuid('invalidValue');

/** A slide of a hero banner (SPEC §7 banner item). The focal point (%) stays in view when cropped. */
export const bannerItemSchema = z.strictObject({
  id: sectionId,
  imageUrl: uploadedImage,
  focalX: percent.default(50),
  focalY: percent.default(50),
  alt: text(ALT_MAX).default(''),
  heading: text(SECTION_TITLE_MAX).default(''),
  text: text(SECTION_TEXT_MAX).default(''),
  buttonLabel: text(BUTTON_LABEL_MAX).default(''),
  link: link.default(''),
});
export type BannerItem = z.infer<typeof bannerItemSchema>;

const sectionBase = { id: sectionId, hidden: z.boolean('invalidValue').default(false) };
const title = text(SECTION_TITLE_MAX).default('');
const limit = z.number('invalidValue').int('invalidValue').min(2, 'invalidValue').max(12, 'invalidValue').default(8);

export const PRODUCT_GRID_SOURCES = ['newest', 'bestSelling', 'collection'] as const;

export const sectionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      ...sectionBase,
      type: z.literal('hero'),
      slides: z.array(bannerItemSchema).max(SLIDES_MAX, 'tooMany'),
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('featuredCollection'),
      title,
      collectionId: z.uuid('invalidValue').nullable().default(null),
      limit,
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('categoryGrid'),
      title,
      /** The categories shown, in order; empty: the store's active categories. */
      categoryIds: z.array(z.uuid('invalidValue')).max(12, 'tooMany').default([]),
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('productGrid'),
      title,
      source: z.enum(PRODUCT_GRID_SOURCES, { error: () => 'invalidValue' }).default('newest'),
      collectionId: z.uuid('invalidValue').nullable().default(null),
      limit,
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('imageWithText'),
      imageUrl: uploadedImage.nullable().default(null),
      focalX: percent.default(50),
      focalY: percent.default(50),
      alt: text(ALT_MAX).default(''),
      heading: title,
      /** Sanitized HTML (the server keeps formatting only). */
      html: z.string('required').max(RICH_TEXT_MAX, 'tooLong').default(''),
      buttonLabel: text(BUTTON_LABEL_MAX).default(''),
      link: link.default(''),
      imageSide: z.enum(['left', 'right'], { error: () => 'invalidValue' }).default('left'),
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('richText'),
      heading: title,
      html: z.string('required').max(RICH_TEXT_MAX, 'tooLong').default(''),
    }),
    z.strictObject({
      ...sectionBase,
      type: z.literal('newsletter'),
      heading: title,
      text: text(SECTION_TEXT_MAX).default(''),
    }),
    z.strictObject({ ...sectionBase, type: z.literal('bundles'), title }),
  ],
  { error: () => 'invalidValue' },
);
export type Section = z.infer<typeof sectionSchema>;
export type SectionInput = z.input<typeof sectionSchema>;

/** POST /Section/bulk-update-sections/{marketId}: the home's sections, in order, replace the draft's. */
export const bulkSectionsSchema = z.strictObject({
  sections: z
    .array(sectionSchema)
    .max(SECTIONS_MAX, 'tooMany')
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'duplicateValue'),
});
export type BulkSectionsInput = z.input<typeof bulkSectionsSchema>;

/** POST /Section/banneritem: a slide added to a hero section of the draft. */
export const addBannerItemSchema = z.strictObject({
  marketId: z.uuid('invalidValue'),
  sectionId: z.uuid('invalidValue'),
  item: bannerItemSchema.omit({ id: true }),
});
/** PUT /Section/banneritem: a slide of the draft changed. */
export const updateBannerItemSchema = z.strictObject({
  marketId: z.uuid('invalidValue'),
  item: bannerItemSchema,
});

// ─── The theme ──────────────────────────────────────────────────────────────────────────────────

export const themeSchema = z.strictObject({
  paletteId: z.string(),
  headingFont: z.enum(STORE_FONT_NAMES as [StoreFont, ...StoreFont[]]),
  bodyFont: z.enum(STORE_FONT_NAMES as [StoreFont, ...StoreFont[]]),
  sections: z.array(sectionSchema),
});
export type Theme = z.infer<typeof themeSchema>;

/** What a store has before its owner opens the editor: today's look (the storefront before issue 16). */
export function defaultTheme(newId: () => string): Theme {
  return {
    paletteId: DEFAULT_PALETTE.id,
    headingFont: 'system',
    bodyFont: 'system',
    sections: [
      { id: newId(), type: 'hero', hidden: false, slides: [] },
      { id: newId(), type: 'categoryGrid', hidden: false, title: '', categoryIds: [] },
      { id: newId(), type: 'bundles', hidden: false, title: '' },
      { id: newId(), type: 'productGrid', hidden: false, title: '', source: 'newest', collectionId: null, limit: 8 },
    ],
  };
}

/** Starting themes (issue 16 "Templates"): palette, fonts and a home in one step. */
export const THEME_TEMPLATES = ['minimal', 'bold', 'boutique'] as const;
export type ThemeTemplate = (typeof THEME_TEMPLATES)[number];

/**
 * A template's theme. Sections that show pictures start without any (the merchant's own go in);
 * a hero with no slide shows the store's name on the palette's colours.
 */
export function templateTheme(template: ThemeTemplate, newId: () => string): Theme {
  const grid = (source: 'newest' | 'bestSelling', limit = 8): Section => ({
    id: newId(),
    type: 'productGrid',
    hidden: false,
    title: '',
    source,
    collectionId: null,
    limit,
  });
  const hero = (): Section => ({ id: newId(), type: 'hero', hidden: false, slides: [] });
  const categories = (): Section => ({ id: newId(), type: 'categoryGrid', hidden: false, title: '', categoryIds: [] });
  const newsletter = (): Section => ({ id: newId(), type: 'newsletter', hidden: false, heading: '', text: '' });
  const bundles = (): Section => ({ id: newId(), type: 'bundles', hidden: false, title: '' });
  switch (template) {
    case 'minimal':
      return {
        paletteId: PRESET_PALETTES[1]?.id ?? DEFAULT_PALETTE.id,
        headingFont: 'inter',
        bodyFont: 'inter',
        sections: [hero(), grid('newest', 8), categories(), newsletter()],
      };
    case 'bold':
      return {
        paletteId: PRESET_PALETTES[2]?.id ?? DEFAULT_PALETTE.id,
        headingFont: 'oswald',
        bodyFont: 'roboto',
        sections: [hero(), categories(), grid('bestSelling', 4), bundles(), grid('newest', 8), newsletter()],
      };
    case 'boutique':
      return {
        paletteId: PRESET_PALETTES[3]?.id ?? DEFAULT_PALETTE.id,
        headingFont: 'playfair-display',
        bodyFont: 'lora',
        sections: [hero(), categories(), grid('newest', 8), bundles(), newsletter()],
      };
  }
}

export const applyTemplateSchema = z.strictObject({
  template: z.enum(THEME_TEMPLATES, { error: () => 'invalidValue' }),
});

const socialField = (network: SocialNetwork) =>
  z
    .string('required')
    .max(200, 'tooLong')
    .transform((raw, ctx) => {
      const handle = socialHandle(network, raw);
      if (handle === null) {
        ctx.addIssue({ code: 'custom', message: network === 'whatsapp' ? 'whatsappInvalid' : 'socialInvalid' });
        return z.NEVER;
      }
      return handle;
    });

/** POST /MarketSetting/brending: applies at once (not a draft). */
export const brandingSchema = z.strictObject({
  marketId: z.uuid('invalidValue'),
  description: z.string('required').trim().max(STORE_DESCRIPTION_MAX, 'tooLong'),
  logoUrl: uploadedImage.nullable(),
  faviconUrl: uploadedImage.nullable(),
  social: z.strictObject({
    instagram: socialField('instagram').default(''),
    facebook: socialField('facebook').default(''),
    tiktok: socialField('tiktok').default(''),
    whatsapp: socialField('whatsapp').default(''),
  }),
});
export type BrandingInput = z.input<typeof brandingSchema>;

export const brandingViewSchema = z.strictObject({
  description: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  social: z.strictObject({
    instagram: z.string(),
    facebook: z.string(),
    tiktok: z.string(),
    whatsapp: z.string(),
  }),
});
export type Branding = z.infer<typeof brandingViewSchema>;

/** GET /Market/get-store-with-sections/{marketId}: what the editor opens with. */
export const storeWithSectionsSchema = z.strictObject({
  marketId: z.string(),
  name: z.string(),
  /** What shoppers see. */
  published: themeSchema,
  /** What the editor holds; equal to `published` when nothing is waiting. */
  draft: themeSchema,
  /** The draft differs from what is published. */
  unpublished: z.boolean(),
  publishedAt: timestampSchema.nullable(),
  branding: brandingViewSchema,
  /** Signed address of the storefront showing the draft (for the editor's preview frame). */
  previewToken: z.string(),
});
export type StoreWithSections = z.infer<typeof storeWithSectionsSchema>;
