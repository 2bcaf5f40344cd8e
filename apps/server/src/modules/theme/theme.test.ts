import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  fontFaceCss,
  type Palette,
  PRESET_PALETTES,
  paletteContrastProblems,
  STORE_FONT_NAMES,
  STORE_FONTS,
  type StoreWithSections,
  storeFontFiles,
} from '@shop/shared';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  catalogOwner,
  createCollection,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  multipart,
  newIp,
  productBody,
  type TestApp,
} from '../../testing/app.js';
import { StorefrontService } from '../storefront/service.js';

/**
 * The theme editor's API (issue 16) on both databases: palettes with their contrast rule, the
 * bundled fonts, sections and banner items as a draft, templates, publish and discard, branding —
 * and what the storefront's reader then shows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const storefront = () => new StorefrontService(t.ctx);
const editor = async (token: string, marketId: string) =>
  dataOf<StoreWithSections>(await call(t.app, token, 'GET', `/api/Market/get-store-with-sections/${marketId}`));
const sections = (token: string, marketId: string, list: unknown[]) =>
  call(t.app, token, 'POST', `/api/Section/bulk-update-sections/${marketId}`, { sections: list });
const id = () => crypto.randomUUID();

const READABLE = {
  background: '#ffffff',
  surface: '#f4f4f5',
  text: '#18181b',
  muted: '#52525b',
  accent: '#7c3aed',
  accentText: '#ffffff',
  border: '#e4e4e7',
  sale: '#b91c1c',
};

describe('presets and fonts', () => {
  it('every preset palette reads at WCAG AA', () => {
    for (const palette of PRESET_PALETTES) expect(paletteContrastProblems(palette.colours), palette.name).toEqual([]);
  });

  it('every bundled font has Azerbaijani Latin and Cyrillic letters in its files', () => {
    const require = createRequire(import.meta.url);
    const letters = [...'ƏəĞğIıİiŞşÇçÖöÜü', ...'АБВЖЯабвжяЁё'];
    for (const name of STORE_FONT_NAMES) {
      const pkg = STORE_FONTS[name].package;
      if (!pkg) continue;
      const dir = path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files');
      const faces = [...storeFontFiles().keys()]
        .filter((file) => file.startsWith(`${pkg}-`) && file.includes('-400-'))
        .map((file) => fontkit.create(fs.readFileSync(path.join(dir, file))) as fontkit.Font);
      const missing = letters.filter((ch) => !faces.some((face) => face.hasGlyphForCodePoint(ch.codePointAt(0)!)));
      expect(missing, name).toEqual([]);
    }
  });

  it('the storefront loads only the chosen faces, by unicode range, from the server', async () => {
    const css = fontFaceCss(['lora', 'lora', 'system']);
    expect(css.match(/@font-face/g)).toHaveLength(8); // 2 weights × 4 subsets, Lora only
    expect(css).toContain('unicode-range:U+0100-02BA');
    expect(css).not.toContain('Inter');
    const url = /url\(([^)]+)\)/.exec(css)![1]!;
    const font = await t.app.inject({ method: 'GET', url });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/store-fonts/..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/store-fonts/evil-latin-400-normal.woff2' })).statusCode).toBe(
      404,
    );
  });
});

describe('palettes', () => {
  it('lists the presets, then the store’s own; a readable one is saved, changed and deleted', async () => {
    const owner = await catalogOwner(t.app);
    const list = dataOf<Palette[]>(await call(t.app, owner.token, 'GET', `/api/Palet/market/${owner.market.id}`));
    expect(list.map((p) => p.id)).toEqual(PRESET_PALETTES.map((p) => p.id));

    const made = dataOf<Palette>(
      await call(t.app, owner.token, 'POST', '/api/Palet', {
        marketId: owner.market.id,
        name: ' Violet ',
        colours: { ...READABLE, accent: '#7C3AED' },
      }),
      201,
    );
    expect(made).toMatchObject({ name: 'Violet', preset: null, colours: READABLE });
    const changed = dataOf<Palette>(
      await call(t.app, owner.token, 'PUT', `/api/Palet/${made.id}`, { name: 'Violet 2', colours: READABLE }),
    );
    expect(changed.name).toBe('Violet 2');
    const after = dataOf<Palette[]>(await call(t.app, owner.token, 'GET', `/api/Palet/market/${owner.market.id}`));
    expect(after.at(-1)).toEqual(changed);
    dataOf(await call(t.app, owner.token, 'DELETE', `/api/Palet/${made.id}`));
    expect(
      dataOf<Palette[]>(await call(t.app, owner.token, 'GET', `/api/Palet/market/${owner.market.id}`)),
    ).toHaveLength(PRESET_PALETTES.length);
  });

  it('unreadable contrast is refused with the pair, the ratio and a colour that would read', async () => {
    const owner = await catalogOwner(t.app);
    const response = await call(t.app, owner.token, 'POST', '/api/Palet', {
      marketId: owner.market.id,
      name: 'Pale',
      colours: { ...READABLE, text: '#bbbbbb', accentText: '#8b5cf6' },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('PALETTE_CONTRAST');
    expect(fieldCodes(response)).toEqual({ 'colours.text': 'contrastTooLow', 'colours.accentText': 'contrastTooLow' });
    const suggestion = (error as unknown as { params: { suggestion: string } }).params.suggestion;
    expect(suggestion).toMatch(/^#[0-9a-f]{6}$/);
    expect(error.message).toContain(suggestion);
    // The suggestion does read.
    expect(paletteContrastProblems({ ...READABLE, text: suggestion })).toEqual([]);
  });

  it('bad colours and names are refused at their fields; another store’s palette is not found', async () => {
    const owner = await catalogOwner(t.app);
    const other = await catalogOwner(t.app);
    const bad = await call(t.app, owner.token, 'POST', '/api/Palet', {
      marketId: owner.market.id,
      name: '',
      colours: { ...READABLE, background: 'red', border: 'url(javascript:alert(1))' },
    });
    expect(fieldCodes(bad)).toMatchObject({
      name: 'required',
      'colours.background': 'colourInvalid',
      'colours.border': 'colourInvalid',
    });
    const theirs = dataOf<Palette>(
      await call(t.app, other.token, 'POST', '/api/Palet', {
        marketId: other.market.id,
        name: 'Mine',
        colours: READABLE,
      }),
      201,
    );
    expect(
      (await call(t.app, owner.token, 'PUT', `/api/Palet/${theirs.id}`, { name: 'x', colours: READABLE })).statusCode,
    ).toBe(404);
    expect((await call(t.app, owner.token, 'DELETE', `/api/Palet/${theirs.id}`)).statusCode).toBe(404);
    const select = await call(
      t.app,
      owner.token,
      'POST',
      `/api/MarketSetting/palet?marketId=${owner.market.id}&paletId=${theirs.id}`,
    );
    expect(select.statusCode).toBe(404);
  });

  it('a palette in use stays until another is chosen; editing it changes the live store at once', async () => {
    const owner = await catalogOwner(t.app);
    const mine = dataOf<Palette>(
      await call(t.app, owner.token, 'POST', '/api/Palet', {
        marketId: owner.market.id,
        name: 'Mine',
        colours: READABLE,
      }),
      201,
    );
    dataOf(
      await call(t.app, owner.token, 'POST', `/api/MarketSetting/palet?marketId=${owner.market.id}&paletId=${mine.id}`),
    );
    expect(errorOf(await call(t.app, owner.token, 'DELETE', `/api/Palet/${mine.id}`)).code).toBe('PALETTE_IN_USE');
    dataOf(await call(t.app, owner.token, 'POST', `/api/Section/publish/${owner.market.id}`));
    const live = await storefront().marketByName(owner.market.name);
    expect(live?.theme.colours).toEqual(READABLE);
    dataOf(
      await call(t.app, owner.token, 'PUT', `/api/Palet/${mine.id}`, {
        name: 'Mine',
        colours: { ...READABLE, accent: '#1d4ed8' },
      }),
    );
    const after = await storefront().marketByName(owner.market.name);
    expect(after?.theme.colours.accent).toBe('#1d4ed8');
    expect(after!.catalogVersion).toBeGreaterThan(live!.catalogVersion);
  });
});

describe('the draft, publish and discard', () => {
  it('a new store shows the default look; changes wait in the draft until published', async () => {
    const owner = await catalogOwner(t.app);
    const first = await editor(owner.token, owner.market.id);
    expect(first.unpublished).toBe(false);
    expect(first.published.sections.map((s) => s.type)).toEqual(['hero', 'categoryGrid', 'bundles', 'productGrid']);
    expect(first.previewToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const bold = PRESET_PALETTES.find((p) => p.preset === 'bold')!;
    dataOf(
      await call(t.app, owner.token, 'POST', `/api/MarketSetting/palet?marketId=${owner.market.id}&paletId=${bold.id}`),
    );
    const fonted = dataOf<StoreWithSections>(
      await call(
        t.app,
        owner.token,
        'POST',
        `/api/MarketSetting/font?marketId=${owner.market.id}&fontName=oswald&target=heading`,
      ),
    );
    expect(fonted.draft).toMatchObject({ paletteId: bold.id, headingFont: 'oswald', bodyFont: 'system' });
    expect(fonted.unpublished).toBe(true);

    // Shoppers still see the published look; the preview token shows the draft.
    const market = (await storefront().marketByName(owner.market.name))!;
    expect(market.theme.headingFont).toBe('system');
    const preview = await storefront().preview(market, fonted.previewToken);
    expect(preview?.theme).toMatchObject({ colours: bold.colours, headingFont: 'oswald' });
    expect(await storefront().preview(market, 'not-the-token-at-all')).toBeNull();

    const published = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'POST', `/api/Section/publish/${owner.market.id}`),
    );
    expect(published.unpublished).toBe(false);
    expect(published.publishedAt).not.toBeNull();
    const live = (await storefront().marketByName(owner.market.name))!;
    expect(live.theme).toEqual({ colours: bold.colours, headingFont: 'oswald', bodyFont: 'system' });
    expect(live.catalogVersion).toBeGreaterThan(market.catalogVersion);

    dataOf(await call(t.app, owner.token, 'POST', `/api/MarketSetting/font?marketId=${owner.market.id}&fontName=lora`));
    const discarded = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'POST', `/api/Section/discard/${owner.market.id}`),
    );
    expect(discarded.draft).toEqual(discarded.published);
    expect(discarded.draft.bodyFont).toBe('system');
  });

  it('a font outside the set is refused by name', async () => {
    const owner = await catalogOwner(t.app);
    const response = await call(
      t.app,
      owner.token,
      'POST',
      `/api/MarketSetting/font?marketId=${owner.market.id}&fontName=${encodeURIComponent('Comic Sans"; }')}`,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'FONT_UNKNOWN',
      message: 'The font "Comic Sans"; }" is not one of the fonts on offer',
    });
  });

  it('a template sets palette, fonts and sections in one step', async () => {
    const owner = await catalogOwner(t.app);
    const view = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'POST', `/api/Section/apply-template/${owner.market.id}`, {
        template: 'boutique',
      }),
    );
    expect(view.draft).toMatchObject({ headingFont: 'playfair-display', bodyFont: 'lora' });
    expect(view.draft.sections[0]?.type).toBe('hero');
    expect(
      errorOf(
        await call(t.app, owner.token, 'POST', `/api/Section/apply-template/${owner.market.id}`, { template: 'x' }),
      ).code,
    ).toBe('VALIDATION_FAILED');
  });
});

describe('sections and banner items', () => {
  it('sections are saved in order, hidden ones kept; the storefront shows them with their products', async () => {
    const owner = await catalogOwner(t.app);
    const product = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: 'Köynək' }),
    );
    const productId = product.id;
    const collection = await createCollection(t.app, owner.token, {
      marketId: owner.market.id,
      coverImageUrl: owner.imageUrl,
      title: 'Yay',
      productIds: [productId],
    });
    const heroId = id();
    const list = [
      {
        id: heroId,
        type: 'hero',
        slides: [{ id: id(), imageUrl: owner.imageUrl, heading: 'Yay endirimi', link: '/collection/x' }],
      },
      { id: id(), type: 'featuredCollection', collectionId: collection.id, title: '' },
      {
        id: id(),
        type: 'richText',
        heading: 'Haqqımızda',
        html: '<p onclick="x()">Salam<script>alert(1)</script></p>',
      },
      { id: id(), type: 'newsletter', hidden: true },
    ];
    const saved = dataOf<StoreWithSections>(await sections(owner.token, owner.market.id, list));
    expect(saved.draft.sections.map((s) => s.type)).toEqual(['hero', 'featuredCollection', 'richText', 'newsletter']);
    const rich = saved.draft.sections[2];
    expect(rich?.type === 'richText' && rich.html).toBe('<p>Salam</p>');
    dataOf(await call(t.app, owner.token, 'POST', `/api/Section/publish/${owner.market.id}`));

    const market = (await storefront().marketByName(owner.market.name))!;
    const home = await storefront().home(market);
    expect(home.sections.map((s) => s.type)).toEqual(['hero', 'featuredCollection', 'richText']);
    const featured = home.sections[1];
    expect(featured?.type === 'featuredCollection' && featured.products.map((p) => p.title)).toEqual(['Köynək']);
  });

  it('script links, foreign images and another store’s collection are refused at their fields', async () => {
    const owner = await catalogOwner(t.app);
    const other = await catalogOwner(t.app);
    const theirs = await createCollection(t.app, other.token, {
      marketId: other.market.id,
      coverImageUrl: other.imageUrl,
    });
    const response = await sections(owner.token, owner.market.id, [
      {
        id: id(),
        type: 'hero',
        slides: [
          { id: id(), imageUrl: owner.imageUrl, link: 'javascript:alert(1)' },
          { id: id(), imageUrl: 'https://evil.example/x.png', link: '//evil.example' },
          { id: id(), imageUrl: owner.imageUrl, link: 'data:text/html,<script>' },
        ],
      },
      { id: id(), type: 'featuredCollection', collectionId: theirs.id },
      { id: id(), type: 'imageWithText', link: 'JAVASCRIPT:alert(1)' },
      { id: id(), type: 'nope' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toMatchObject({
      'sections.0.slides.0.link': 'linkInvalid',
      'sections.0.slides.1.imageUrl': 'imageInvalid',
      'sections.0.slides.1.link': 'linkInvalid',
      'sections.0.slides.2.link': 'linkInvalid',
      'sections.2.link': 'linkInvalid',
      'sections.3.type': 'invalidValue',
    });
    const foreign = await sections(owner.token, owner.market.id, [
      { id: id(), type: 'featuredCollection', collectionId: theirs.id },
      { id: id(), type: 'productGrid', source: 'collection' },
    ]);
    expect(fieldCodes(foreign)).toEqual({
      'sections.0.collectionId': 'notInStore',
      'sections.1.collectionId': 'collectionRequired',
    });
    // Nothing was saved.
    expect((await editor(owner.token, owner.market.id)).unpublished).toBe(false);
    // Another store's sections are not this owner's to change.
    expect((await sections(owner.token, other.market.id, [])).statusCode).toBe(404);
  });

  it('banner items are added, changed and removed in a hero of the draft', async () => {
    const owner = await catalogOwner(t.app);
    const heroId = id();
    dataOf(await sections(owner.token, owner.market.id, [{ id: heroId, type: 'hero', slides: [] }]));
    const added = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'POST', '/api/Section/banneritem', {
        marketId: owner.market.id,
        sectionId: heroId,
        item: {
          imageUrl: owner.imageUrl,
          heading: 'Yeni',
          focalX: 30,
          focalY: 70,
          alt: 'Köynəklər',
          link: 'https://instagram.com/x',
        },
      }),
    );
    const hero = added.draft.sections[0];
    const slide = hero?.type === 'hero' ? hero.slides[0] : undefined;
    expect(slide).toMatchObject({ heading: 'Yeni', focalX: 30, focalY: 70, alt: 'Köynəklər' });
    const changed = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'PUT', '/api/Section/banneritem', {
        marketId: owner.market.id,
        item: { ...slide, heading: 'Dəyişdi' },
      }),
    );
    const changedHero = changed.draft.sections[0];
    expect(changedHero?.type === 'hero' && changedHero.slides[0]?.heading).toBe('Dəyişdi');
    expect(
      (
        await call(t.app, owner.token, 'PUT', '/api/Section/banneritem', {
          marketId: owner.market.id,
          item: { ...slide, id: id() },
        })
      ).statusCode,
    ).toBe(404);
    const removed = dataOf<StoreWithSections>(
      await call(t.app, owner.token, 'DELETE', `/api/Section/banneritem/${slide!.id}?marketId=${owner.market.id}`),
    );
    const emptied = removed.draft.sections[0];
    expect(emptied?.type === 'hero' && emptied.slides).toEqual([]);
  });

  it('a banner picture goes through the upload path: a non-image or an oversized file is refused', async () => {
    const owner = await catalogOwner(t.app);
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const { payload, headers } = await multipart(bytes, name, type);
      return t.app.inject({
        method: 'POST',
        url: `/api/Section/bannerItem?marketId=${owner.market.id}`,
        payload,
        headers: { ...headers, ...bearer(owner.token) },
        remoteAddress: newIp(),
      });
    };
    const photo = await sharp({ create: { width: 1600, height: 700, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    const stored = dataOf<{ url: string; width: number }>(await upload(photo, 'banner.jpg', 'image/jpeg'), 201);
    expect(stored.url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(stored.width).toBe(1600);
    expect(errorOf(await upload(Buffer.from('<svg onload="alert(1)"/>'), 'x.svg', 'image/svg+xml')).code).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(errorOf(await upload(Buffer.alloc(30 * 1024 * 1024, 1), 'big.jpg', 'image/jpeg')).code).toBe(
      'FILE_TOO_LARGE',
    );
  });
});

describe('branding', () => {
  it('description, logo, favicon and social links apply at once; the icon is served at every size', async () => {
    const owner = await catalogOwner(t.app);
    const saved = dataOf<{ social: Record<string, string>; faviconUrl: string }>(
      await call(t.app, owner.token, 'POST', '/api/MarketSetting/brending', {
        marketId: owner.market.id,
        description: 'Əl işi köynəklər',
        logoUrl: owner.imageUrl,
        faviconUrl: owner.imageUrl,
        social: {
          instagram: 'https://www.instagram.com/koynek.az/',
          facebook: '@koynek',
          tiktok: '',
          whatsapp: '+994 50 123 45 67',
        },
      }),
    );
    expect(saved.social).toEqual({ instagram: 'koynek.az', facebook: 'koynek', tiktok: '', whatsapp: '994501234567' });
    const market = (await storefront().marketByName(owner.market.name))!;
    expect(market).toMatchObject({
      description: 'Əl işi köynəklər',
      faviconUrl: owner.imageUrl,
      social: { instagram: 'koynek.az', facebook: 'koynek', whatsapp: '994501234567' },
    });
    for (const size of [32, 180, 512]) {
      const icon = await t.app.inject({ method: 'GET', url: `/store-icon/${owner.market.id}/${size}.png` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    expect((await t.app.inject({ method: 'GET', url: `/store-icon/${owner.market.id}/33.png` })).statusCode).toBe(404);

    const bad = await call(t.app, owner.token, 'POST', '/api/MarketSetting/brending', {
      marketId: owner.market.id,
      description: 'x',
      logoUrl: 'javascript:alert(1)',
      faviconUrl: null,
      social: { instagram: 'not a handle!', whatsapp: '12' },
    });
    expect(fieldCodes(bad)).toMatchObject({
      logoUrl: 'imageInvalid',
      'social.instagram': 'socialInvalid',
      'social.whatsapp': 'whatsappInvalid',
    });
  });
});

describe('newsletter', () => {
  it('a shopper who signs up becomes a customer who agreed to e-mails; twice changes nothing', async () => {
    const owner = await catalogOwner(t.app);
    const body = { marketId: owner.market.id, email: ' Aysel@Example.AZ ' };
    dataOf(await call(t.app, null, 'POST', '/api/Customer/newsletter', body));
    dataOf(await call(t.app, null, 'POST', '/api/Customer/newsletter', body));
    const customers = dataOf<{ items: { email: string }[] }>(
      await call(t.app, owner.token, 'GET', `/api/Customer/all?marketId=${owner.market.id}`),
    );
    expect(customers.items.map((c) => c.email)).toEqual(['aysel@example.az']);
    expect(fieldCodes(await call(t.app, null, 'POST', '/api/Customer/newsletter', { ...body, email: 'nope' }))).toEqual(
      {
        email: 'invalidEmail',
      },
    );
    expect(
      (await call(t.app, null, 'POST', '/api/Customer/newsletter', { ...body, marketId: crypto.randomUUID() }))
        .statusCode,
    ).toBe(404);
  });
});
