import { randomUUID } from 'node:crypto';
import type { Adjustment, Balance, PayoutReport, StaffLedger, StaffMarketPage, UserView } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  mailbox,
  merchant,
  type TestApp,
  uniqueEmail,
} from '../../testing/app.js';
import { bankDetailsBody, type Owner } from '../../testing/orders.js';
import { PayoutService } from '../payout/service.js';
import { setStaff } from '../user/service.js';
import { LedgerService } from './service.js';

/**
 * Adjustments by the platform's staff (issue 14, decision 019) on both databases: only staff reach
 * them; each is an entry on the store's available balance with its reason, made once per request,
 * e-mailed to the owner, taken by the next payout and shown in its report with the reason.
 */

const ENV_STAFF = uniqueEmail('staff-env');
let t: TestApp;
let staff: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ staffEmails: new Set([ENV_STAFF]) });
  staff = await merchant(t.app, ENV_STAFF);
});
afterAll(async () => {
  await t?.close();
});

const WEDNESDAY = new Date('2026-12-02T05:00:00Z');

async function store(): Promise<Owner> {
  const owner = await catalogOwner(t.app);
  await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  return owner;
}

const adjust = (token: string | null, marketId: string, body: Record<string, unknown>) =>
  call(t.app, token, 'POST', `/api/Staff/markets/${marketId}/adjustments`, body);

const balanceOf = async (owner: Owner) =>
  dataOf<Balance>(await call(t.app, owner.token, 'GET', `/api/Balance/${owner.market.id}`));

describe('staff adjustments', () => {
  it('only the platform’s staff reach them: a merchant, the store’s own owner included, gets 403; nobody signed in 401', async () => {
    const owner = await store();
    const routes = [
      ['GET', '/api/Staff/markets'],
      ['GET', `/api/Staff/markets/${owner.market.id}/adjustments`],
      ['POST', `/api/Staff/markets/${owner.market.id}/adjustments`],
    ] as const;
    const body = { amount: 1000, reason: 'A goodwill credit for the outage', requestId: randomUUID() };
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? body : undefined;
      const asOwner = await call(t.app, owner.token, method, url, payload);
      expect(asOwner.statusCode, url).toBe(403);
      expect(errorOf(asOwner)).toEqual({ code: 'FORBIDDEN', message: 'This is for the platform’s staff only' });
      expect((await call(t.app, null, method, url, payload)).statusCode, url).toBe(401);
    }
    // Told before the body is read: a bad one is no field error to them either.
    const badBody = await adjust(owner.token, owner.market.id, { amount: 'lots' });
    expect(badBody.statusCode).toBe(403);
    expect(errorOf(badBody).code).toBe('FORBIDDEN');
    expect(await balanceOf(owner)).toMatchObject({ available: 0 });
    // And the account view says who is staff, for the web to show the staff area.
    expect(dataOf<UserView>(await call(t.app, owner.token, 'GET', '/api/User/get-user')).staff).toBe(false);
    expect(dataOf<UserView>(await call(t.app, staff.token, 'GET', '/api/User/get-user')).staff).toBe(true);
  });

  it('staff named by the command line are staff too, and stop being so when revoked', async () => {
    const owner = await store();
    const other = await merchant(t.app);
    expect(await setStaff(t.ctx.db, other.email.toUpperCase(), true)).toBe(other.email);
    const url = `/api/Staff/markets/${owner.market.id}/adjustments`;
    expect((await call(t.app, other.token, 'GET', url)).statusCode).toBe(200);
    expect(await setStaff(t.ctx.db, other.email, false)).toBe(other.email);
    expect((await call(t.app, other.token, 'GET', url)).statusCode).toBe(403);
    expect(await setStaff(t.ctx.db, 'nobody-at-all@example.com', true)).toBeNull();
  });

  it('staff find a store by its name or its owner’s e-mail', async () => {
    const owner = await store();
    const byName = dataOf<StaffMarketPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/markets?search=${owner.market.name.toUpperCase()}`),
    );
    expect(byName.items.map((m) => m.id)).toEqual([owner.market.id]);
    expect(byName.items[0]).toMatchObject({ name: owner.market.name, ownerEmail: owner.email });
    const byEmail = dataOf<StaffMarketPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/markets?search=${encodeURIComponent(owner.email)}`),
    );
    expect(byEmail.items.map((m) => m.id)).toEqual([owner.market.id]);
    const all = dataOf<StaffMarketPage>(await call(t.app, staff.token, 'GET', '/api/Staff/markets?pageSize=2'));
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const none = dataOf<StaffMarketPage>(await call(t.app, staff.token, 'GET', '/api/Staff/markets?search=%25%25'));
    expect(none.items).toEqual([]);
  });

  it('an adjustment moves the available balance by its amount, once per request, and tells the owner why', async () => {
    const owner = await store();
    const requestId = randomUUID();
    const body = { amount: 1250, reason: 'Compensation for a double-charged fee', requestId };
    const made = dataOf<Adjustment>(await adjust(staff.token, owner.market.id, body), 201);
    expect(made).toMatchObject({ amount: 1250, reason: body.reason, by: staff.email });
    // The same request again (a second click, a retry): the same adjustment, nothing more.
    expect(dataOf<Adjustment>(await adjust(staff.token, owner.market.id, body), 201)).toEqual(made);
    expect(await balanceOf(owner)).toMatchObject({ available: 1250, pending: 0 });
    const [mail, ...more] = (await mailbox(t.app, owner.email)).filter((m) => m.subject.includes('balans'));
    expect(more).toEqual([]);
    // The owner's language (Azerbaijani by default): the amount, the direction and the reason.
    expect(mail?.subject).toBe(`${owner.market.name}: balansınızda düzəliş`);
    expect(mail?.text).toContain('əlçatan balansına məbləğ əlavə etdi');
    expect(mail?.text).toContain('12,50');
    expect(mail?.text).toContain(body.reason);

    const debit = { amount: -300, reason: 'Chargeback of order #1001 by the bank', requestId: randomUUID() };
    dataOf<Adjustment>(await adjust(staff.token, owner.market.id, debit), 201);
    expect(await balanceOf(owner)).toMatchObject({ available: 950 });
    const ledger = dataOf<StaffLedger>(
      await call(t.app, staff.token, 'GET', `/api/Staff/markets/${owner.market.id}/adjustments`),
    );
    expect(ledger.market).toMatchObject({ id: owner.market.id, ownerEmail: owner.email });
    expect(ledger.balance.available).toBe(950);
    expect(ledger.adjustments.map((a) => [a.amount, a.reason])).toEqual([
      [-300, debit.reason],
      [1250, body.reason],
    ]);
    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });

  it('bad input is refused at its field and changes nothing', async () => {
    const owner = await store();
    const reason = 'A correction with a reason';
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ amount: 0, reason, requestId: randomUUID() }, { amount: 'invalidAmount' }],
      [{ amount: 10.5, reason, requestId: randomUUID() }, { amount: 'invalidAmount' }],
      [{ amount: 10_000_001, reason, requestId: randomUUID() }, { amount: 'invalidAmount' }],
      [{ amount: '1000', reason, requestId: randomUUID() }, { amount: 'invalidAmount' }],
      [{ amount: 1000, reason: '  short  ', requestId: randomUUID() }, { reason: 'adjustmentReasonTooShort' }],
      [{ amount: 1000, reason: 'x'.repeat(501), requestId: randomUUID() }, { reason: 'tooLong' }],
      [{ amount: 1000, reason, requestId: 'not-a-uuid' }, { requestId: 'invalidValue' }],
    ];
    for (const [body, fields] of cases) {
      const response = await adjust(staff.token, owner.market.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldCodes(response)).toEqual(fields);
    }
    // A store that is not there, or not a store id at all: not found.
    const body = { amount: 1000, reason, requestId: randomUUID() };
    expect((await adjust(staff.token, randomUUID(), body)).statusCode).toBe(404);
    expect((await adjust(staff.token, 'no-such-store', body)).statusCode).toBe(404);
    // A request id another store's adjustment took is not this store's.
    const other = await store();
    const taken = { amount: 500, reason, requestId: randomUUID() };
    dataOf(await adjust(staff.token, other.market.id, taken), 201);
    const reused = await adjust(staff.token, owner.market.id, taken);
    expect(reused.statusCode).toBe(400);
    expect(fieldCodes(reused)).toEqual({ requestId: 'invalidValue' });
    expect(await balanceOf(owner)).toMatchObject({ available: 0 });
    expect(await balanceOf(other)).toMatchObject({ available: 500 });
  });

  it('the next payout takes an adjustment, and its report shows it with its reason', async () => {
    const owner = await store();
    dataOf(await call(t.app, owner.token, 'PUT', `/api/BankDetails/${owner.market.id}`, bankDetailsBody()));
    const reason = 'Refund of the October subscription';
    dataOf(await adjust(staff.token, owner.market.id, { amount: 2900, reason, requestId: randomUUID() }), 201);
    await new PayoutService(t.ctx).createDue(WEDNESDAY);
    const [payout] = dataOf<{ items: { id: string; amount: number; adjustments: number }[] }>(
      await call(t.app, owner.token, 'GET', `/api/Payout/list/${owner.market.id}`),
    ).items;
    expect(payout).toMatchObject({ amount: 2900, adjustments: 2900 });
    const report = dataOf<PayoutReport>(
      await call(t.app, owner.token, 'GET', `/api/PaymentReport/${owner.market.id}?payoutId=${payout?.id}`),
    );
    expect(report.lines.items.map((l) => [l.kind, l.amount, l.note])).toEqual([['adjustment', 2900, reason]]);
    expect(await balanceOf(owner)).toMatchObject({ available: 0, inTransit: 2900 });
  });
});
