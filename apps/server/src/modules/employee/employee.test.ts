import type { Employee, Invitation, MarketView, OrderDetails } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createTariff,
  createTestApp,
  dataOf,
  employee,
  errorOf,
  fieldCodes,
  invitationToken,
  mailbox,
  merchant,
  productBody,
  type TestApp,
  uniqueEmail,
} from '../../testing/app.js';
import { buy, type Owner, orderUrl, product } from '../../testing/orders.js';

/**
 * A store's employees (issue 15, decision 022), on both databases: the owner invites by e-mail,
 * the person accepts signed in with that e-mail, works at the level given — changed or ended at
 * once by the owner — and the order's timeline names who did what. Which routes each level opens
 * is the tenancy test's table.
 */

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
});
afterAll(async () => {
  await t?.close();
});

const employeesUrl = (o: Owner = owner) => `/api/markets/${o.market.id}/employees`;
const invite = (email: string, level = 'orders', o: Owner = owner) =>
  call(t.app, o.token, 'POST', employeesUrl(o), { email, level });
const listOf = async (o: Owner = owner) => dataOf<Employee[]>(await call(t.app, o.token, 'GET', employeesUrl(o)));
const accept = (token: string | null, invitation: string) =>
  call(t.app, token, 'POST', `/api/Invitation/${invitation}/accept`);
const storesOf = async (token: string) =>
  dataOf<MarketView[]>(await call(t.app, token, 'GET', '/api/Market/get-all-store'));
const createProductAs = (token: string) =>
  call(t.app, token, 'POST', '/api/Products/create', productBody(owner.market.id, owner.category.id, owner.imageUrl));

describe('employees', () => {
  it('an invitation is e-mailed in the owner’s language with a link the invited person opens and accepts', async () => {
    const person = await merchant(t.app);
    const invited = await t.app.inject({
      method: 'POST',
      url: employeesUrl(),
      payload: { email: person.email.toUpperCase(), level: 'orders' },
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'az' },
    });
    const row = dataOf<Employee>(invited, 201);
    expect(row).toMatchObject({ status: 'invited', email: person.email, name: null, level: 'orders' });
    expect(Date.parse(row.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const [mail] = await mailbox(t.app, person.email);
    expect(mail!.subject).toBe(`${owner.market.name} mağazasında işləməyə dəvət`);
    expect(mail!.text).toContain('Girişiniz: sifarişlər, müştərilər və tərk edilmiş səbətlər.');
    const token = await invitationToken(t.app, person.email);

    // What the link shows before anything is done: to anyone who holds it.
    const seen = dataOf<Invitation>(await call(t.app, null, 'GET', `/api/Invitation/${token}`));
    expect(seen).toMatchObject({
      marketName: owner.market.name,
      invitedBy: owner.email,
      email: person.email,
      level: 'orders',
      status: 'pending',
    });
    // Accepting needs the invited person, signed in.
    expect((await accept(null, token)).statusCode).toBe(401);
    const other = await merchant(t.app);
    const wrong = await accept(other.token, token);
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong)).toMatchObject({
      code: 'INVITATION_OTHER_EMAIL',
      message: `This invitation was sent to ${person.email}: sign in with that e-mail to accept it`,
    });
    expect(await storesOf(other.token)).toEqual([]);

    const store = dataOf<MarketView>(await accept(person.token, token));
    expect(store).toMatchObject({ id: owner.market.id, name: owner.market.name, access: 'orders' });
    // Accepting again (a second click) answers the same store and changes nothing.
    expect(dataOf<MarketView>(await accept(person.token, token)).access).toBe('orders');
    expect(await storesOf(person.token)).toEqual([store]);
    expect(dataOf<Invitation>(await call(t.app, null, 'GET', `/api/Invitation/${token}`)).status).toBe('accepted');
    const listed = (await listOf()).find((e) => e.email === person.email);
    expect(listed).toMatchObject({ status: 'active', level: 'orders', expiresAt: null });
  });

  it('refuses the owner’s own e-mail, a person already working there, bad e-mails and levels', async () => {
    const self = await invite(owner.email.toUpperCase());
    expect(self.statusCode).toBe(409);
    expect(fieldCodes(self)).toEqual({ email: 'INVITATION_SELF' });
    const worker = await employee(t.app, owner.token, owner.market.id, 'catalog');
    const again = await invite(worker.email, 'full');
    expect(again.statusCode).toBe(409);
    expect(fieldCodes(again)).toEqual({ email: 'EMPLOYEE_EXISTS' });
    const bad = await invite('not-an-email', 'owner');
    expect(bad.statusCode).toBe(400);
    expect(fieldCodes(bad)).toEqual({ email: 'invalidEmail', level: 'invalidValue' });
    // None of them left an invitation behind.
    expect((await listOf()).filter((e) => e.status !== 'active').map((e) => e.email)).not.toContain(owner.email);
  });

  it('inviting again sends a new link (the old one names nothing) and the level given now', async () => {
    const email = uniqueEmail('again');
    dataOf(await invite(email, 'analytics'), 201);
    const first = await invitationToken(t.app, email);
    const renewed = dataOf<Employee>(await invite(email, 'catalog'), 201);
    const second = await invitationToken(t.app, email);
    expect(second).not.toBe(first);
    expect((await listOf()).filter((e) => e.email === email)).toEqual([renewed]);
    expect((await call(t.app, null, 'GET', `/api/Invitation/${first}`)).statusCode).toBe(404);
    expect(dataOf<Invitation>(await call(t.app, null, 'GET', `/api/Invitation/${second}`)).level).toBe('catalog');
    // Unknown and malformed links name nothing either.
    for (const token of ['x'.repeat(43), 'not a token', '../../etc']) {
      const response = await call(t.app, null, 'GET', `/api/Invitation/${encodeURIComponent(token)}`);
      expect(response.statusCode, token).toBe(404);
    }
  });

  it('an expired invitation is refused and says to ask for a new one; a withdrawn one names nothing', async () => {
    const person = await merchant(t.app);
    const row = dataOf<Employee>(await invite(person.email), 201);
    const token = await invitationToken(t.app, person.email);
    await t.ctx.db.execute(sql`update employee_invitations set expires_at = now() - interval '1 minute'
      where id = ${row.id}`);
    expect((await listOf()).find((e) => e.id === row.id)?.status).toBe('expired');
    expect(dataOf<Invitation>(await call(t.app, null, 'GET', `/api/Invitation/${token}`)).status).toBe('expired');
    const late = await accept(person.token, token);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late).message).toBe('This invitation has expired: ask the store’s owner to send a new one');
    expect(await storesOf(person.token)).toEqual([]);

    dataOf(await call(t.app, owner.token, 'DELETE', `${employeesUrl()}/${row.id}`));
    expect((await listOf()).some((e) => e.id === row.id)).toBe(false);
    expect((await accept(person.token, token)).statusCode).toBe(404);
  });

  it('a new level holds from the next request; a removed employee’s session finds no store at once', async () => {
    const person = await employee(t.app, owner.token, owner.market.id, 'orders');
    const id = (await listOf()).find((e) => e.email === person.email)!.id;
    const refused = await createProductAs(person.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'ACCESS_DENIED',
      message: 'Your access to this store does not include this. Ask the store’s owner',
    });
    expect((await call(t.app, person.token, 'GET', `/api/Order/market?marketId=${owner.market.id}`)).statusCode).toBe(
      200,
    );

    expect(
      dataOf<Employee>(await call(t.app, owner.token, 'PUT', `${employeesUrl()}/${id}`, { level: 'catalog' })).level,
    ).toBe('catalog');
    expect((await createProductAs(person.token)).statusCode).toBe(201);
    expect((await call(t.app, person.token, 'GET', `/api/Order/market?marketId=${owner.market.id}`)).statusCode).toBe(
      403,
    );
    expect((await storesOf(person.token))[0]?.access).toBe('catalog');

    dataOf(await call(t.app, owner.token, 'DELETE', `${employeesUrl()}/${id}`));
    const gone = await call(t.app, person.token, 'GET', `/api/Market/get-store-by-id/${owner.market.id}`);
    expect(gone.statusCode).toBe(404);
    expect((await createProductAs(person.token)).statusCode).toBe(404);
    expect(await storesOf(person.token)).toEqual([]);
    // Gone is gone: changing or removing them again names nothing.
    expect((await call(t.app, owner.token, 'DELETE', `${employeesUrl()}/${id}`)).statusCode).toBe(404);
    expect((await call(t.app, owner.token, 'PUT', `${employeesUrl()}/${id}`, { level: 'full' })).statusCode).toBe(404);
  });

  it('employees manage neither the employees nor another store’s; an owner changes only their own', async () => {
    const full = await employee(t.app, owner.token, owner.market.id, 'full');
    const asFull = await call(t.app, full.token, 'POST', employeesUrl(), { email: uniqueEmail('x'), level: 'full' });
    expect(asFull.statusCode).toBe(403);
    expect(errorOf(asFull).code).toBe('ACCESS_DENIED');
    const other = await catalogOwner(t.app);
    const someone = (await listOf())[0]!;
    for (const [method, payload] of [
      ['PUT', { level: 'full' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(t.app, other.token, method, `${employeesUrl(other)}/${someone.id}`, payload);
      expect(response.statusCode, method).toBe(404);
    }
    expect((await listOf()).find((e) => e.id === someone.id)).toEqual(someone);
  });

  it('a store has at most 20 people, invited or working', async () => {
    const crowded = await catalogOwner(t.app);
    for (let i = 0; i < 20; i++) dataOf(await invite(uniqueEmail(`crowd${i}`), 'orders', crowded), 201);
    const over = await invite(uniqueEmail('one-more'), 'orders', crowded);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).code).toBe('EMPLOYEE_LIMIT');
    // Inviting one of them again is not one more.
    const first = (await listOf(crowded))[0]!;
    expect((await invite(first.email, 'full', crowded)).statusCode).toBe(201);
  });

  it('the order’s timeline names who fulfilled, refunded and archived it', async () => {
    const person = await merchant(t.app);
    dataOf(
      await call(t.app, person.token, 'PUT', '/api/User/update-user', { firstName: 'Aysel', lastName: 'Məmmədova' }),
    );
    dataOf(await invite(person.email, 'orders'), 201);
    dataOf(await accept(person.token, await invitationToken(t.app, person.email)));
    const item = await product(t.app, owner);
    const tariff = await createTariff(t.app, owner.token, owner.market.id);
    const { order } = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 2 }]);
    const as = async (token: string, action: 'fulfill' | 'cancel' | 'archive', body: unknown) =>
      dataOf<OrderDetails>(
        await call(t.app, token, 'PUT', orderUrl(owner, order.id, action), body as Record<string, unknown>),
      );
    await as(person.token, 'fulfill', {});
    await as(person.token, 'cancel', { amount: 500 });
    const done = await as(owner.token, 'archive', { archived: true });
    const by = Object.fromEntries(done.events.map((e) => [e.kind, (e.data as { by?: string }).by]));
    expect(by).toMatchObject({ fulfilled: 'Aysel Məmmədova', refunded: 'Aysel Məmmədova', archived: owner.email });
  });
});
