import type { AnalyticsIds, AnalyticsKind } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMarket,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  merchant,
  newIp,
  type TestApp,
} from '../../testing/app.js';

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof merchant>>;
let marketId: string;
let marketName: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await merchant(app);
  const market = await createMarket(app, owner.token);
  marketId = market.id;
  marketName = market.name;
});
afterAll(async () => {
  await t?.close();
});

const NONE: AnalyticsIds = { facebookPixelId: null, yandexMetricaId: null, googleAnalyticsId: null, clarityId: null };

/** One call as `token` (null: anonymous) in `language`. */
function send(token: string | null, request: InjectOptions, language: 'az' | 'en' | 'ru' = 'en') {
  return app.inject({
    ...request,
    headers: { 'accept-language': language, ...(token ? bearer(token) : {}) },
    remoteAddress: newIp(),
  });
}

const post = (url: string, payload: Record<string, unknown>): InjectOptions => ({ method: 'POST', url, payload });
const remove = (market: string, kind: string): InjectOptions => ({
  method: 'DELETE',
  url: `/api/Market/analytics-id/${market}/${kind}`,
});
const read = (market: string): InjectOptions => ({ method: 'GET', url: `/api/Market/get-analytics-ids/${market}` });

interface Case {
  kind: AnalyticsKind;
  url: string;
  field: keyof AnalyticsIds;
  valid: string;
  /** Another valid id, to replace the first. */
  next: string;
  code: string;
  missing: { en: string; az: string; ru: string };
  formatCode: string;
  formatEn: string;
  bad: string[];
}

const CASES: Case[] = [
  {
    kind: 'facebook',
    url: '/api/Market/add-facebook-id',
    field: 'facebookPixelId',
    valid: '123456789012345',
    next: '1234567890123456',
    code: 'PIXEL_ID_MISSING',
    missing: {
      en: 'Market ID or Pixel ID is missing',
      az: 'Mağaza ID-si və ya Pixel ID-si yoxdur',
      ru: 'Отсутствует ID магазина или ID пикселя',
    },
    formatCode: 'invalidPixelId',
    formatEn: 'A Meta pixel ID is 15 or 16 digits, for example 123456789012345',
    bad: ['12345678901234', '12345678901234567', '12345678901234a', "1234567890123');alert(1);//"],
  },
  {
    kind: 'yandex',
    url: '/api/Market/add-yandex-metrica-id',
    field: 'yandexMetricaId',
    valid: '98765432',
    next: '12345',
    code: 'YANDEX_ID_MISSING',
    missing: {
      en: 'Market ID or Yandex ID is missing',
      az: 'Mağaza ID-si və ya Yandex ID-si yoxdur',
      ru: 'Отсутствует ID магазина или ID Яндекса',
    },
    formatCode: 'invalidYandexId',
    formatEn: 'A Yandex Metrika counter number is 5 to 10 digits, for example 12345678',
    bad: ['1234', '12345678901', '1234-5678', '1e7'],
  },
  {
    kind: 'google',
    url: '/api/Market/add-google-id',
    field: 'googleAnalyticsId',
    valid: 'G-AB12CD34EF',
    next: 'G-XYZ9',
    code: 'GOOGLE_ID_MISSING',
    missing: {
      en: 'Market ID or Google ID is missing',
      az: 'Mağaza ID-si və ya Google ID-si yoxdur',
      ru: 'Отсутствует ID магазина или ID Google',
    },
    formatCode: 'invalidGoogleId',
    formatEn: 'Enter a Google Analytics 4 measurement ID, for example G-AB12CD34EF',
    bad: ['UA-12345-1', 'AB12CD34EF', 'G-', 'G-ABC', 'G-AB12CD34EF567', 'G-AB12"><script>'],
  },
  {
    kind: 'clarity',
    url: '/api/Market/add-clarity-id',
    field: 'clarityId',
    valid: 'abcd1234ef',
    next: 'zz9900aa11bb',
    code: 'CLARITY_ID_MISSING',
    missing: {
      en: 'Market ID or Clarity ID is missing',
      az: 'Mağaza ID-si və ya Clarity ID-si yoxdur',
      ru: 'Отсутствует ID магазина или ID Clarity',
    },
    formatCode: 'invalidClarityId',
    formatEn: 'A Clarity project ID is 8 to 12 lowercase letters and digits, for example abcd1234ef',
    bad: ['abc1234', 'abcd1234efghi', 'ABCD1234EF', 'abcd-1234', 'abcd 1234'],
  },
];

describe.each(CASES)('$url', (c) => {
  it('sets the id and returns all four ids of the store', async () => {
    const { market, token } = await freshStore();
    const response = await send(token, post(c.url, { marketId: market, [c.field]: ` ${c.valid} ` }));
    expect(dataOf<AnalyticsIds>(response)).toEqual({ ...NONE, [c.field]: c.valid });
    // Saved: the owner's read and the public store lookup see it.
    expect(dataOf<AnalyticsIds>(await send(token, read(market)))).toEqual({ ...NONE, [c.field]: c.valid });
    // A second save replaces the first.
    const replaced = await send(token, post(c.url, { marketId: market, [c.field]: c.next }));
    expect(dataOf<AnalyticsIds>(replaced)).toEqual({ ...NONE, [c.field]: c.next });
  });

  it.each([
    ['the id is absent', (m: string) => ({ marketId: m })],
    ['the id is blank', (m: string, f: string) => ({ marketId: m, [f]: '   ' })],
    ['the id is null', (m: string, f: string) => ({ marketId: m, [f]: null })],
    ['the market is absent', (_m: string, f: string, v: string) => ({ [f]: v })],
    ['the market is blank', (_m: string, f: string, v: string) => ({ marketId: '', [f]: v })],
  ])('answers with the whole missing message when %s', async (_, body) => {
    const payload = body(marketId, c.field, c.valid);
    for (const language of ['en', 'az', 'ru'] as const) {
      const response = await send(owner.token, post(c.url, payload), language);
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe(c.code);
      expect(error.message).toBe(c.missing[language]);
    }
  });

  it('names the missing field for the form', async () => {
    const response = await send(owner.token, post(c.url, { marketId }), 'az');
    expect(errorOf(response).fields).toEqual({ [c.field]: { code: c.code, message: c.missing.az } });
  });

  it('refuses an id of the wrong format with a field message', async () => {
    const { market, token } = await freshStore();
    for (const bad of c.bad) {
      const response = await send(token, post(c.url, { marketId: market, [c.field]: bad }));
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).code, bad).toBe('VALIDATION_FAILED');
      expect(fieldCodes(response), bad).toEqual({ [c.field]: c.formatCode });
      expect(errorOf(response).fields?.[c.field]?.message).toBe(c.formatEn);
    }
    // Nothing was saved by the refused calls.
    expect(dataOf<AnalyticsIds>(await send(token, read(market)))).toEqual(NONE);
  });

  it('refuses fields it does not know', async () => {
    const response = await send(owner.token, post(c.url, { marketId, [c.field]: c.valid, script: '<script>' }));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ script: 'unknownField' });
  });

  it('needs a session, whatever the body', async () => {
    for (const payload of [{ marketId, [c.field]: c.valid }, {}]) {
      const response = await send(null, post(c.url, payload));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHORIZED');
    }
  });

  it("answers another merchant's store, or no store, with 404 and changes nothing", async () => {
    const { market, token } = await freshStore();
    const stranger = await merchant(app);
    await createMarket(app, stranger.token);
    for (const target of [market, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await send(stranger.token, post(c.url, { marketId: target, [c.field]: c.valid }));
      expect(response.statusCode, target).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(dataOf<AnalyticsIds>(await send(token, read(market)))).toEqual(NONE);
  });
});

describe('Google measurement ids', () => {
  it('are kept in capitals however they are typed', async () => {
    const response = await send(
      owner.token,
      post('/api/Market/add-google-id', { marketId, googleAnalyticsId: 'g-ab12cd34ef' }),
    );
    expect(dataOf<AnalyticsIds>(response).googleAnalyticsId).toBe('G-AB12CD34EF');
  });
});

/** A new store of the shared owner: each test starts from no pixels. */
async function freshStore() {
  return { market: (await createMarket(app, owner.token)).id, token: owner.token };
}

async function setAll(market: string) {
  for (const c of CASES) dataOf(await send(owner.token, post(c.url, { marketId: market, [c.field]: c.valid })));
}

describe('DELETE /Market/analytics-id/{marketId}/{kind}', () => {
  it('removes one id and leaves the others', async () => {
    const { market } = await freshStore();
    await setAll(market);
    const response = await send(owner.token, remove(market, 'clarity'));
    expect(dataOf<AnalyticsIds>(response)).toEqual({
      facebookPixelId: '123456789012345',
      yandexMetricaId: '98765432',
      googleAnalyticsId: 'G-AB12CD34EF',
      clarityId: null,
    });
    // Removing what is not there is not an error.
    expect(dataOf<AnalyticsIds>(await send(owner.token, remove(market, 'clarity'))).clarityId).toBeNull();
    for (const kind of ['facebook', 'yandex', 'google']) dataOf(await send(owner.token, remove(market, kind)));
    expect(dataOf<AnalyticsIds>(await send(owner.token, read(market)))).toEqual(NONE);
  });

  it('knows only the four kinds', async () => {
    const response = await send(owner.token, remove(marketId, 'tiktok'));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ kind: 'invalidValue' });
  });

  it('says the market is missing when the path has none', async () => {
    for (const url of ['/api/Market/analytics-id/%20/facebook', '/api/Market/get-analytics-ids/%20']) {
      const response = await send(owner.token, { method: url.includes('get') ? 'GET' : 'DELETE', url }, 'az');
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'MARKET_ID_MISSING', message: 'Mağaza ID-si yoxdur' });
    }
  });

  it("is the owner's only: 404 for another merchant, 401 anonymously", async () => {
    const { market } = await freshStore();
    await setAll(market);
    const stranger = await merchant(app);
    for (const request of [remove(market, 'facebook'), read(market)]) {
      const response = await send(stranger.token, request);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
      const anonymous = await send(null, request);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe('UNAUTHORIZED');
    }
    expect(dataOf<AnalyticsIds>(await send(owner.token, read(market))).facebookPixelId).toBe('123456789012345');
  });
});

describe('the public store lookup', () => {
  it('carries the ids so the storefront can load the pixels', async () => {
    const market = await createMarket(app, owner.token);
    const byName = () => send(null, { method: 'GET', url: `/api/Market/get-store-by-name/${market.name}` });
    expect(dataOf<AnalyticsIds & { id: string }>(await byName())).toMatchObject({ id: market.id, ...NONE });
    await setAll(market.id);
    dataOf(await send(owner.token, remove(market.id, 'yandex')));
    expect(dataOf(await byName())).toMatchObject({
      id: market.id,
      facebookPixelId: '123456789012345',
      yandexMetricaId: null,
      googleAnalyticsId: 'G-AB12CD34EF',
      clarityId: 'abcd1234ef',
    });
    // Another store's lookup is untouched.
    expect(
      dataOf(await send(null, { method: 'GET', url: `/api/Market/get-store-by-name/${marketName}` })),
    ).toMatchObject({ id: marketId });
  });
});
