import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, fieldCodes, merchant, newIp, type TestApp } from '../../testing/app.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const EN = { 'accept-language': 'en' };

interface Sector {
  id: number;
  slug: string;
  name: string;
}
interface Market {
  id: string;
  name: string;
  sectorId: number;
  logoUrl: string | null;
  description: string | null;
  createdAt: string;
}

let counter = 0;
/** A store name nobody has taken yet (lowercase, digits, hyphens). */
function uniqueName(prefix = 'shop') {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

async function sectors(language?: string): Promise<Sector[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/Sector/get-all-sectors',
    headers: language ? { 'accept-language': language } : {},
    remoteAddress: newIp(),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Sector[] }).data;
}

function createStore(token: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/Market/create-store',
    payload,
    headers: { ...bearer(token), ...EN },
    remoteAddress: newIp(),
  });
}

function updateStore(token: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: '/api/Market/update-store',
    payload,
    headers: { ...bearer(token), ...EN },
    remoteAddress: newIp(),
  });
}

function storeById(token: string | null, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/Market/get-store-by-id/${id}`,
    headers: { ...(token ? bearer(token) : {}), ...EN },
    remoteAddress: newIp(),
  });
}

/** What the owner's view of a new store adds: its order settings, as they start. */
const ORDER_SETTINGS = { orderPrefix: '#', orderSuffix: '', autoFulfill: false, nextOrderNumber: 1001 };

async function created(token: string, name = uniqueName(), sectorId?: number): Promise<Market> {
  const response = await createStore(token, { name, sectorId: sectorId ?? (await sectors())[0]!.id });
  expect(response.statusCode).toBe(201);
  return (response.json() as { data: Market }).data;
}

describe('sectors', () => {
  it('lists the sectors in the caller language', async () => {
    const [az, en, ru] = await Promise.all([sectors(), sectors('en-GB,en;q=0.9'), sectors('ru')]);
    expect(az.length).toBeGreaterThan(5);
    expect(en.map((s) => s.id)).toEqual(az.map((s) => s.id));
    expect(ru.map((s) => s.slug)).toEqual(az.map((s) => s.slug));
    const clothing = (list: Sector[]) => list.find((s) => s.slug === 'clothing')!.name;
    expect(clothing(az)).toBe('Geyim və aksesuarlar');
    expect(clothing(en)).toBe('Clothing and accessories');
    expect(clothing(ru)).toBe('Одежда и аксессуары');
    // Every name differs between languages (all three catalogues are filled in).
    for (let i = 0; i < az.length; i++) {
      expect(new Set([az[i]!.name, en[i]!.name, ru[i]!.name]).size).toBe(3);
    }
  });

  it('needs no sign-in, and the language cookie wins', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/Sector/get-all-sectors',
      headers: EN,
      cookies: { language: 'ru' },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Sector[] }).data.find((s) => s.slug === 'electronics')!.name).toBe(
      'Электроника',
    );
  });
});

describe('create-store', () => {
  it('creates a store owned by the caller', async () => {
    const owner = await merchant(app);
    const [sector] = await sectors();
    const name = uniqueName();
    const response = await createStore(owner.token, { name, sectorId: sector!.id, logoUrl: '/uploads/x/logo.webp' });
    expect(response.statusCode).toBe(201);
    const market = (response.json() as { data: Market }).data;
    expect(market).toMatchObject({ name, sectorId: sector!.id, logoUrl: '/uploads/x/logo.webp', description: null });
    expect(market.id).toMatch(/^[0-9a-f-]{36}$/);
    const all = await app.inject({ method: 'GET', url: '/api/Market/get-all-store', headers: bearer(owner.token) });
    expect((all.json() as { data: Market[] }).data).toEqual([market]);
  });

  it('needs a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Market/create-store',
      payload: { name: uniqueName(), sectorId: 1 },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHORIZED');
  });

  it.each([
    ['', 'required'],
    ['ab', 'tooShort'],
    ['a'.repeat(64), 'tooLong'],
    ['My-Shop', 'marketNameFormat'],
    ['my_shop', 'marketNameFormat'],
    ['my shop', 'marketNameFormat'],
    ['mağaza', 'marketNameFormat'],
    ['-shop', 'marketNameFormat'],
    ['shop-', 'marketNameFormat'],
    ['my--shop', 'marketNameFormat'],
    ['shop.az', 'marketNameFormat'],
    ['login', 'marketNameReserved'],
    ['cp', 'tooShort'],
    ['api', 'marketNameReserved'],
    ['about', 'marketNameReserved'],
    ['blogs', 'marketNameReserved'],
    ['register', 'marketNameReserved'],
    ['uploads', 'marketNameReserved'],
    ['checkout', 'marketNameReserved'],
  ])('refuses the name %j (%s)', async (name, code) => {
    const owner = await merchant(app);
    const response = await createStore(owner.token, { name, sectorId: (await sectors())[0]!.id });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual({ name: code });
  });

  it('says why a reserved name is refused, in the caller language', async () => {
    const owner = await merchant(app);
    const response = await createStore(owner.token, { name: 'login', sectorId: 1 });
    expect(errorOf(response).fields?.name?.message).toBe('This name is reserved by the platform. Choose another one');
  });

  it.each([
    ['abc', '3 characters'],
    ['a'.repeat(63), '63 characters'],
    ['shop-2026', 'digits and a hyphen'],
    ['123', 'only digits'],
    ['a-b-c', 'single hyphens'],
  ])('accepts the name %j (%s)', async (base) => {
    const owner = await merchant(app);
    // Keep the tested shape while making the name unique for this run.
    const name = base.length === 63 ? `${uniqueName('x').replace(/-/g, '')}${'a'.repeat(63)}`.slice(0, 63) : base;
    const response = await createStore(owner.token, { name, sectorId: (await sectors())[0]!.id });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { data: Market }).data.name).toBe(name);
  });

  it('trims the name', async () => {
    const owner = await merchant(app);
    const name = uniqueName();
    const response = await createStore(owner.token, { name: `  ${name} `, sectorId: 1 });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { data: Market }).data.name).toBe(name);
  });

  it.each([
    ['missing', {}],
    ['zero', { sectorId: 0 }],
    ['unknown', { sectorId: 99_999 }],
    ['beyond any id', { sectorId: 3_000_000_000 }],
    ['a string', { sectorId: '1' }],
    ['null', { sectorId: null }],
  ])('needs a sector (%s)', async (_, sector) => {
    const owner = await merchant(app);
    const response = await createStore(owner.token, { name: uniqueName(), ...sector });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.sectorId).toEqual({ code: 'sectorRequired', message: 'Choose a sector' });
  });

  it('refuses unknown fields', async () => {
    const owner = await merchant(app);
    const response = await createStore(owner.token, { name: uniqueName(), sectorId: 1, ownerId: 'someone' });
    expect(fieldCodes(response)).toEqual({ ownerId: 'unknownField' });
  });

  it('refuses a name another store has, in every language', async () => {
    const first = await merchant(app);
    const second = await merchant(app);
    const name = uniqueName();
    await created(first.token, name);
    const response = await createStore(second.token, { name, sectorId: 1 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'MARKET_NAME_TAKEN', message: 'The market name must be unique' });
    const az = await app.inject({
      method: 'POST',
      url: '/api/Market/create-store',
      payload: { name, sectorId: 1 },
      headers: bearer(second.token),
      remoteAddress: newIp(),
    });
    expect(errorOf(az).message).toBe('Mağaza adı unikal olmalıdır');
    // The same owner can't take it twice either.
    expect((await createStore(first.token, { name, sectorId: 1 })).statusCode).toBe(409);
    const all = await app.inject({ method: 'GET', url: '/api/Market/get-all-store', headers: bearer(second.token) });
    expect((all.json() as { data: Market[] }).data).toEqual([]);
  });

  it('two merchants racing for one name: one wins, the other gets 409', async () => {
    const a = await merchant(app);
    const b = await merchant(app);
    const name = uniqueName('race');
    const [ra, rb] = await Promise.all([
      createStore(a.token, { name, sectorId: 1 }),
      createStore(b.token, { name, sectorId: 1 }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('reading stores', () => {
  it('get-all-store lists only the caller’s stores, oldest first', async () => {
    const a = await merchant(app);
    const b = await merchant(app);
    const a1 = await created(a.token);
    const a2 = await created(a.token);
    const b1 = await created(b.token);
    const listOf = async (token: string) =>
      (
        (await app.inject({ method: 'GET', url: '/api/Market/get-all-store', headers: bearer(token) })).json() as {
          data: Market[];
        }
      ).data.map((m) => m.id);
    expect(await listOf(a.token)).toEqual([a1.id, a2.id]);
    expect(await listOf(b.token)).toEqual([b1.id]);
    const anonymous = await app.inject({ method: 'GET', url: '/api/Market/get-all-store', remoteAddress: newIp() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('get-store-by-id: the owner sees it; anyone else or a malformed id gets 404', async () => {
    const owner = await merchant(app);
    const stranger = await merchant(app);
    const market = await created(owner.token);
    const own = await storeById(owner.token, market.id);
    expect(own.statusCode).toBe(200);
    // The owner's view carries the order settings too (defaults: #1001, #, no suffix, no auto-fulfil).
    expect((own.json() as { data: Market }).data).toEqual({ ...market, ...ORDER_SETTINGS });

    const theirs = await storeById(stranger.token, market.id);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    for (const id of [
      'not-a-uuid',
      '123',
      market.id.toUpperCase().replace(/-/g, ''),
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await storeById(owner.token, id);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await storeById(null, market.id)).statusCode).toBe(401);
    expect((await storeById(null, 'not-a-uuid')).statusCode).toBe(401);
  });

  it('get-store-by-name is public and gives the id a storefront needs', async () => {
    const owner = await merchant(app);
    const market = await created(owner.token);
    const response = await app.inject({
      method: 'GET',
      url: `/api/Market/get-store-by-name/${market.name}`,
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ id: market.id, name: market.name, sectorId: market.sectorId });
    expect(data).not.toHaveProperty('ownerId');
    const upper = await app.inject({
      method: 'GET',
      url: `/api/Market/get-store-by-name/${market.name.toUpperCase()}`,
      remoteAddress: newIp(),
    });
    expect((upper.json() as { data: { id: string } }).data.id).toBe(market.id);

    const missing = await app.inject({
      method: 'GET',
      url: `/api/Market/get-store-by-name/${uniqueName('nobody')}`,
      headers: EN,
      remoteAddress: newIp(),
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('update-store', () => {
  it('renames the store and changes its details; the new name is found, the old one is free', async () => {
    const owner = await merchant(app);
    const market = await created(owner.token);
    const newName = uniqueName('renamed');
    const allSectors = await sectors();
    const response = await updateStore(owner.token, {
      id: market.id,
      name: newName,
      sectorId: allSectors[1]!.id,
      description: 'Əl işi geyimlər',
      logoUrl: '/uploads/x/new.webp',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Market }).data).toMatchObject({
      id: market.id,
      name: newName,
      sectorId: allSectors[1]!.id,
      description: 'Əl işi geyimlər',
      logoUrl: '/uploads/x/new.webp',
    });
    const byName = await app.inject({ method: 'GET', url: `/api/Market/get-store-by-name/${newName}` });
    expect((byName.json() as { data: { id: string } }).data.id).toBe(market.id);
    const old = await app.inject({ method: 'GET', url: `/api/Market/get-store-by-name/${market.name}` });
    expect(old.statusCode).toBe(404);
    // The old name can be taken by someone else now.
    const other = await merchant(app);
    expect((await createStore(other.token, { name: market.name, sectorId: 1 })).statusCode).toBe(201);

    // Keeping its own name is fine; a partial update keeps the rest.
    const same = await updateStore(owner.token, { id: market.id, name: newName });
    expect(same.statusCode).toBe(200);
    const logoCleared = await updateStore(owner.token, { id: market.id, logoUrl: null });
    expect((logoCleared.json() as { data: Market }).data).toMatchObject({
      name: newName,
      logoUrl: null,
      description: 'Əl işi geyimlər',
    });
  });

  it('refuses a name another store has', async () => {
    const owner = await merchant(app);
    const mine = await created(owner.token);
    const other = await merchant(app);
    const theirs = await created(other.token);
    const response = await updateStore(owner.token, { id: mine.id, name: theirs.name });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'MARKET_NAME_TAKEN', message: 'The market name must be unique' });
    expect(((await storeById(owner.token, mine.id)).json() as { data: Market }).data.name).toBe(mine.name);
  });

  it('applies the create rules to the new name and the sector', async () => {
    const owner = await merchant(app);
    const market = await created(owner.token);
    expect(fieldCodes(await updateStore(owner.token, { id: market.id, name: 'cp-' }))).toEqual({
      name: 'marketNameFormat',
    });
    expect(fieldCodes(await updateStore(owner.token, { id: market.id, name: 'about' }))).toEqual({
      name: 'marketNameReserved',
    });
    expect(fieldCodes(await updateStore(owner.token, { id: market.id, sectorId: 99_999 }))).toEqual({
      sectorId: 'sectorRequired',
    });
    expect(fieldCodes(await updateStore(owner.token, { id: market.id, description: 'x'.repeat(2001) }))).toEqual({
      description: 'tooLong',
    });
    expect(fieldCodes(await updateStore(owner.token, { id: market.id, logoUrl: 'https://x.example/a.png' }))).toEqual({
      logoUrl: 'invalidValue',
    });
    expect(fieldCodes(await updateStore(owner.token, { name: uniqueName() }))).toEqual({ id: 'invalidValue' });
    expect(((await storeById(owner.token, market.id)).json() as { data: Market }).data).toEqual({
      ...market,
      ...ORDER_SETTINGS,
    });
  });

  it('another merchant’s store: 404, and nothing changes', async () => {
    const owner = await merchant(app);
    const stranger = await merchant(app);
    const market = await created(owner.token);
    const response = await updateStore(stranger.token, { id: market.id, name: uniqueName('stolen'), description: 'x' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(((await storeById(owner.token, market.id)).json() as { data: Market }).data).toEqual({
      ...market,
      ...ORDER_SETTINGS,
    });
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/Market/update-store',
      payload: { id: market.id, name: uniqueName() },
      remoteAddress: newIp(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
