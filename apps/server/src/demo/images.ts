import sharp from 'sharp';

/**
 * Product pictures for the demo store, drawn at seed time: a soft two-colour gradient with a
 * flat garment silhouette, like a studio shot on a coloured backdrop. No files ship with the
 * repository and no network is needed.
 */

export type DemoShape =
  | 'shirt'
  | 'tshirt'
  | 'polo'
  | 'sweater'
  | 'jacket'
  | 'trousers'
  | 'jeans'
  | 'shorts'
  | 'belt'
  | 'scarf'
  | 'bag'
  | 'cap';

/**
 * Silhouettes in a 100 × 100 box; `detail` is drawn over the shape in a darker tone, as lines
 * only when `outline` is set.
 */
const SHAPES: Record<DemoShape, { body: string; detail: string; outline?: boolean }> = {
  shirt: {
    body: 'M36 17 L24 22 L13 60 L22 63 L30 38 L30 85 L70 85 L70 38 L78 63 L87 60 L76 22 L64 17 L50 29 Z',
    detail:
      'M36 17 L50 29 L43 15 Z M64 17 L50 29 L57 15 Z M50 29 L50 85 M49 40 h2 v2 h-2 Z M49 52 h2 v2 h-2 Z M49 64 h2 v2 h-2 Z',
  },
  tshirt: {
    body: 'M36 19 L25 23 L12 36 L20 46 L29 41 L29 83 L71 83 L71 41 L80 46 L88 36 L75 23 L64 19 Q50 29 36 19 Z',
    detail: 'M36 19 Q50 29 64 19 Q50 33 36 19 Z',
  },
  polo: {
    body: 'M37 18 L25 23 L12 36 L20 46 L29 41 L29 83 L71 83 L71 41 L80 46 L88 36 L75 23 L63 18 L50 26 Z',
    detail: 'M37 18 L50 26 L44 32 Z M63 18 L50 26 L56 32 Z M50 26 L50 42 M49 32 h2 v2 h-2 Z M49 37 h2 v2 h-2 Z',
  },
  sweater: {
    body: 'M38 18 Q50 26 62 18 L76 23 L87 62 L79 65 L70 40 L70 84 L30 84 L30 40 L21 65 L13 62 L24 23 Z',
    detail:
      'M38 18 Q50 30 62 18 Q50 26 38 18 Z M30 78 h40 v6 h-40 Z M13 62 L21 65 L20 68 L12 65 Z M87 62 L79 65 L80 68 L88 65 Z',
  },
  jacket: {
    body: 'M36 16 L23 22 L13 64 L22 66 L29 40 L29 86 L71 86 L71 40 L78 66 L87 64 L77 22 L64 16 L50 24 Z',
    detail:
      'M36 16 L50 24 L46 40 L40 24 Z M64 16 L50 24 L54 40 L60 24 Z M50 24 L50 86 M35 62 h10 v2 h-10 Z M55 62 h10 v2 h-10 Z',
  },
  trousers: {
    body: 'M31 13 L69 13 L73 89 L56 89 L50 38 L44 89 L27 89 Z',
    detail: 'M31 13 h38 v5 h-38 Z M50 18 L50 34 M36 18 Q37 26 31 28',
  },
  jeans: {
    body: 'M31 13 L69 13 L73 89 L56 89 L50 38 L44 89 L27 89 Z',
    detail: 'M31 13 h38 v5 h-38 Z M50 18 L50 36 M36 18 Q38 27 31 29 M64 18 Q62 27 69 29 M30 82 h14 M56 82 h15',
  },
  shorts: {
    body: 'M29 28 L71 28 L75 68 L54 68 L50 47 L46 68 L25 68 Z',
    detail: 'M29 28 h42 v5 h-42 Z M50 33 L50 45',
  },
  belt: {
    body: 'M8 45 h84 a3 3 0 0 1 0 10 h-84 a3 3 0 0 1 0 -10 Z',
    detail: 'M20 41 h13 v18 h-13 Z M23 44 h7 v12 h-7 Z M60 49 h2 v2 h-2 Z M68 49 h2 v2 h-2 Z M76 49 h2 v2 h-2 Z',
  },
  scarf: {
    body: 'M30 16 Q50 26 70 16 L70 34 Q62 42 58 44 L62 86 L50 86 L48 46 Q38 42 30 34 Z',
    detail: 'M50 86 l0 4 M54 86 l0 4 M58 86 l0 4 M30 24 Q50 34 70 24',
  },
  bag: {
    body: 'M22 38 h56 l-4 50 h-48 Z',
    detail: 'M37 38 Q37 17 50 17 Q63 17 63 38 M22 46 h56',
    outline: true,
  },
  cap: {
    body: 'M20 62 Q20 28 50 28 Q80 28 80 62 Z M48 58 L90 60 Q93 67 84 68 L48 66 Z',
    detail: 'M50 28 L50 62 M35 33 Q40 46 38 62 M65 33 Q60 46 62 62 M48 25 h4 v4 h-4 Z',
  },
};

export interface TileSpec {
  shape: DemoShape;
  /** The garment's colour. */
  color: string;
  /** The backdrop's two gradient stops. */
  backdrop: readonly [string, string];
}

/** Darker (amount < 0) or lighter (> 0) version of a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

function garment(shape: DemoShape, color: string, transform = ''): string {
  const { body, detail, outline } = SHAPES[shape];
  const line = shade(color, color === '#f4f1ea' || color === '#e9dcc3' ? -0.25 : -0.3);
  return `<g transform="${transform}">
    <path d="${body}" fill="${shade(color, -0.35)}" opacity=".18" transform="translate(1.4 1.8)"/>
    <path d="${body}" fill="${color}"/>
    <path d="${detail}" fill="${line}" stroke="${line}" stroke-width="${outline ? 1.6 : 0.7}" stroke-linejoin="round" fill-opacity="${outline ? 0 : 0.55}"/>
  </g>`;
}

function backdrop(width: number, height: number, [from, to]: readonly [string, string]): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx=".3" cy=".25" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>`;
}

/** Rasterizes an SVG to an opaque PNG: what a merchant's upload would be. */
async function toPng(svg: string): Promise<Buffer> {
  // Level 1: the bytes are decoded again at once; squeezing them costs more than it saves.
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * A square product picture. 800 px, not the 1600 of a camera photo: seeding runs before the
 * first start answers, and each picture's renditions cost CPU time that grows with its size
 * (the flat shapes scale up cleanly anyway).
 */
export function productTile(spec: TileSpec, size = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    ${backdrop(100, 100, spec.backdrop)}
    <ellipse cx="50" cy="91" rx="30" ry="2.6" fill="#000" opacity=".07"/>
    ${garment(spec.shape, spec.color, 'translate(10 8) scale(.8)')}
  </svg>`;
  return toPng(svg);
}

/** A wide banner with a few garments side by side (a collection's cover). */
export function bannerTile(items: readonly TileSpec[], backdropColors: readonly [string, string]): Promise<Buffer> {
  const width = 200;
  const height = 100;
  const step = width / (items.length + 1);
  const shapes = items
    .map((item, i) => garment(item.shape, item.color, `translate(${step * (i + 1) - 30} 18) scale(.6)`))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500" viewBox="0 0 ${width} ${height}">
    ${backdrop(width, height, backdropColors)}
    ${shapes}
  </svg>`;
  return toPng(svg);
}

/**
 * The home's hero banner: a 1600 × 700 scene of garments on a backdrop with a photograph's grain,
 * so that its WebP weighs what a merchant's banner photo does (~150 KB): the storefront's LCP is
 * measured on it (bench/storefront-lcp.mjs).
 */
export async function heroBanner(
  items: readonly TileSpec[],
  backdropColors: readonly [string, string],
): Promise<Buffer> {
  const width = 1600;
  const height = 700;
  const step = 160 / (items.length + 1);
  const shapes = items
    .map((item, i) => garment(item.shape, item.color, `translate(${step * (i + 1) - 22 + 40} 14) scale(.5)`))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 200 87.5">
    ${backdrop(200, 87.5, backdropColors)}
    ${shapes}
  </svg>`;
  const scene = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 22 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = scene.data;
  const channels = scene.info.channels;
  for (let p = 0, g = 0; p < pixels.length; p += channels, g += 3) {
    for (let c = 0; c < 3; c++) {
      const value = (pixels[p + c] as number) + ((grain[g + c] as number) - 128) * 0.35;
      pixels[p + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(pixels, { raw: scene.info }).png({ compressionLevel: 1 }).toBuffer();
}
