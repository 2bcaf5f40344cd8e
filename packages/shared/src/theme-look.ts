import { contrastRatio, darkenHex, lightenHex } from './contrast.js';

/**
 * What a store's pages need of its look (issue 16) without any schema: palettes and their
 * contrast, the bundled fonts, safe links, social links. The storefront's browser code imports
 * these; the schemas of theme.ts (zod) stay out of its bundle.
 */

/** A palette: the platform's presets have a key the interface names; the merchant's a name. */
export interface Palette {
  id: string;
  preset: string | null;
  name: string;
  colours: PaletteColours;
}

// ─── Palettes ───────────────────────────────────────────────────────────────────────────────────

/** The eight colours of a palette, each a CSS variable of the storefront (--sf-{name}). */
export const PALETTE_COLOURS = [
  'background',
  'surface',
  'text',
  'muted',
  'accent',
  'accentText',
  'border',
  'sale',
] as const;
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
    problems.push({
      fore,
      back,
      ratio: Math.floor(ratio * 100) / 100,
      min,
      suggestion: readableOn(colours[fore], colours[back], min),
    });
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
  system: { name: '', family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', kind: 'sans', package: null },
  inter: { name: 'Inter', family: '"Inter", system-ui, sans-serif', kind: 'sans', package: 'inter' },
  roboto: { name: 'Roboto', family: '"Roboto", system-ui, sans-serif', kind: 'sans', package: 'roboto' },
  montserrat: {
    name: 'Montserrat',
    family: '"Montserrat", system-ui, sans-serif',
    kind: 'sans',
    package: 'montserrat',
  },
  nunito: { name: 'Nunito', family: '"Nunito", system-ui, sans-serif', kind: 'sans', package: 'nunito' },
  comfortaa: { name: 'Comfortaa', family: '"Comfortaa", system-ui, sans-serif', kind: 'display', package: 'comfortaa' },
  oswald: { name: 'Oswald', family: '"Oswald", "Arial Narrow", sans-serif', kind: 'display', package: 'oswald' },
  lora: { name: 'Lora', family: '"Lora", Georgia, serif', kind: 'serif', package: 'lora' },
  'playfair-display': {
    name: 'Playfair Display',
    family: '"Playfair Display", Georgia, serif',
    kind: 'serif',
    package: 'playfair-display',
  },
  merriweather: {
    name: 'Merriweather',
    family: '"Merriweather", Georgia, serif',
    kind: 'serif',
    package: 'merriweather',
  },
  'noto-serif': { name: 'Noto Serif', family: '"Noto Serif", Georgia, serif', kind: 'serif', package: 'noto-serif' },
} as const;
export type StoreFont = keyof typeof STORE_FONTS;
export const STORE_FONT_NAMES = Object.keys(STORE_FONTS) as StoreFont[];

export function isStoreFont(name: string): name is StoreFont {
  return Object.hasOwn(STORE_FONTS, name);
}

/**
 * The subsets every bundled family ships and the characters each covers (as @fontsource writes
 * them): a browser downloads a subset's file only when the page has one of its characters.
 */
const FONT_SUBSETS: Record<string, string> = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  'cyrillic-ext': 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
};
/** Playfair Display has no cyrillic-ext file. */
const MISSING_SUBSETS: Partial<Record<StoreFont, string[]>> = { 'playfair-display': ['cyrillic-ext'] };
export const FONT_WEIGHTS = [400, 700] as const;
/** Where the server serves the bundled fonts' files (apps/server modules/theme/fonts.ts). */
export const STORE_FONTS_PATH = '/store-fonts';

/** A bundled font's file name, as @fontsource names it. */
export function fontFileName(pkg: string, subset: string, weight: number): string {
  return `${pkg}-${subset}-${weight}-normal.woff2`;
}

/** The @font-face rules of the given fonts (the system font has none): only these load. */
export function fontFaceCss(fonts: readonly StoreFont[]): string {
  let css = '';
  for (const font of new Set(fonts)) {
    const { package: pkg, name } = STORE_FONTS[font];
    if (!pkg) continue;
    for (const weight of FONT_WEIGHTS)
      for (const [subset, range] of Object.entries(FONT_SUBSETS)) {
        if (MISSING_SUBSETS[font]?.includes(subset)) continue;
        css += `@font-face{font-family:"${name}";font-style:normal;font-display:swap;font-weight:${weight};src:url(${STORE_FONTS_PATH}/${fontFileName(pkg, subset, weight)}) format("woff2");unicode-range:${range}}`;
      }
  }
  return css;
}

/** Every file fontFaceCss may name: the server serves these and nothing else. */
export function storeFontFiles(): Map<string, { pkg: string }> {
  const files = new Map<string, { pkg: string }>();
  for (const font of STORE_FONT_NAMES) {
    const { package: pkg } = STORE_FONTS[font];
    if (!pkg) continue;
    for (const weight of FONT_WEIGHTS)
      for (const subset of Object.keys(FONT_SUBSETS))
        if (!MISSING_SUBSETS[font]?.includes(subset)) files.set(fontFileName(pkg, subset, weight), { pkg });
  }
  return files;
}

/** Which text a font is for: POST /MarketSetting/font?…&target= (both when absent). */
export const FONT_TARGETS = ['heading', 'body', 'both'] as const;
export type FontTarget = (typeof FONT_TARGETS)[number];

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
  value = value
    .replace(hosts[network], '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '');
  return /^[A-Za-z0-9._-]{1,60}$/.test(value) ? value : null;
}
