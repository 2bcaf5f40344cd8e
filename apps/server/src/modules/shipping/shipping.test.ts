import { commerceLimits, type ShippingTariff, tariffApplies } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  createMarket,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  merchant,
  newIp,
  type TestApp,
} from '../../testing/app.js';
import { applicableTariff, type CheckoutTariff } from './service.js';

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof merchant>>;
let other: Awaited<ReturnType<typeof merchant>>;
let otherMarketId: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await merchant(app);
  other = await merchant(app);
  otherMarketId = (await createMarket(app, other.token)).id;
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const createRaw = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'POST', '/api/ShippingTariff/create', payload);
const updateRaw = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'PUT', '/api/ShippingTariff/update', payload);
const remove = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'DELETE', `/api/ShippingTariff/delete/${id}/${marketId}`);
async function all(marketId: string, token: string | null = owner.token) {
  return dataOf<ShippingTariff[]>(await call(app, token, 'GET', `/api/ShippingTariff/get-all/${marketId}`));
}
const checkoutRaw = (marketId: string, query: string, token: string | null = null) =>
  call(app, token, 'GET', `/api/ShippingTariff/for-checkout/${marketId}${query ? `?${query}` : ''}`);
async function forCheckout(marketId: string, order: { region: string; subtotal: number; weightGrams: number }) {
  const query = new URLSearchParams({
    region: order.region,
    subtotal: String(order.subtotal),
    weightGrams: String(order.weightGrams),
  });
  return dataOf<CheckoutTariff[]>(await checkoutRaw(marketId, query.toString()));
}

async function create(marketId: string, fields: Record<string, unknown> = {}, token = owner.token) {
  return dataOf<ShippingTariff>(await createRaw({ marketId, name: 'Courier', price: 500, ...fields }, token), 201);
}

/** A market of its own, so lists hold only what the test made. */
async function freshMarket() {
  return (await createMarket(app, owner.token)).id;
}

function asUpdate(view: ShippingTariff, changes: Record<string, unknown> = {}) {
  const { id, marketId, name, type, price, isFree, condition, regions, active } = view;
  const optional = Object.fromEntries(
    (['description', 'conditionMin', 'conditionMax', 'fulfilmentLocation', 'minDays', 'maxDays'] as const).map(
      (key) => [key, view[key]],
    ),
  );
  return { id, marketId, name, type, price, isFree, condition, regions, active, ...optional, ...changes };
}

/** The same call in another language: by the stored preference (cookie) or Accept-Language. */
function inLanguage(
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  language: { cookie?: string; header?: string },
) {
  return app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: {
      ...bearer(owner.token),
      ...(language.header ? { 'accept-language': language.header } : {}),
      ...(language.cookie ? { cookie: `language=${language.cookie}` } : {}),
    },
    remoteAddress: newIp(),
  });
}

describe('creating tariffs', () => {
  it('a flat rate with every field, read back the same', async () => {
    const marketId = await freshMarket();
    const response = await createRaw({
      marketId,
      name: '  Bakı kuryer ',
      description: ' Next-day courier in the city ',
      type: 'flat',
      price: 500,
      regions: ['baku', 'absheron', 'baku'],
      fulfilmentLocation: ' Nizami küç. 10, Bakı ',
      minDays: 1,
      maxDays: 2,
    });
    const created = dataOf<ShippingTariff>(response, 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      marketId,
      name: 'Bakı kuryer',
      description: 'Next-day courier in the city',
      type: 'flat',
      price: 500,
      isFree: false,
      condition: 'none',
      conditionMin: null,
      conditionMax: null,
      regions: ['baku', 'absheron'],
      fulfilmentLocation: 'Nizami küç. 10, Bakı',
      minDays: 1,
      maxDays: 2,
      active: true,
    });
    expect(await all(marketId)).toEqual([created]);
  });

  it('defaults: flat, everywhere, active, no description or delivery days', async () => {
    const marketId = await freshMarket();
    const created = dataOf<ShippingTariff>(await createRaw({ marketId, name: 'Post', description: '  ' }), 201);
    expect(created).toMatchObject({
      type: 'flat',
      price: 0,
      isFree: false,
      condition: 'none',
      regions: [],
      description: null,
      fulfilmentLocation: null,
      minDays: null,
      maxDays: null,
      active: true,
    });
  });

  it('custom rates by order total and by weight; either bound may be open', async () => {
    const marketId = await freshMarket();
    const byTotal = await create(marketId, {
      name: 'Orders 50–100 ₼',
      type: 'custom',
      condition: 'order_total',
      conditionMin: 5000,
      conditionMax: 10000,
      price: 300,
    });
    expect(byTotal).toMatchObject({
      type: 'custom',
      condition: 'order_total',
      conditionMin: 5000,
      conditionMax: 10000,
    });
    const byWeight = await create(marketId, {
      name: 'Up to 2 kg',
      type: 'custom',
      condition: 'weight',
      conditionMax: 2000,
      price: 400,
    });
    expect(byWeight).toMatchObject({ condition: 'weight', conditionMin: null, conditionMax: 2000 });
    const equalBounds = await create(marketId, {
      type: 'custom',
      condition: 'weight',
      conditionMin: 1000,
      conditionMax: 1000,
    });
    expect(equalBounds).toMatchObject({ conditionMin: 1000, conditionMax: 1000 });
    expect((await all(marketId)).map((r) => r.id)).toEqual([byTotal.id, byWeight.id, equalBounds.id]);
  });

  it('a free rate costs nothing, whatever price came with it', async () => {
    const marketId = await freshMarket();
    const free = await create(marketId, {
      name: 'Free over 100 ₼',
      type: 'custom',
      condition: 'order_total',
      conditionMin: 10000,
      isFree: true,
      price: 700,
    });
    expect(free).toMatchObject({ isFree: true, price: 0, conditionMin: 10000, conditionMax: null });
  });

  it('a flat rate keeps no condition bounds', async () => {
    const marketId = await freshMarket();
    const flat = await create(marketId, { conditionMin: 100, conditionMax: 200 });
    expect(flat).toMatchObject({ condition: 'none', conditionMin: null, conditionMax: null });
  });

  const custom = { type: 'custom', condition: 'order_total', conditionMin: 100 };
  it.each([
    ['no name', { name: undefined }, { name: 'required' }, 'Fill in the inputs completely'],
    ['a name of spaces', { name: '   ' }, { name: 'required' }, 'Fill in the inputs completely'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, { name: 'tooLong' }, 'Too long'],
    ['a description over 500 characters', { description: 'x'.repeat(501) }, { description: 'tooLong' }, 'Too long'],
    ['an unknown type', { type: 'express' }, { type: 'invalidValue' }, 'This value is not valid'],
    ['a negative price', { price: -1 }, { price: 'invalidPrice' }, 'Enter a price from 0 to 10,000,000 AZN'],
    ['a fractional price', { price: 12.5 }, { price: 'invalidPrice' }, 'Enter a price from 0 to 10,000,000 AZN'],
    ['a price as text', { price: '5.00' }, { price: 'invalidPrice' }, 'Enter a price from 0 to 10,000,000 AZN'],
    ['a price over the limit', { price: 1_000_000_001 }, { price: 'invalidPrice' }, undefined],
    ['a custom rate without a condition', { type: 'custom' }, { condition: 'required' }, undefined],
    [
      'a flat rate with a condition',
      { condition: 'weight', conditionMax: 100 },
      { condition: 'invalidValue' },
      'This value is not valid',
    ],
    ['an unknown condition', { ...custom, condition: 'volume' }, { condition: 'invalidValue' }, undefined],
    [
      'a condition without bounds',
      { ...custom, conditionMin: null },
      { conditionMin: 'required' },
      'Fill in the inputs completely',
    ],
    [
      'a lower bound over the upper one',
      { ...custom, conditionMin: 10001, conditionMax: 10000 },
      { conditionMax: 'invalidRange' },
      'The lower bound must not exceed the upper bound',
    ],
    ['a negative bound', { ...custom, conditionMin: -5 }, { conditionMin: 'invalidValue' }, undefined],
    ['a fractional bound', { ...custom, conditionMin: 1.5 }, { conditionMin: 'invalidValue' }, undefined],
    [
      'more minimum days than maximum',
      { minDays: 5, maxDays: 2 },
      { maxDays: 'invalidRange' },
      'The lower bound must not exceed the upper bound',
    ],
    ['delivery over a year', { maxDays: 366 }, { maxDays: 'invalidValue' }, undefined],
    ['an unknown region', { regions: ['baku', 'atlantis'] }, { 'regions.1': 'regionRequired' }, 'Choose a region'],
    ['a region that is not a code', { regions: ['Bakı'] }, { 'regions.0': 'regionRequired' }, 'Choose a region'],
    ['regions that are not a list', { regions: 'baku' }, { regions: 'invalidValue' }, undefined],
    ['a free flag that is not a switch', { isFree: 'yes' }, { isFree: 'invalidValue' }, undefined],
    ['an active flag that is not a switch', { active: 1 }, { active: 'invalidValue' }, undefined],
    [
      'a fulfilment location over 200 characters',
      { fulfilmentLocation: 'x'.repeat(201) },
      { fulfilmentLocation: 'tooLong' },
      undefined,
    ],
    ['an unknown field', { position: 3 }, { position: 'unknownField' }, 'This field is not accepted'],
  ])('refuses %s, at its field', async (_, fields, expected, message) => {
    const marketId = await freshMarket();
    const response = await createRaw({ marketId, name: 'Courier', ...fields });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).message).toBe('Check the highlighted fields');
    expect(fieldCodes(response)).toEqual(expected);
    if (message) expect(Object.values(errorOf(response).fields ?? {})[0]?.message).toBe(message);
    expect(await all(marketId)).toEqual([]);
  });

  it('says it in Azerbaijani to an Azerbaijani caller (preference cookie or Accept-Language)', async () => {
    const marketId = await freshMarket();
    const body = {
      marketId,
      name: ' ',
      price: -1,
      type: 'custom',
      condition: 'weight',
      conditionMin: 3000,
      conditionMax: 2000,
      regions: ['nowhere'],
      minDays: 3,
      maxDays: 1,
    };
    const expected = {
      code: 'VALIDATION_FAILED',
      message: 'Qeyd olunan xanaları yoxlayın',
      fields: {
        name: { code: 'required', message: 'Xanaları tam doldurun' },
        price: { code: 'invalidPrice', message: '0 ilə 10 000 000 AZN arasında qiymət daxil edin' },
        conditionMax: { code: 'invalidRange', message: 'Aşağı hədd yuxarı həddən böyük ola bilməz' },
        'regions.0': { code: 'regionRequired', message: 'Rayon və ya şəhər seçin' },
        maxDays: { code: 'invalidRange', message: 'Aşağı hədd yuxarı həddən böyük ola bilməz' },
      },
    };
    const url = '/api/ShippingTariff/create';
    // The stored preference wins over the browser's languages.
    expect(errorOf(await inLanguage('POST', url, body, { cookie: 'az', header: 'en' }))).toEqual(expected);
    expect(errorOf(await inLanguage('POST', url, body, { header: 'az-AZ,az;q=0.9' }))).toEqual(expected);
    // Nothing said: Azerbaijani, the default.
    expect(errorOf(await inLanguage('POST', url, body, {}))).toEqual(expected);
    const english = errorOf(await inLanguage('POST', url, body, { header: 'en-GB' }));
    expect(english.fields?.conditionMax?.message).toBe('The lower bound must not exceed the upper bound');
    expect(english.fields?.['regions.0']?.message).toBe('Choose a region');
    expect(await all(marketId)).toEqual([]);
  });

  it(`a market holds at most ${commerceLimits.tariffs} tariffs; a delete makes room again`, async () => {
    const marketId = await freshMarket();
    const made: ShippingTariff[] = [];
    for (let i = 0; i < commerceLimits.tariffs - 2; i++) made.push(await create(marketId, { name: `Rate ${i}` }));
    // The last places taken by requests at once: exactly the limit is reached, never more.
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createRaw({ marketId, name: `Racing ${i}`, price: 100 })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400, 400, 400]);
    expect(await all(marketId)).toHaveLength(commerceLimits.tariffs);

    const refused = await createRaw({ marketId, name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Check the highlighted fields',
      fields: { name: { code: 'tariffLimit', message: 'A store can have at most 50 delivery rates' } },
    });
    const az = await inLanguage(
      'POST',
      '/api/ShippingTariff/create',
      { marketId, name: 'Daha biri' },
      { cookie: 'az' },
    );
    expect(errorOf(az).fields?.name?.message).toBe('Mağazada ən çox 50 çatdırılma tarifi ola bilər');

    expect(dataOf(await remove(marketId, made[0]!.id))).toEqual({ id: made[0]!.id, deleted: true });
    const last = await create(marketId, { name: 'Back in' });
    const listed = await all(marketId);
    expect(listed).toHaveLength(commerceLimits.tariffs);
    // New tariffs go last.
    expect(listed.at(-1)?.id).toBe(last.id);
    // Another market is not affected by this one's limit.
    expect((await create(await freshMarket(), { name: 'Elsewhere' })).name).toBe('Elsewhere');
  });

  it('needs a session, and the market must be the caller’s', async () => {
    const marketId = await freshMarket();
    const anonymous = await createRaw({ marketId, name: 'Anon' }, null);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createRaw({ marketId, name: 'Stranger' }, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const unknown = await createRaw({ marketId: UNKNOWN, name: 'Nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(await all(marketId)).toEqual([]);
  });
});

describe('updating tariffs', () => {
  it('changes every field: a flat rate becomes a free custom one, and back', async () => {
    const marketId = await freshMarket();
    const created = await create(marketId, { name: 'Courier', price: 500, regions: ['baku'], minDays: 1 });
    const response = await updateRaw(
      asUpdate(created, {
        name: 'Free over 100 ₼',
        description: 'On us',
        type: 'custom',
        condition: 'order_total',
        conditionMin: 10000,
        conditionMax: null,
        isFree: true,
        regions: ['ganja', 'sumgait'],
        fulfilmentLocation: 'Warehouse 2',
        minDays: 2,
        maxDays: 4,
        active: false,
      }),
    );
    const updated = dataOf<ShippingTariff>(response);
    expect(updated).toEqual({
      ...created,
      name: 'Free over 100 ₼',
      description: 'On us',
      type: 'custom',
      condition: 'order_total',
      conditionMin: 10000,
      conditionMax: null,
      isFree: true,
      price: 0,
      regions: ['ganja', 'sumgait'],
      fulfilmentLocation: 'Warehouse 2',
      minDays: 2,
      maxDays: 4,
      active: false,
    });
    expect(await all(marketId)).toEqual([updated]);

    const back = dataOf<ShippingTariff>(
      await updateRaw(
        asUpdate(updated, {
          type: 'flat',
          condition: 'none',
          isFree: false,
          price: 650,
          description: '',
          fulfilmentLocation: null,
          regions: [],
          active: true,
        }),
      ),
    );
    expect(back).toMatchObject({
      type: 'flat',
      condition: 'none',
      conditionMin: null,
      conditionMax: null,
      isFree: false,
      price: 650,
      description: null,
      fulfilmentLocation: null,
      regions: [],
      active: true,
    });
  });

  it('validates like create and changes nothing when refused', async () => {
    const marketId = await freshMarket();
    const created = await create(marketId, {
      type: 'custom',
      condition: 'weight',
      conditionMin: 0,
      conditionMax: 2000,
    });
    const range = await updateRaw(asUpdate(created, { conditionMin: 2500 }));
    expect(range.statusCode).toBe(400);
    expect(errorOf(range).fields).toEqual({
      conditionMax: { code: 'invalidRange', message: 'The lower bound must not exceed the upper bound' },
    });
    expect(fieldCodes(await updateRaw(asUpdate(created, { name: '' })))).toEqual({ name: 'required' });
    expect(fieldCodes(await updateRaw(asUpdate(created, { regions: ['mars'] })))).toEqual({
      'regions.0': 'regionRequired',
    });
    expect((await updateRaw(asUpdate(created, { id: 'x' }))).statusCode).toBe(400);
    expect(await all(marketId)).toEqual([created]);
  });

  it('an unknown tariff, or another market’s named through one’s own, is a 404', async () => {
    const theirs = await create(otherMarketId, { name: 'Theirs' }, other.token);
    const unknown = await updateRaw(asUpdate(theirs, { id: UNKNOWN, marketId: await freshMarket() }));
    expect(unknown.statusCode).toBe(404);
    const mixed = await updateRaw(asUpdate(theirs, { marketId: await freshMarket(), name: 'Taken over' }));
    expect(mixed.statusCode).toBe(404);
    expect(errorOf(mixed)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const stranger = await updateRaw(asUpdate(theirs, { name: 'Taken over' }));
    expect(stranger.statusCode).toBe(404);
    expect(await all(otherMarketId, other.token)).toContainEqual(theirs);
  });
});

describe('deleting tariffs', () => {
  it('removes a tariff; a second delete and a malformed id are 404', async () => {
    const marketId = await freshMarket();
    const kept = await create(marketId, { name: 'Kept' });
    const gone = await create(marketId, { name: 'Gone' });
    expect(dataOf(await remove(marketId, gone.id))).toEqual({ id: gone.id, deleted: true });
    expect(await all(marketId)).toEqual([kept]);
    const again = await remove(marketId, gone.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await remove(marketId, 'not-an-id')).statusCode).toBe(404);
    expect((await remove('not-a-market', kept.id)).statusCode).toBe(404);
  });

  it('only the owner deletes, and only through the tariff’s own market', async () => {
    const theirs = await create(otherMarketId, { name: 'Theirs to keep' }, other.token);
    expect((await remove(otherMarketId, theirs.id)).statusCode).toBe(404);
    expect((await remove(await freshMarket(), theirs.id)).statusCode).toBe(404);
    expect((await remove(otherMarketId, theirs.id, null)).statusCode).toBe(401);
    expect(await all(otherMarketId, other.token)).toContainEqual(theirs);
  });
});

describe('reading tariffs', () => {
  let marketId: string;
  let first: ShippingTariff;
  let hidden: ShippingTariff;
  let last: ShippingTariff;

  beforeAll(async () => {
    marketId = await freshMarket();
    first = await create(marketId, { name: 'Zeta courier' });
    hidden = await create(marketId, { name: 'Archived', active: false });
    last = await create(marketId, { name: 'Alpha post' });
  });

  it('the owner sees every tariff, inactive ones too, in the order they were added', async () => {
    expect((await all(marketId)).map((r) => [r.name, r.active])).toEqual([
      ['Zeta courier', true],
      ['Archived', false],
      ['Alpha post', true],
    ]);
  });

  it('shoppers and other merchants see only active tariffs', async () => {
    const anonymous = await all(marketId, null);
    expect(anonymous).toEqual([first, last]);
    expect(await all(marketId, other.token)).toEqual(anonymous);
    expect(JSON.stringify(anonymous)).not.toContain(hidden.id);
  });

  it('an unknown or malformed market is 404 for everyone', async () => {
    for (const id of [UNKNOWN, 'not-a-market']) {
      for (const token of [null, owner.token]) {
        const response = await call(app, token, 'GET', `/api/ShippingTariff/get-all/${id}`);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).code).toBe('NOT_FOUND');
      }
    }
  });
});

describe('tariffs for a checkout', () => {
  let marketId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    marketId = await freshMarket();
    const make = async (key: string, fields: Record<string, unknown>) => {
      ids[key] = (await create(marketId, { name: key, ...fields })).id;
    };
    await make('bakuCourier', { price: 500, regions: ['baku'], minDays: 1, maxDays: 1 });
    await make('post', { price: 800 });
    await make('freeOver100', { type: 'custom', condition: 'order_total', conditionMin: 10000, isFree: true });
    await make('orders50to100', {
      type: 'custom',
      condition: 'order_total',
      conditionMin: 5000,
      conditionMax: 10000,
      price: 200,
    });
    await make('heavy', {
      type: 'custom',
      condition: 'weight',
      conditionMin: 5000,
      price: 1500,
      regions: ['baku', 'sumgait'],
    });
    await make('upTo2kg', { type: 'custom', condition: 'weight', conditionMax: 2000, price: 300 });
    await make('switchedOff', { price: 100, active: false });
  });

  const names = (list: CheckoutTariff[]) => list.map((r) => r.name);

  it('offers the tariffs whose zone, total and weight fit the order, each with its price', async () => {
    const baku = await forCheckout(marketId, { region: 'baku', subtotal: 5000, weightGrams: 1000 });
    expect(baku.map((r) => [r.name, r.shippingPrice])).toEqual([
      ['bakuCourier', 500],
      ['post', 800],
      ['orders50to100', 200],
      ['upTo2kg', 300],
    ]);
    expect(baku[0]).toMatchObject({ id: ids.bakuCourier, minDays: 1, maxDays: 1, regions: ['baku'] });

    const ganjaBig = await forCheckout(marketId, { region: 'ganja', subtotal: 15000, weightGrams: 6000 });
    expect(ganjaBig.map((r) => [r.name, r.shippingPrice])).toEqual([
      ['post', 800],
      ['freeOver100', 0],
    ]);

    const sumgaitHeavy = await forCheckout(marketId, { region: 'sumgait', subtotal: 2000, weightGrams: 7000 });
    expect(names(sumgaitHeavy)).toEqual(['post', 'heavy']);
  });

  it('bounds are inclusive', async () => {
    expect(names(await forCheckout(marketId, { region: 'shaki', subtotal: 10000, weightGrams: 2000 }))).toEqual([
      'post',
      'freeOver100',
      'orders50to100',
      'upTo2kg',
    ]);
    expect(names(await forCheckout(marketId, { region: 'shaki', subtotal: 9999, weightGrams: 2001 }))).toEqual([
      'post',
      'orders50to100',
    ]);
    expect(names(await forCheckout(marketId, { region: 'baku', subtotal: 4999, weightGrams: 5000 }))).toEqual([
      'bakuCourier',
      'post',
      'heavy',
    ]);
  });

  it('decides exactly as tariffApplies() does, for every order', async () => {
    const tariffs = await all(marketId);
    for (const region of ['baku', 'sumgait', 'nakhchivan']) {
      for (const subtotal of [0, 4999, 5000, 10000, 10001]) {
        for (const weightGrams of [0, 2000, 2001, 5000]) {
          const order = { region, subtotal, weightGrams };
          const expected = tariffs.filter((tariff) => tariffApplies(tariff, order)).map((r) => r.id);
          expect(
            (await forCheckout(marketId, order)).map((r) => r.id),
            JSON.stringify(order),
          ).toEqual(expected);
        }
      }
    }
  });

  it('never offers an inactive tariff, not even to the owner; weight and total default to 0', async () => {
    const query = 'region=baku';
    const anonymous = dataOf<CheckoutTariff[]>(await checkoutRaw(marketId, query));
    expect(names(anonymous)).toEqual(['bakuCourier', 'post', 'upTo2kg']);
    expect(dataOf<CheckoutTariff[]>(await checkoutRaw(marketId, query, owner.token))).toEqual(anonymous);
    expect(JSON.stringify(anonymous)).not.toContain(ids.switchedOff);
  });

  it.each([
    ['no region', 'subtotal=100', { region: 'regionRequired' }],
    ['an unknown region', 'region=atlantis&subtotal=100', { region: 'regionRequired' }],
    ['a subtotal that is not a number', 'region=baku&subtotal=abc', { subtotal: 'invalidValue' }],
    ['a negative subtotal', 'region=baku&subtotal=-1', { subtotal: 'invalidValue' }],
    ['a fractional weight', 'region=baku&weightGrams=1.5', { weightGrams: 'invalidValue' }],
  ])('refuses %s', async (_, query, expected) => {
    const response = await checkoutRaw(marketId, query);
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(expected);
  });

  it('an unknown market is 404', async () => {
    expect((await checkoutRaw(UNKNOWN, 'region=baku')).statusCode).toBe(404);
    expect((await checkoutRaw('nope', 'region=baku')).statusCode).toBe(404);
  });

  it('applicableTariff(): the named tariff and its price when it can deliver the order, else null', async () => {
    const db = t.ctx.db;
    const order = { region: 'baku', subtotal: 12000, weightGrams: 500 };
    expect(await applicableTariff(db, marketId, ids.bakuCourier!, order)).toEqual({
      tariff: expect.objectContaining({ id: ids.bakuCourier, name: 'bakuCourier', price: 500 }),
      price: 500,
    });
    expect(await applicableTariff(db, marketId, ids.freeOver100!, order)).toMatchObject({
      tariff: { id: ids.freeOver100, isFree: true },
      price: 0,
    });
    // Out of its zone, outside its condition, switched off.
    expect(await applicableTariff(db, marketId, ids.bakuCourier!, { ...order, region: 'ganja' })).toBeNull();
    expect(await applicableTariff(db, marketId, ids.orders50to100!, order)).toBeNull();
    expect(await applicableTariff(db, marketId, ids.switchedOff!, order)).toBeNull();
    // Not this market's, unknown, malformed.
    expect(await applicableTariff(db, otherMarketId, ids.post!, order)).toBeNull();
    expect(await applicableTariff(db, marketId, UNKNOWN, order)).toBeNull();
    expect(await applicableTariff(db, marketId, 'post', order)).toBeNull();
    expect(await applicableTariff(db, 'market', ids.post!, order)).toBeNull();
  });
});
