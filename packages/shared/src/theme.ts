import { z } from 'zod';
import { contrastRatio, darkenHex, lightenHex } from './contrast.js';
import { timestampSchema } from './responses.js';

/**
 * The store's look (issue 16, SPEC §3 Market branding, §4 "a market selects one palette and one
 * font"): a palette, a heading and a body font, and the home page's sections. The merchant edits
 * a draft in cp/customize-store; publishing makes it the storefront's (decision 024).
 */

// ─── Palettes ───────────────────────────────────────────────────────────────────────────────────

/** The eight colours of a palette, each a CSS variable of the storefront (--sf-{name}). */
export const PALETTE_COLOURS = ['background', 'surface', 'text', 'muted', 'accent', 'accentText', 'border', 'sale'] as const;
export type PaletteColour = (typeof PALETTE_COLOURS)[number];
export type PaletteColours = Record<PaletteColour, string>;

/**
 * The pairs a shopper reads one on the other, and the contrast each needs (WCAG 2.1 AA: 4.5 for
 * text; 3 for the accent as a link or outline on the page, a large or non-text use).
 */
export const PALETTE_PAIRS: readonly { fore: PaletteColour; back: PaletteColour; min: number }[] = [
  { fore: 'text', back: 'background', min: 4.5 },
  { fore: 'text', back: 'surface', min: 4.5 },
  { fore: 'muted', back: 'background', min: 4.5 },
  { fore: 'accentText', back: 'accent', min: 4.5 },
  { fore: 'sale', back: 'background', min: 4.5 },
  { fore: 'accent', back: 'background', min: 3 },
];

export interface ContrastProblem {
  fore: PaletteColour;
  back: PaletteColour;
  ratio: number;
  min: number;
  /** The nearest colour for `fore` that passes (darker on a light back, lighter on a dark one). */
  suggestion: string;
}

/** The pairs of a palette below AA, each with a fix; [] when every pair reads. */
export function paletteContrastProblems(colours: PaletteColours): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const { fore, back, min } of PALETTE_PAIRS) {
    const ratio = contrastRatio(colours[fore], colours[back]);
    if (ratio >= min) continue;
    problems.push({ fore, back, ratio: Math.floor(ratio * 100) / 100, min, suggestion: readableOn(colours[fore], colours[back], min) });
  }
  return problems;
}

/** `fore` moved towards black or white, in small steps, until it reads on `back` at `min`. */
export function readableOn(fore: string, back: string, min: number): string {
  const darkBack = contrastRatio(back, '#000000') < contrastRatio(back, '#ffffff');
  for (let step = 1; step <= 20; step++) {
    const candidate = darkBack ? lightenHex(fore, step / 20) : darkenHex(fore, step / 20);
    if (contrastRatio(candidate, back) >= min) return candidate;
  }
  return darkBack ? '#ffffff' : '#000000';
}

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

export const paletteSchema = z.strictObject({
  id: z.string(),
  /** The platform's presets have a key the interface names in its language; the merchant's a name. */
  preset: z.string().nullable(),
  name: z.string(),
  colours: paletteColoursSchema,
});
export type Palette = z.infer<typeof paletteSchema>;

/** The platform's presets: fixed ids, so a store's choice survives a restart. Every one reads at AA. */
export const PRESET_PALETTES: readonly Palette[] = [
  {
    id: '00000000-0000-4000-8000-00000000a001',
    preset: 'classic',
    name: 'Classic',
    colours: {
      background: '#ffffff',
      surface: '#f6f7f8',
      text: '#1f2328',
      muted: '#57606a',
      accent: '#0b7285',
      accentText: '#ffffff',
      border: '#d8dee4',
      sale: '#c2410c',
    },
  },
  {
    id: '00000000-0000-4000-8000-00000000a002',
    preset: 'ink',
    name: 'Ink',
    colours: {
      background: '#fafaf9',
      surface: '#f0efed',
      text: '#111111',
      muted: '#52525b',
      accent: '#111111',
      accentText: '#ffffff',
      border: '#d6d3d1',
      sale: '#b91c1c',
    },
  },
  {
    id: '00000000-0000-4000-8000-00000000a003',
    preset: 'bold',
    name: 'Bold',
    colours: {
      background: '#fff8e7',
      surface: '#ffeec2',
      text: '#1a1a2e',
      muted: '#4a4a5e',
      accent: '#d62246',
      accentText: '#ffffff',
      border: '#f0d9a0',
      sale: '#a4161a',
    },
  },
  {
    id: '00000000-0000-4000-8000-00000000a004',
    preset: 'boutique',
    name: 'Boutique',
    colours: {
      background: '#fbf7f4',
      surface: '#f3ebe5',
      text: '#3b2f2f',
      muted: '#6b5a55',
      accent: '#8c5a4a',
      accentText: '#ffffff',
      border: '#e6d8cf',
      sale: '#9f2d2d',
    },
  },
  {
    id: '00000000-0000-4000-8000-00000000a005',
    preset: 'forest',
    name: 'Forest',
    colours: {
      background: '#f7faf7',
      surface: '#e9f1ea',
      text: '#17301f',
      muted: '#4b5e51',
      accent: '#2f6b3c',
      accentText: '#ffffff',
      border: '#cfdcd2',
      sale: '#b4321f',
    },
  },
  {
    id: '00000000-0000-4000-8000-00000000a006',
    preset: 'night',
    name: 'Night',
    colours: {
      background: '#14161a',
      surface: '#1e2127',
      text: '#f1f3f5',
      muted: '#aab1ba',
      accent: '#ffb703',
      accentText: '#14161a',
      border: '#343a40',
      sale: '#ff8787',
    },
  },
];

export const DEFAULT_PALETTE = PRESET_PALETTES[0] as Palette;

export function presetPalette(id: string): Palette | undefined {
  return PRESET_PALETTES.find((p) => p.id === id);
}

// ─── Fonts ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The bundled families (self-hosted from @fontsource, served by the server at /fonts): each covers
 * Azerbaijani Latin (Ə ə Ğ ğ I ı İ i Ş ş Ç ç Ö ö Ü ü) and Cyrillic — a test reads their glyphs.
 * 'system' is the device's own font: nothing to download.
 */
export const STORE_FONTS = {
  system: { family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', kind: 'sans', package: null },
  inter: { family: '"Inter", system-ui, sans-serif', kind: 'sans', package: 'inter' },
  roboto: { family: '"Roboto", system-ui, sans-serif', kind: 'sans', package: 'roboto' },
  montserrat: { family: '"Montserrat", system-ui, sans-serif', kind: 'sans', package: 'montserrat' },
  nunito: { family: '"Nunito", system-ui, sans-serif', kind: 'sans', package: 'nunito' },
  comfortaa: { family: '"Comfortaa", system-ui, sans-serif', kind: 'display', package: 'comfortaa' },
  oswald: { family: '"Oswald", "Arial Narrow", sans-serif', kind: 'display', package: 'oswald' },
  lora: { family: '"Lora", Georgia, serif', kind: 'serif', package: 'lora' },
  'playfair-display': { family: '"Playfair Display", Georgia, serif', kind: 'serif', package: 'playfair-display' },
  merriweather: { family: '"Merriweather", Georgia, serif', kind: 'serif', package: 'merriweather' },
  'noto-serif': { family: '"Noto Serif", Georgia, serif', kind: 'serif', package: 'noto-serif' },
} as const;
export type StoreFont = keyof typeof STORE_FONTS;
export const STORE_FONT_NAMES = Object.keys(STORE_FONTS) as StoreFont[];

/** Display names (a font's name is the same in every language). */
export const STORE_FONT_LABELS: Record<StoreFont, string> = {
  system: 'System',
  inter: 'Inter',
  roboto: 'Roboto',
  montserrat: 'Montserrat',
  nunito: 'Nunito',
  comfortaa: 'Comfortaa',
  oswald: 'Oswald',
  lora: 'Lora',
  'playfair-display': 'Playfair Display',
  merriweather: 'Merriweather',
  'noto-serif': 'Noto Serif',
};

export function isStoreFont(name: string): name is StoreFont {
  return Object.hasOwn(STORE_FONTS, name);
}

/** Which text a font is for: POST /MarketSetting/font?…&target= (both when absent). */
export const FONT_TARGETS = ['heading', 'body', 'both'] as const;
export type FontTarget = (typeof FONT_TARGETS)[number];

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

/**
 * A link a section points at: a path of the store ("/category/…", "/pages/…": it follows the
 * store's address), a web address (http/https) or nothing. Anything else — javascript:, data:,
 * "//host" — is refused (linkInvalid).
 */
export function isSafeLink(link: string): boolean {
  if (link === '') return true;
  if (/[\s<>"'`\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const text = (max: number) => z.string('required').trim().max(max, 'tooLong');
const link = z
  .string('required')
  .trim()
  .max(LINK_MAX, 'tooLong')
  .refine(isSafeLink, 'linkInvalid');
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
    z.strictObject({ ...sectionBase, type: z.literal('hero'), slides: z.array(bannerItemSchema).max(SLIDES_MAX, 'tooMany') }),
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
    z.strictObject({ ...sectionBase, type: z.literal('newsletter'), heading: title, text: text(SECTION_TEXT_MAX).default('') }),
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
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'duplicate'),
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

// ─── Branding ───────────────────────────────────────────────────────────────────────────────────

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'tiktok', 'whatsapp'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

export const STORE_DESCRIPTION_MAX = 500;

/** A profile's handle or address on each network → the link a shopper follows. */
export function socialUrl(network: SocialNetwork, value: string): string {
  switch (network) {
    case 'instagram':
      return `https://www.instagram.com/${value}`;
    case 'facebook':
      return `https://www.facebook.com/${value}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${value}`;
    case 'whatsapp':
      return `https://wa.me/${value}`;
  }
}

/**
 * A handle as the merchant may paste it — "@name", "name", or the profile's address — kept as the
 * bare handle; WhatsApp keeps the number's digits (international, as wa.me wants them).
 */
export function socialHandle(network: SocialNetwork, raw: string): string | null {
  let value = raw.trim();
  if (value === '') return '';
  if (network === 'whatsapp') {
    const digits = value.replace(/^https?:\/\/(wa\.me|api\.whatsapp\.com)\/?/i, '').replace(/[\s()+-]/g, '');
    return /^\d{8,15}$/.test(digits) ? digits : null;
  }
  const hosts: Record<Exclude<SocialNetwork, 'whatsapp'>, RegExp> = {
    instagram: /^(https?:\/\/)?(www\.)?instagram\.com\//i,
    facebook: /^(https?:\/\/)?(www\.|m\.)?(facebook|fb)\.com\//i,
    tiktok: /^(https?:\/\/)?(www\.)?tiktok\.com\//i,
  };
  value = value.replace(hosts[network], '').replace(/^@/, '').replace(/[/?#].*$/, '');
  return /^[A-Za-z0-9._-]{1,60}$/.test(value) ? value : null;
}

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
