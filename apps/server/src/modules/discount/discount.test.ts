import type { BundleView, CodeView, DiscountView, PopupView } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  inDays,
  merchant,
  productBody,
  query,
  type TestApp,
} from '../../testing/app.js';
import { DiscountService } from './service.js';

/**
 * Discounts through the API (SPEC §7 Discount; §5 Bundle rules; decision 018): pop-ups, bundles
 * and codes — what the owner may make, what shoppers see, and what another merchant can't touch.
 */

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let stranger: Awaited<ReturnType<typeof merchant>>;
let strangerProductId: string;
/** Four products of the owner's store: 10, 20, 30 and 40 AZN; the fourth with variants. */
let productIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await catalogOwner(app);
  stranger = await merchant(app);
  const theirs = await catalogOwner(app);
  strangerProductId = (
    await createProduct(app, theirs.token, productBody(theirs.market.id, theirs.category.id, theirs.imageUrl))
  ).id;
  productIds = [];
  for (const price of [1000, 2000, 3000]) {
    const product = await createProduct(
      app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { price, stock: 10 }),
    );
    productIds.push(product.id);
  }
  const withVariants = await createProduct(
    app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, {
      price: 4000,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 4000, stock: 3 },
        { options: ['M'], price: 4500, stock: 3 },
      ],
    }),
  );
  productIds.push(withVariants.id);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'POST', '/api/Discount', payload);
const put = (id: string, payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'PUT', `/api/Discount/${id}`, payload);
const read = (id: string, token: string | null = owner.token) => call(app, token, 'GET', `/api/Discount/${id}`);
const remove = (id: string, token: string | null = owner.token) => call(app, token, 'DELETE', `/api/Discount/${id}`);

function popup(marketId: string, fields: Record<string, unknown> = {}) {
  return {
    kind: 'popup',
    marketId,
    title: 'Welcome',
    subtitle: 'Your first order',
    percent: 10,
    startsAt: inDays(-1),
    endsAt: inDays(7),
    ...fields,
  };
}

function bundle(fields: Record<string, unknown> = {}) {
  return {
    kind: 'bundle',
    marketId: owner.market.id,
    name: 'Summer set',
    title: 'Better together',
    headerTitle: 'Bundle and save',
    footerText: 'While stocks last',
    buttonText: 'Add bundle to cart',
    percent: 20,
    productIds: productIds.slice(0, 2),
    template: 'spotlight',
    colour: '#0A7D5A',
    timer: { days: 2, hours: 3, minutes: 4, seconds: 5 },
    highlight: true,
    endsAt: inDays(10),
    ...fields,
  };
}

function code(fields: Record<string, unknown> = {}) {
  return { kind: 'code', marketId: owner.market.id, code: 'SUMMER10', valueType: 'percent', percent: 10, ...fields };
}

/** A market of its own, so its pop-ups meet no others. */
async function freshMarket() {
  return (await createMarket(app, owner.token)).id;
}

describe('pop-ups', () => {
  it('the owner makes one; it is live, listed, and shoppers see it while it is', async () => {
    const marketId = await freshMarket();
    const made = dataOf<PopupView>(await post(popup(marketId)), 201);
    expect(made).toMatchObject({ kind: 'popup', title: 'Welcome', subtitle: 'Your first order', percent: 10 });
    expect(made.status).toBe('live');
    expect(made.imageUrl).toBeNull();
    const listed = dataOf<DiscountView[]>(await call(app, null, 'GET', `/api/Discount/popups?marketId=${marketId}`));
    expect(listed.map((d) => d.id)).toEqual([made.id]);
    expect(dataOf<PopupView>(await read(made.id, null)).title).toBe('Welcome');
  });

  it('at most one is live at a time: an overlapping window is refused in the caller’s language', async () => {
    const marketId = await freshMarket();
    dataOf(await post(popup(marketId, { startsAt: inDays(1), endsAt: inDays(5) })), 201);
    const overlapping = await post(popup(marketId, { startsAt: inDays(4), endsAt: inDays(8) }));
    expect(overlapping.statusCode).toBe(409);
    expect(errorOf(overlapping).code).toBe('POPUP_OVERLAP');
    expect(errorOf(overlapping).message).toMatch(/^Another pop-up is live in these dates/);
    const inAzerbaijani = await app.inject({
      method: 'POST',
      url: '/api/Discount',
      payload: popup(marketId, { startsAt: inDays(2), endsAt: inDays(3) }),
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'az' },
    });
    expect(errorOf(inAzerbaijani).message).toMatch(/^Bu tarixlərdə başqa pop-up aktivdir/);
    // Back to back is not an overlap, and a switched-off pop-up may share the dates.
    dataOf(await post(popup(marketId, { startsAt: inDays(5), endsAt: inDays(9) })), 201);
    dataOf(await post(popup(marketId, { startsAt: inDays(2), endsAt: inDays(3), active: false })), 201);
    // Switching that one on would overlap: refused, and it stays off.
    const list = dataOf<PopupView[]>(await call(app, owner.token, 'GET', `/api/Discount/popups?marketId=${marketId}`));
    const off = list.find((d) => !d.active)!;
    const { id, status, createdAt, updatedAt, kind, ...fields } = off;
    const switched = await put(off.id, { ...fields, kind, marketId, active: true });
    expect(errorOf(switched).code).toBe('POPUP_OVERLAP');
    expect(dataOf<PopupView>(await read(off.id)).active).toBe(false);
  });

  it('checks its percent and dates: 1 and 99 are whole percents; 0, 100, −5 and 12.5 are not', async () => {
    const marketId = await freshMarket();
    for (const percent of [0, 100, -5, 12.5, '10']) {
      const response = await post(popup(marketId, { percent }));
      expect(response.statusCode, String(percent)).toBe(400);
      expect(fieldCodes(response), String(percent)).toEqual({ percent: 'invalidPercent' });
    }
    dataOf(await post(popup(marketId, { percent: 1, startsAt: inDays(1), endsAt: inDays(2) })), 201);
    dataOf(await post(popup(marketId, { percent: 99, startsAt: inDays(3), endsAt: inDays(4) })), 201);
    expect(fieldCodes(await post(popup(marketId, { startsAt: inDays(5), endsAt: inDays(4) })))).toEqual({
      endsAt: 'endBeforeStart',
    });
    const past = await post(popup(marketId, { startsAt: inDays(-5), endsAt: inDays(-1) }));
    expect(fieldCodes(past)).toEqual({ endsAt: 'endDateInPast' });
    expect(errorOf(past).fields?.endsAt?.message).toBe('End date cannot be in the past');
    expect(fieldCodes(await post(popup(marketId, { startsAt: 'tomorrow' })))).toEqual({ startsAt: 'invalidDate' });
    expect(fieldCodes(await post(popup(marketId, { title: '  ' })))).toEqual({ title: 'titleRequired' });
  });
});

describe('bundles', () => {
  it('the owner makes one of up to 3 products; the server prices it', async () => {
    const made = dataOf<BundleView>(await post(bundle({ productIds: productIds.slice(0, 3) })), 201);
    expect(made).toMatchObject({
      kind: 'bundle',
      name: 'Summer set',
      percent: 20,
      template: 'spotlight',
      colour: '#0a7d5a',
      timer: { days: 2, hours: 3, minutes: 4, seconds: 5 },
      highlight: true,
      status: 'live',
    });
    expect(made.products.map((p) => [p.id, p.price, p.bundlePrice])).toEqual([
      [productIds[0], 1000, 800],
      [productIds[1], 2000, 1600],
      [productIds[2], 3000, 2400],
    ]);
    expect([made.price, made.bundlePrice]).toEqual([6000, 4800]);
  });

  it('refuses a 4th product, none at all, a product twice and another store’s product', async () => {
    const four = await post(bundle({ productIds }));
    expect(fieldCodes(four)).toEqual({ productIds: 'tooManyBundleProducts' });
    expect(errorOf(four).fields?.productIds?.message).toBe('You can select up to 3 products only');
    expect(fieldCodes(await post(bundle({ productIds: [] })))).toEqual({ productIds: 'bundleProductsRequired' });
    expect(fieldCodes(await post(bundle({ productIds: [productIds[0], productIds[0]] })))).toEqual({
      productIds: 'duplicateValue',
    });
    const foreign = await post(bundle({ productIds: [productIds[0], strangerProductId] }));
    expect(foreign.statusCode).toBe(400);
    expect(fieldCodes(foreign)).toEqual({ 'productIds.1': 'productNotInStore' });
  });

  it('a discount from 1 to 99 percent, an end not in the past, every text filled in', async () => {
    for (const percent of [0, 100, 50.5])
      expect(fieldCodes(await post(bundle({ percent })))).toEqual({ percent: 'invalidPercent' });
    dataOf(await post(bundle({ percent: 1 })), 201);
    dataOf(await post(bundle({ percent: 99 })), 201);
    const past = await post(bundle({ endsAt: inDays(-1) }));
    expect(errorOf(past).fields?.endsAt).toEqual({ code: 'endDateInPast', message: 'End date cannot be in the past' });
    expect(fieldCodes(await post(bundle({ footerText: '' })))).toEqual({ footerText: 'allFieldsRequired' });
    expect(fieldCodes(await post(bundle({ template: 'neon' })))).toEqual({ template: 'invalidValue' });
    expect(fieldCodes(await post(bundle({ colour: 'green' })))).toEqual({ colour: 'invalidColour' });
    expect(fieldCodes(await post(bundle({ timer: { days: 1, hours: 24, minutes: 0, seconds: 0 } })))).toEqual({
      'timer.hours': 'invalidValue',
    });
  });

  it('is hidden from shoppers once it ended, and an ended one may still be edited without moving its end', async () => {
    const made = dataOf<BundleView>(await post(bundle({ name: 'Ending' })), 201);
    await query(t.ctx, sql`update discounts set ends_at = now() - interval '1 minute' where id = ${made.id}`);
    expect((await read(made.id, null)).statusCode).toBe(404);
    const shoppers = dataOf<DiscountView[]>(
      await call(app, null, 'GET', `/api/Discount/bundles?marketId=${owner.market.id}`),
    );
    expect(shoppers.map((d) => d.id)).not.toContain(made.id);
    const mine = dataOf<BundleView>(await read(made.id));
    expect(mine.status).toBe('ended');
    const { id, status, createdAt, updatedAt, products, price, bundlePrice, ...fields } = mine;
    const renamed = dataOf<BundleView>(
      await put(made.id, {
        ...fields,
        marketId: owner.market.id,
        productIds: products.map((p) => p.id),
        title: 'Renamed',
      }),
    );
    expect(renamed.title).toBe('Renamed');
    // Moving its end into the past is what the rule refuses.
    const moved = await put(made.id, {
      ...fields,
      marketId: owner.market.id,
      productIds: products.map((p) => p.id),
      endsAt: inDays(-2),
    });
    expect(fieldCodes(moved)).toEqual({ endsAt: 'endDateInPast' });
  });

  it('shoppers see only its products on sale; the owner sees them all', async () => {
    const passive = await createProduct(
      app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { price: 500, status: 'passive' }),
    );
    const made = dataOf<BundleView>(await post(bundle({ productIds: [productIds[0], passive.id] })), 201);
    expect(dataOf<BundleView>(await read(made.id)).products.map((p) => p.id)).toEqual([productIds[0], passive.id]);
    const seen = dataOf<BundleView>(await read(made.id, null));
    expect(seen.products.map((p) => p.id)).toEqual([productIds[0]]);
    expect([seen.price, seen.bundlePrice]).toEqual([1000, 800]);
  });

  it('changes its products on update; its kind never changes', async () => {
    const made = dataOf<BundleView>(await post(bundle()), 201);
    const updated = dataOf<BundleView>(await put(made.id, bundle({ productIds: [productIds[2]], percent: 50 })));
    expect(updated.products.map((p) => [p.id, p.bundlePrice])).toEqual([[productIds[2], 1500]]);
    const asCode = await put(made.id, code({ code: 'SWITCHED' }));
    expect(fieldCodes(asCode)).toEqual({ kind: 'invalidValue' });
  });
});

describe('discount codes', () => {
  it('a code once per store, whatever its case; another store may use the same', async () => {
    const made = dataOf<CodeView>(await post(code({ code: 'WINTER-25', percent: 25 })), 201);
    expect(made).toMatchObject({ code: 'WINTER-25', valueType: 'percent', percent: 25, amountOff: null, used: 0 });
    const again = await post(code({ code: 'winter-25' }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DISCOUNT_CODE_TAKEN');
    // Azerbaijani letters fold too ("qış" is "QIŞ"), and the dot of an i never tells codes apart.
    dataOf(await post(code({ code: 'qış' })), 201);
    expect(errorOf(await post(code({ code: 'QIŞ' }))).code).toBe('DISCOUNT_CODE_TAKEN');
    expect(errorOf(await post(code({ code: 'WİNTER-25' }))).code).toBe('DISCOUNT_CODE_TAKEN');
    expect(errorOf(await post(code({ code: 'wınter-25' }))).code).toBe('DISCOUNT_CODE_TAKEN');
    const elsewhere = await freshMarket();
    dataOf(await post(code({ marketId: elsewhere, code: 'WINTER-25' })), 201);
  });

  it('a percent or an amount, limits that make sense, a code of letters and digits', async () => {
    const amount = dataOf<CodeView>(
      await post(code({ code: 'MINUS5', valueType: 'amount', amountOff: 500, percent: 30, minSubtotal: 2000 })),
      201,
    );
    // An amount code keeps no percent.
    expect(amount).toMatchObject({ valueType: 'amount', amountOff: 500, percent: null, minSubtotal: 2000 });
    expect(fieldCodes(await post(code({ code: 'NOPERCENT', percent: null })))).toEqual({ percent: 'invalidPercent' });
    expect(fieldCodes(await post(code({ code: 'NOAMOUNT', valueType: 'amount' })))).toEqual({
      amountOff: 'invalidPrice',
    });
    expect(fieldCodes(await post(code({ code: 'LIMITS', usageLimit: 5, perCustomerLimit: 6 })))).toEqual({
      perCustomerLimit: 'invalidRange',
    });
    for (const bad of ['AB', 'has space', 'semi;colon', 'x'.repeat(33)]) {
      expect(fieldCodes(await post(code({ code: bad }))), bad).toEqual({ code: 'codeFormat' });
    }
    expect(fieldCodes(await post(code({ code: 'LATER', startsAt: inDays(3), endsAt: inDays(2) })))).toEqual({
      endsAt: 'endBeforeStart',
    });
  });

  it('shoppers never see a code: not in a list, not by its id', async () => {
    const made = dataOf<CodeView>(await post(code({ code: 'HIDDEN-ONE' })), 201);
    expect((await read(made.id, null)).statusCode).toBe(404);
    expect((await read(made.id, stranger.token)).statusCode).toBe(404);
    const listed = dataOf<DiscountView[]>(await call(app, null, 'GET', `/api/Discount/?marketId=${owner.market.id}`));
    expect(listed.some((d) => d.kind === 'code')).toBe(false);
    const mine = dataOf<DiscountView[]>(
      await call(app, owner.token, 'GET', `/api/Discount/?marketId=${owner.market.id}&kind=code`),
    );
    expect(mine.map((d) => d.id)).toContain(made.id);
  });
});

describe('the owner’s list and deleting', () => {
  it('filters by kind, status and search, newest first', async () => {
    const marketId = await freshMarket();
    const live = dataOf<PopupView>(await post(popup(marketId, { title: 'Spring sale' })), 201);
    const later = dataOf<PopupView>(
      await post(popup(marketId, { title: 'Autumn sale', startsAt: inDays(30), endsAt: inDays(40) })),
      201,
    );
    const off = dataOf<CodeView>(await post(code({ marketId, code: 'PAUSED', active: false })), 201);
    const list = (q: string) =>
      call(app, owner.token, 'GET', `/api/Discount/?marketId=${marketId}${q}`).then((r) =>
        dataOf<DiscountView[]>(r).map((d) => d.id),
      );
    expect(await list('')).toEqual([off.id, later.id, live.id]);
    expect(await list('&kind=popup')).toEqual([later.id, live.id]);
    expect(await list('&status=live')).toEqual([live.id]);
    expect(await list('&status=scheduled')).toEqual([later.id]);
    expect(await list('&status=inactive')).toEqual([off.id]);
    expect(await list('&search=autumn')).toEqual([later.id]);
    expect(await list('&search=pau')).toEqual([off.id]);
    expect(fieldCodes(await call(app, owner.token, 'GET', `/api/Discount/?marketId=${marketId}&status=soon`))).toEqual({
      status: 'invalidValue',
    });
  });

  it('deletes for the owner only; the anonymous are told to sign in', async () => {
    const made = dataOf<CodeView>(await post(code({ code: 'GONE-SOON' })), 201);
    expect((await remove(made.id, null)).statusCode).toBe(401);
    expect((await remove(made.id, stranger.token)).statusCode).toBe(404);
    expect(dataOf(await remove(made.id))).toEqual({ id: made.id, deleted: true });
    expect((await read(made.id)).statusCode).toBe(404);
    expect((await remove(made.id)).statusCode).toBe(404);
    expect((await remove('not-an-id')).statusCode).toBe(404);
  });

  it('another merchant can neither read the owner’s list nor write into the store', async () => {
    const mine = dataOf<DiscountView[]>(
      await call(app, owner.token, 'GET', `/api/Discount/?marketId=${owner.market.id}`),
    );
    const theirs = dataOf<DiscountView[]>(
      await call(app, stranger.token, 'GET', `/api/Discount/?marketId=${owner.market.id}`),
    );
    expect(theirs.length).toBeLessThan(mine.length);
    expect(theirs.every((d) => d.kind !== 'code' && d.status === 'live')).toBe(true);
    expect((await post(code({ code: 'PLANTED' }), stranger.token)).statusCode).toBe(404);
    expect((await post(code({ code: 'PLANTED' }), null)).statusCode).toBe(401);
  });
});

describe('the end-date job', () => {
  it('switches ended pop-ups and bundles off once, bumps the store’s catalog, and leaves the rest', async () => {
    const marketId = await freshMarket();
    const popupEnded = dataOf<PopupView>(await post(popup(marketId)), 201);
    const bundleEnded = dataOf<BundleView>(await post(bundle({ name: 'Ended soon' })), 201);
    const live = dataOf<BundleView>(await post(bundle({ name: 'Still on' })), 201);
    const codeEnded = dataOf<CodeView>(await post(code({ code: 'ENDED-CODE', endsAt: inDays(3) })), 201);
    await query(
      t.ctx,
      sql`update discounts set ends_at = now() - interval '1 minute'
        where id in (${popupEnded.id}, ${bundleEnded.id}, ${codeEnded.id})`,
    );
    const versionOf = async (id: string) =>
      (await query<{ v: number }>(t.ctx, sql`select catalog_version as v from markets where id = ${id}`))[0]!.v;
    const before = await versionOf(owner.market.id);

    const jobs = new DiscountService(t.ctx);
    // Others' ended offers may be in this database too: at least these two.
    expect(await jobs.switchOffEnded()).toBeGreaterThanOrEqual(2);
    for (const id of [popupEnded.id, bundleEnded.id]) {
      expect(dataOf<DiscountView>(await read(id))).toMatchObject({ active: false, status: 'ended' });
    }
    expect(dataOf<BundleView>(await read(live.id))).toMatchObject({ active: true, status: 'live' });
    // A code is typed, not shown: it keeps its switch and simply reads as ended.
    expect(dataOf<CodeView>(await read(codeEnded.id))).toMatchObject({ active: true, status: 'ended' });
    expect(await versionOf(owner.market.id)).toBeGreaterThan(before);
    // Nothing left to do: a second run changes nothing.
    expect(await jobs.switchOffEnded()).toBe(0);
  });
});
