import type { CreateTariffInput } from '@shop/shared';
import type { DemoShape } from './images.js';

/**
 * What the demo clothing store sells: categories, products, the "new arrivals" collection and
 * the delivery tariffs. Prices are qəpik (1 AZN = 100). Products are listed newest first, so
 * they are created from the end of PRODUCTS: the first one here is the first a shopper sees.
 */

/** Garment colours by their Azerbaijani name, as the "Rəng" option shows it. */
export const COLORS = {
  Ağ: '#f4f1ea',
  Mavi: '#6d8fc7',
  Qara: '#2b2b2e',
  Bej: '#d9c4a3',
  'Tünd göy': '#2f3f64',
  Boz: '#8d9096',
  Yaşıl: '#6f8f6a',
  Zeytun: '#8a8a5c',
  Qəhvəyi: '#7a5236',
  Terrakota: '#c96f5a',
  Lavanda: '#b89ad1',
  Krem: '#e9dcc3',
  Zümrüd: '#3c6e71',
} as const;
export type ColorName = keyof typeof COLORS;

/** Short codes of the colours for SKUs (ASCII). */
const COLOR_CODES: Record<ColorName, string> = {
  Ağ: 'AG',
  Mavi: 'MV',
  Qara: 'QR',
  Bej: 'BJ',
  'Tünd göy': 'TG',
  Boz: 'BZ',
  Yaşıl: 'YS',
  Zeytun: 'ZT',
  Qəhvəyi: 'QH',
  Terrakota: 'TR',
  Lavanda: 'LV',
  Krem: 'KR',
  Zümrüd: 'ZM',
};

/** Soft backdrops, one per category, so a category's tiles belong together. */
export const BACKDROPS = {
  sand: ['#f6efe6', '#ead9c6'],
  sky: ['#e9eff7', '#d3deee'],
  sage: ['#eef3ea', '#d9e6d2'],
  blush: ['#f8ecea', '#efd5d0'],
} as const satisfies Record<string, readonly [string, string]>;
type Backdrop = keyof typeof BACKDROPS;

export interface DemoCategory {
  key: 'shirts' | 'trousers' | 'outerwear' | 'accessories';
  name: string;
  description: string;
  backdrop: Backdrop;
}

export const CATEGORIES: DemoCategory[] = [
  {
    key: 'shirts',
    name: 'Köynəklər',
    description: 'Köynəklər və futbolkalar: hər gün üçün pambıq və kətan.',
    backdrop: 'sand',
  },
  {
    key: 'trousers',
    name: 'Şalvarlar',
    description: 'Klassik şalvarlar, cinslər və yay şortları.',
    backdrop: 'sky',
  },
  {
    key: 'outerwear',
    name: 'Üst geyimlər',
    description: 'Gödəkcələr və sviterlər: sərin axşamlar üçün.',
    backdrop: 'sage',
  },
  {
    key: 'accessories',
    name: 'Aksesuarlar',
    description: 'Kəmərlər, şərflər, çantalar və papaqlar.',
    backdrop: 'blush',
  },
];

/** Units per variant, by size then colour (the variant grid's order). */
type Stock = number | number[];

export interface DemoProduct {
  /** SKU prefix. */
  code: string;
  category: DemoCategory['key'];
  title: string;
  description: string;
  shape: DemoShape;
  /** Price in qəpik; per size when the price differs by size. */
  price: number | Partial<Record<string, number>>;
  compareAtPrice?: number;
  weightGrams: number;
  /** Sizes (option "Ölçü") and colours (option "Rəng"); the first colour is the picture's. */
  sizes?: string[];
  colors: ColorName[];
  /**
   * A picture per colour, each variant showing its own (the option picker changes the picture).
   * Only for a few: each picture costs seeding time before the first start answers.
   */
  colorPictures?: true;
  /** Without sizes and with one colour: the product's units; else one number per variant. */
  stock: Stock;
  continueSelling?: boolean;
  /** In the "Yeni gələnlər" collection. */
  isNew?: boolean;
}

export const SIZE_OPTION = 'Ölçü';
export const COLOR_OPTION = 'Rəng';

export const PRODUCTS: DemoProduct[] = [
  {
    code: 'KOY-KL',
    category: 'shirts',
    title: 'Klassik pambıq köynək',
    description:
      '<p>Yumşaq, nəfəs alan pambıqdan klassik kəsimli köynək: ofisə də, gəzintiyə də yaraşır.</p>' +
      '<ul><li>100% pambıq</li><li>Düz kəsim, düyməli yaxalıq</li><li>30 °C-də yuyulur</li></ul>',
    shape: 'shirt',
    price: 4900,
    compareAtPrice: 6500,
    weightGrams: 250,
    sizes: ['S', 'M', 'L'],
    colors: ['Ağ', 'Mavi'],
    colorPictures: true,
    // S Ağ, S Mavi, M Ağ, M Mavi, L Ağ, L Mavi
    stock: [6, 4, 8, 0, 5, 3],
    isNew: true,
  },
  {
    code: 'FUT-OV',
    category: 'shirts',
    title: 'Oversize futbolka',
    description:
      '<p>Geniş kəsimli, qalın pambıq futbolka. Cins şalvarla da, şortla da gözəl görünür.</p>' +
      '<ul><li>100% pambıq, 220 q/m²</li><li>Oversize kəsim</li></ul>',
    shape: 'tshirt',
    price: 2900,
    compareAtPrice: 3900,
    weightGrams: 220,
    sizes: ['S', 'M', 'L'],
    colors: ['Qara', 'Bej'],
    colorPictures: true,
    stock: [5, 3, 10, 6, 7, 2],
    isNew: true,
  },
  {
    code: 'KOY-KT',
    category: 'shirts',
    title: 'Kətan köynək',
    description:
      '<p>Yay üçün yüngül kətan köynək. Təbii parça isti havada sərin saxlayır.</p>' +
      '<ul><li>100% kətan</li><li>Uzun qol, qatlana bilir</li></ul>',
    shape: 'shirt',
    price: 5900,
    weightGrams: 230,
    sizes: ['S', 'M', 'L'],
    colors: ['Zeytun'],
    stock: [4, 6, 3],
  },
  {
    code: 'FUT-PL',
    category: 'shirts',
    title: 'Polo futbolka',
    description:
      '<p>Piké toxumalı polo: idmana da, şəhərə də.</p>' +
      '<p><em>Hazırda stokda yoxdur, tezliklə yenidən gələcək.</em></p>',
    shape: 'polo',
    price: 3500,
    weightGrams: 230,
    colors: ['Tünd göy'],
    stock: 0,
  },
  {
    code: 'SLV-KL',
    category: 'trousers',
    title: 'Klassik şalvar',
    description:
      '<p>Ütülü oxlu klassik şalvar: iş günləri və xüsusi hallar üçün.</p>' +
      '<ul><li>Yun qarışıqlı parça</li><li>Düz kəsim</li></ul>',
    shape: 'trousers',
    price: 6900,
    weightGrams: 500,
    sizes: ['S', 'M', 'L'],
    colors: ['Boz'],
    stock: [5, 7, 4],
  },
  {
    code: 'SLV-CN',
    category: 'trousers',
    title: 'Düz kəsim cins şalvar',
    description:
      '<p>Möhkəm denimdən düz kəsimli cins: hər mövsüm geyinilir.</p>' +
      '<ul><li>98% pambıq, 2% elastan</li><li>Beş cib</li></ul>',
    shape: 'jeans',
    price: 7900,
    compareAtPrice: 9900,
    weightGrams: 650,
    sizes: ['S', 'M', 'L'],
    colors: ['Tünd göy', 'Qara'],
    stock: [3, 2, 6, 4, 4, 0],
  },
  {
    code: 'SRT-YY',
    category: 'trousers',
    title: 'Yay şortu',
    description: '<p>Pambıq yay şortu, dizdən yuxarı. İsti günlər üçün rahat seçim.</p>',
    shape: 'shorts',
    price: 3200,
    weightGrams: 300,
    colors: ['Qəhvəyi'],
    stock: 14,
  },
  {
    code: 'GDK-YN',
    category: 'outerwear',
    title: 'Yüngül gödəkcə',
    description:
      '<p>Yaz və payız üçün yüngül gödəkcə: küləkdən qoruyur, çantada az yer tutur.</p>' +
      '<ul><li>Suya davamlı örtük</li><li>İki yan cib</li></ul>',
    shape: 'jacket',
    price: 12900,
    compareAtPrice: 15900,
    weightGrams: 700,
    sizes: ['S', 'M', 'L'],
    colors: ['Qəhvəyi'],
    stock: [3, 5, 2],
    isNew: true,
  },
  {
    code: 'SVT-YN',
    category: 'outerwear',
    title: 'Yun sviter',
    description:
      '<p>Yumşaq merinos yunundan isti sviter. Böyük ölçü bir az baha başa gəlir.</p>' +
      '<ul><li>70% merinos yunu, 30% pambıq</li><li>Əl ilə yuyulur</li></ul>',
    shape: 'sweater',
    price: { S: 8900, M: 8900, L: 9400 },
    weightGrams: 550,
    sizes: ['S', 'M', 'L'],
    colors: ['Boz', 'Yaşıl'],
    stock: [2, 0, 4, 3, 0, 1],
    isNew: true,
  },
  {
    code: 'AKS-KM',
    category: 'accessories',
    title: 'Dəri kəmər',
    description: '<p>Təbii dəridən kəmər, metal tokalı. Eni 3,5 sm.</p>',
    shape: 'belt',
    price: 2500,
    weightGrams: 200,
    colors: ['Terrakota'],
    stock: 20,
  },
  {
    code: 'AKS-SR',
    category: 'accessories',
    title: 'İpək şərf',
    description:
      '<p>Təbii ipəkdən yüngül şərf. Sifarişlə tikilir: stokda olmasa da sifariş verə bilərsiniz, ' +
      '3–5 iş günündə hazır olur.</p>',
    shape: 'scarf',
    price: 3900,
    weightGrams: 100,
    colors: ['Lavanda'],
    stock: 0,
    continueSelling: true,
    isNew: true,
  },
  {
    code: 'AKS-CN',
    category: 'accessories',
    title: 'Kətan çanta',
    description: '<p>Gündəlik alış-veriş üçün möhkəm kətan çanta. 40 × 38 sm, uzun tutacaqlı.</p>',
    shape: 'bag',
    price: 1900,
    compareAtPrice: 2500,
    weightGrams: 250,
    colors: ['Krem'],
    stock: 30,
    isNew: true,
  },
  {
    code: 'AKS-PP',
    category: 'accessories',
    title: 'Beysbol papağı',
    description: '<p>Pambıq beysbol papağı, arxadan tənzimlənən qayışla. Bir ölçü hamıya uyğundur.</p>',
    shape: 'cap',
    price: 1500,
    weightGrams: 120,
    colors: ['Zümrüd', 'Qara'],
    stock: [8, 6],
  },
];

export const COLLECTION = {
  title: 'Yeni gələnlər',
  description: 'Bu mövsümün yeni modelləri.',
} as const;

/** The delivery tariffs; `marketId` is added when they are created. */
export const TARIFFS: Omit<CreateTariffInput, 'marketId'>[] = [
  {
    name: 'Bakı daxili kuryer',
    description: 'Kuryer sifarişi 1–2 iş günündə ünvana çatdırır (Bakı və Sumqayıt).',
    type: 'flat',
    price: 500,
    regions: ['baku', 'sumgait'],
    fulfilmentLocation: 'Bakı, Nərimanov rayonu, anbar',
    minDays: 1,
    maxDays: 2,
  },
  {
    // Below 100 AZN; from 100 AZN the free tariff below takes over.
    name: 'Regionlara çatdırılma',
    description: 'Bütün regionlara, 100 AZN-dək sifarişlər üçün.',
    type: 'custom',
    price: 800,
    condition: 'order_total',
    conditionMax: 9999,
    fulfilmentLocation: 'Bakı, Nərimanov rayonu, anbar',
    minDays: 2,
    maxDays: 5,
  },
  {
    name: 'Pulsuz çatdırılma (100 AZN-dən)',
    description: '100 AZN və daha çox sifarişlərdə bütün regionlara pulsuz.',
    type: 'custom',
    isFree: true,
    condition: 'order_total',
    conditionMin: 10000,
    fulfilmentLocation: 'Bakı, Nərimanov rayonu, anbar',
    minDays: 2,
    maxDays: 5,
  },
];

/** The variants of a demo product, in the order of the options' grid (size, then colour). */
export function demoVariants(product: DemoProduct) {
  const sizes = product.sizes ?? [];
  const colors = product.colors.length > 1 ? product.colors : [];
  const options = [
    ...(sizes.length ? [{ name: SIZE_OPTION, values: sizes }] : []),
    ...(colors.length ? [{ name: COLOR_OPTION, values: colors as string[] }] : []),
  ];
  if (!options.length) return { options, variants: [] };
  const stock = Array.isArray(product.stock) ? product.stock : [];
  const grid = (sizes.length ? sizes : [undefined]).flatMap((size) =>
    (colors.length ? colors : [undefined]).map((color) => ({ size, color })),
  );
  if (grid.length !== stock.length) throw new Error(`demo product ${product.code}: one stock per variant`);
  const variants = grid.map(({ size, color }, i) => {
    const price = typeof product.price === 'number' ? product.price : (product.price[size ?? ''] ?? 0);
    return {
      options: [size, color].filter((v): v is string => v !== undefined),
      price,
      compareAtPrice: product.compareAtPrice ?? null,
      sku: [product.code, size, color && COLOR_CODES[color]].filter(Boolean).join('-'),
      stock: stock[i] ?? 0,
      color: color ?? (product.colors[0] as ColorName),
    };
  });
  return { options, variants };
}
