import type { ProductListItem, ProductView } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createProduct,
  createTestApp,
  createTestAppOnSameDatabase,
  dataOf,
  productBody,
  shop,
  type TestApp,
} from '../testing/app.js';

/**
 * Push invalidation across processes (issue 18, platform/changes.ts): two servers on one
 * PostgreSQL, as a deployment runs them. What one keeps in memory (the market row, its catalog
 * version, the pages kept by it) is dropped when the other writes, before the writer's answer
 * has reached its caller; with the listener cut, reads go to the database and stay fresh; it
 * reconnects by itself. A `.pg.test.ts`: the PostgreSQL pass only (vitest.config.ts).
 */

let first: TestApp;
let second: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let product: ProductView;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestAppOnSameDatabase(first, { web: 'build' });
  owner = await catalogOwner(first.app);
  product = await createProduct(
    first.app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: 'Kətan köynək' }),
  );
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

const titlesOn = async (t: TestApp) =>
  dataOf<{ items: ProductListItem[] }>(await shop(t.app, 'GET', `/api/Products/all/${owner.market.id}`)).items.map(
    (p) => p.title,
  );

const pageOn = (t: TestApp) =>
  t.app.inject({
    method: 'GET',
    url: `/${owner.market.name}/product/${product.id}`,
    headers: { 'accept-language': 'en', 'accept-encoding': 'identity' },
  });

function rename(title: string) {
  return call(first.app, owner.token, 'PUT', '/api/Products/update', {
    id: product.id,
    marketId: owner.market.id,
    title,
    description: product.description,
    categoryId: product.categoryId,
    images: product.images,
    price: product.price,
    stock: product.stock,
    status: product.status,
  });
}

/** Cuts the servers' listening connections, as a restart of PostgreSQL or the network would. */
async function cutListeners() {
  const client = new pg.Client({ connectionString: (second.config.database as { url: string }).url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pg_terminate_backend(pid) as cut from pg_stat_activity
        where application_name = 'shop-changes' and datname = current_database()`,
    );
    return rows.length;
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two servers, one database', () => {
  it('both hear the database', () => {
    expect(first.ctx.changes.live).toBe(true);
    expect(second.ctx.changes.live).toBe(true);
  });

  it('a write on one server is seen at once on the other: the shoppers’ list and the kept product page', async () => {
    // The second server keeps both (the list by the market's version, the page whole).
    expect(await titlesOn(second)).toEqual(['Kətan köynək']);
    expect((await pageOn(second)).body).toContain('Kətan köynək');
    expect((await pageOn(second)).body).toContain('Kətan köynək');

    for (const title of ['Yun sviter', 'Pambıq şalvar', 'İpək şərf', 'Kətan don', 'Dəri kəmər', 'Yay papağı']) {
      expect(dataOf<ProductView>(await rename(title)).title).toBe(title);
      // Asked the moment the first server answered.
      expect(await titlesOn(second)).toEqual([title]);
      const page = await pageOn(second);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(title);
    }
  });

  it('a store renamed on one server answers under its new name on the other, and not under the old', async () => {
    const before = owner.market.name;
    expect((await second.app.inject({ method: 'GET', url: `/${before}` })).statusCode).toBe(200);
    const after = `${before}-new`;
    const renamed = await call(first.app, owner.token, 'PUT', '/api/Market/update-store', {
      id: owner.market.id,
      name: after,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: `/${after}` })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: `/${before}` })).statusCode).toBe(404);
    owner.market = { ...owner.market, name: after };
  });

  it('with its listener cut, a server reads the database (nothing stale), and listens again by itself', async () => {
    expect(await cutListeners()).toBeGreaterThan(0);
    await until('the second server knows it is not listening', () => !second.ctx.changes.live);

    // Written while the second server hears nothing: it must not answer from what it kept.
    expect(dataOf<ProductView>(await rename('Kaşmir palto')).title).toBe('Kaşmir palto');
    expect(await titlesOn(second)).toEqual(['Kaşmir palto']);
    expect((await pageOn(second)).body).toContain('Kaşmir palto');

    await until('the second server listens again', () => second.ctx.changes.live);
    expect(await titlesOn(second)).toEqual(['Kaşmir palto']);
    expect(dataOf<ProductView>(await rename('Dəri çanta')).title).toBe('Dəri çanta');
    expect(await titlesOn(second)).toEqual(['Dəri çanta']);
    expect((await pageOn(second)).body).toContain('Dəri çanta');
  });
});
