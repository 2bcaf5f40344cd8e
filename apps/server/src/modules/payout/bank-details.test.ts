import type { BankDetails } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createMarket,
  createTestApp,
  dataOf,
  errorOf,
  mailbox,
  merchant,
  PASSWORD,
  query,
  type TestApp,
} from '../../testing/app.js';

/**
 * Bank details (SPEC §3, issue 14) through the API on both databases: Azerbaijani formats checked
 * with the catalogue's messages, the password asked, the owner e-mailed, every change a version.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Details a bank statement would give, pasted with its spaces and in small letters where it may be. */
const DETAILS = {
  taxNumber: '1234567891',
  bank: 'Kapital Bank ASC',
  bankTaxNumber: '9900003611',
  code: '200004',
  correspondentAccount: 'AZ37 NABZ 0135 0100 0000 0000 1944',
  swift: 'aiibaz2x',
  settlementAccount: 'az13 aiib 4006 0019 4400 0000 0000',
};

async function owner() {
  const account = await merchant(t.app);
  const market = await createMarket(t.app, account.token);
  return { ...account, market };
}

const save = (token: string | null, marketId: string, body: Record<string, unknown>) =>
  call(t.app, token, 'PUT', `/api/BankDetails/${marketId}`, body);

describe('bank details', () => {
  it('none at first; saved with the password, kept compact and capitalised, and the owner is e-mailed', async () => {
    const o = await owner();
    expect(dataOf(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`))).toBeNull();

    const saved = dataOf<NonNullable<BankDetails>>(
      await save(o.token, o.market.id, { ...DETAILS, password: PASSWORD }),
    );
    expect(saved).toMatchObject({
      taxNumber: '1234567891',
      bank: 'Kapital Bank ASC',
      correspondentAccount: 'AZ37NABZ01350100000000001944',
      swift: 'AIIBAZ2X',
      settlementAccount: 'AZ13AIIB40060019440000000000',
    });
    expect(dataOf(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`))).toEqual(saved);

    const [mail] = await mailbox(t.app, o.email);
    expect(mail?.subject).toContain('bank rekvizitləri dəyişdirildi');
    // The account in the mail is masked: a mailbox is not where it should be read in full.
    expect(mail?.text).toContain('Kapital Bank ASC, •••• 0000');
    expect(mail?.text).not.toContain('AZ13AIIB');
  });

  it('a change is a new version; the same details again change nothing and send nothing', async () => {
    const o = await owner();
    const mailsBefore = (await mailbox(t.app, o.email)).length;
    const first = dataOf<NonNullable<BankDetails>>(
      await save(o.token, o.market.id, { ...DETAILS, password: PASSWORD }),
    );
    const again = dataOf<NonNullable<BankDetails>>(
      await save(o.token, o.market.id, { ...DETAILS, password: PASSWORD }),
    );
    expect(again.id).toBe(first.id);
    expect(await mailbox(t.app, o.email)).toHaveLength(mailsBefore + 1);

    const moved = { ...DETAILS, settlementAccount: 'AZ21NABZ00000000137010001944', bank: 'Other Bank' };
    const second = dataOf<NonNullable<BankDetails>>(await save(o.token, o.market.id, { ...moved, password: PASSWORD }));
    expect(second.id).not.toBe(first.id);
    expect(second.settlementAccount).toBe('AZ21NABZ00000000137010001944');
    expect((await mailbox(t.app, o.email))[0]?.text).toContain('Other Bank, •••• 1944');
    // The earlier version stays: a payout made with it keeps it.
    const versions = await query<{ id: string }>(
      t.ctx,
      sql`select id from bank_details where market_id = ${o.market.id}`,
    );
    expect(versions.map((v) => v.id).sort()).toEqual([first.id, second.id].sort());
  });

  it.each([
    ['taxNumber', '12345', 'A VÖEN is 10 digits'],
    ['taxNumber', '12345678AB', 'A VÖEN is 10 digits'],
    ['bankTaxNumber', '', 'Fill in the inputs completely'],
    ['bank', '   ', 'Fill in the inputs completely'],
    ['code', '20004', 'A bank code is 6 digits'],
    ['swift', 'AIIBAZ2', 'A SWIFT code is 8 or 11 letters and digits'],
    ['swift', 'AIIBAZ2XXXXX', 'A SWIFT code is 8 or 11 letters and digits'],
    ['settlementAccount', 'AZ13AIIB4006001944000000000', 'Enter an account in IBAN form'],
    ['settlementAccount', 'GB82WEST12345698765432', 'Enter an account in IBAN form'],
    // One character mistyped (…0001 for …0000): the check digits catch it.
    ['settlementAccount', 'AZ13AIIB40060019440000000001', 'check digits do not match'],
    ['correspondentAccount', 'AZ38NABZ01350100000000001944', 'check digits do not match'],
  ])('%s “%s” is refused: %s — and nothing is saved', async (field, value, message) => {
    const o = await owner();
    const response = await save(o.token, o.market.id, { ...DETAILS, [field]: value, password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.[field]?.message).toContain(message);
    expect(dataOf(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`))).toBeNull();
  });

  it('answers in the caller’s language', async () => {
    const o = await owner();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/BankDetails/${o.market.id}`,
      headers: { authorization: `Bearer ${o.token}`, 'accept-language': 'ru' },
      payload: { ...DETAILS, settlementAccount: 'AZ13AIIB40060019440000000001', password: PASSWORD },
    });
    expect(errorOf(response).fields?.settlementAccount?.message).toBe(
      'Контрольные цифры счёта не сходятся: проверьте, нет ли опечатки',
    );
  });

  it('a wrong or missing password changes nothing and sends nothing', async () => {
    const o = await owner();
    const mailsBefore = (await mailbox(t.app, o.email)).length;
    const wrong = await save(o.token, o.market.id, { ...DETAILS, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).fields?.password?.message).toBe('The current password is incorrect');
    const missing = await save(o.token, o.market.id, { ...DETAILS });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.password).toBeDefined();
    const empty = await save(o.token, o.market.id, { ...DETAILS, password: '' });
    expect(errorOf(empty).fields?.password?.message).toBe('Fill in the inputs completely');
    expect(dataOf(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`))).toBeNull();
    expect(await mailbox(t.app, o.email)).toHaveLength(mailsBefore);
  });

  it('ten wrong passwords hold the account’s changes for a while, even with the right one', async () => {
    const o = await owner();
    for (let i = 0; i < 10; i++) {
      expect((await save(o.token, o.market.id, { ...DETAILS, password: `guess-${i}` })).statusCode).toBe(403);
    }
    const held = await save(o.token, o.market.id, { ...DETAILS, password: PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).message).toBe('Too many attempts. Try again in a few minutes');
    expect(dataOf(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`))).toBeNull();
  });

  it('another merchant neither reads nor changes them; an anonymous caller is told to sign in', async () => {
    const o = await owner();
    dataOf(await save(o.token, o.market.id, { ...DETAILS, password: PASSWORD }));
    const stranger = await merchant(t.app);
    expect((await call(t.app, stranger.token, 'GET', `/api/BankDetails/${o.market.id}`)).statusCode).toBe(404);
    const theirs = await save(stranger.token, o.market.id, {
      ...DETAILS,
      settlementAccount: 'AZ21NABZ00000000137010001944',
      password: PASSWORD,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', `/api/BankDetails/${o.market.id}`)).statusCode).toBe(401);
    const mine = dataOf<NonNullable<BankDetails>>(await call(t.app, o.token, 'GET', `/api/BankDetails/${o.market.id}`));
    expect(mine.settlementAccount).toBe('AZ13AIIB40060019440000000000');
  });
});
