import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createProduct,
  createTestApp,
  dataOf,
  productBody,
  type TestApp,
  uploadImage,
} from '../../testing/app.js';

/**
 * A store's home on a slow phone (issue 16's LCP): the picture at the top loads at once and first;
 * the product grids further down load theirs as the shopper scrolls, so they do not share the first
 * second of the connection with it. A grid that opens the home loads its first row at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
});
afterAll(async () => {
  await t?.close();
});

const id = () => crypto.randomUUID();

/** The `<img>` tags of the home's section of `type`, as the server sent them. */
function picturesOf(html: string, type: string): string[] {
  const start = html.indexOf(`data-section="${type}"`);
  expect(start, type).toBeGreaterThan(0);
  const end = html.indexOf('data-section="', start + 1);
  return html.slice(start, end < 0 ? undefined : end).match(/<img [^>]*>/g) ?? [];
}

describe("the home's pictures", () => {
  it('loads the first section’s pictures at once and a grid’s below it as the shopper scrolls', async () => {
    const owner = await catalogOwner(t.app);
    const banner = await uploadImage(t.app, owner.token, { width: 1600, height: 700 });
    for (let i = 0; i < 4; i++) {
      await createProduct(t.app, owner.token, productBody(owner.market.id, owner.category.id, owner.imageUrl));
    }
    const publish = async (sections: unknown[]) => {
      dataOf(
        await call(t.app, owner.token, 'POST', `/api/Section/bulk-update-sections/${owner.market.id}`, { sections }),
      );
      dataOf(await call(t.app, owner.token, 'POST', `/api/Section/publish/${owner.market.id}`));
    };
    const home = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/${owner.market.name}`,
        headers: { cookie: 'language=az' },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const hero = { id: id(), type: 'hero', slides: [{ id: id(), imageUrl: banner, alt: 'Yay' }] };
    const grid = { id: id(), type: 'productGrid', source: 'newest', limit: 4 };

    await publish([hero, grid]);
    let html = await home();
    const [banners, cards] = [picturesOf(html, 'hero'), picturesOf(html, 'productGrid')];
    expect(banners[0]).toContain('loading="eager"');
    expect(banners[0]).toContain('fetchPriority="high"');
    expect(cards).toHaveLength(4);
    for (const card of cards) expect(card).toContain('loading="lazy"');
    // Nor are they preloaded from the head: the only picture preloaded is the banner.
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) expect(preload).not.toContain(owner.imageUrl.replace(/\.webp$/, ''));

    await publish([grid, hero]);
    html = await home();
    for (const card of picturesOf(html, 'productGrid')) expect(card).toContain('loading="eager"');
    expect(picturesOf(html, 'hero')[0]).toContain('loading="lazy"');
  });
});
