import { expect, type Locator, test } from '@playwright/test';
import { DEMO, mailsTo, signInAsDemo, useLanguage } from './support';

// What a merchant reads, per language: the screen's texts (locales/*/payouts.json) and the
// catalogue's messages (packages/shared/src/messages.ts).
const TEXT = {
  en: {
    title: 'Balance and payouts',
    pending: 'Pending',
    checksum: 'This account’s check digits do not match: look for a mistyped character',
    voen: 'A VÖEN is 10 digits',
    wrongPassword: 'The current password is incorrect',
    saved: `Bank details saved. We e-mailed ${DEMO.email} about the change.`,
    lastChanged: 'Last changed on',
    periodSaved: 'Payouts now go out every two weeks.',
    noPayouts: 'No payouts yet.',
    money: /^-?AZN\s[\d,]+\.\d{2}$/,
    testMode: 'Test mode',
    fee: '3.5% + AZN 0.20 per card payment',
    feeExample: 'On an order of AZN 50.00 the fee is AZN 1.95, and AZN 48.05 comes to you.',
  },
  az: {
    title: 'Balans və ödənişlər',
    pending: 'Gözləmədə',
    checksum: 'Bu hesabın yoxlama rəqəmləri uyğun gəlmir: səhv yazılmış simvolu yoxlayın',
    voen: 'VÖEN 10 rəqəmdən ibarətdir',
    wrongPassword: 'Hazırkı şifrə yanlışdır',
    saved: `Bank rekvizitləri saxlanıldı. Dəyişiklik barədə ${DEMO.email} ünvanına məktub göndərdik.`,
    lastChanged: 'Son dəyişiklik',
    periodSaved: 'Ödənişlər indi iki həftədən bir göndəriləcək.',
    noPayouts: 'Hələ ödəniş yoxdur.',
    money: /^-?[\d.]+,\d{2}\s₼$/,
    testMode: 'Test rejimi',
    fee: 'Hər kart ödənişindən 3,5% + 0,20 ₼',
    feeExample: '50,00 ₼ məbləğində sifarişdə komissiya 1,95 ₼ olur, sizə 48,05 ₼ çatır.',
  },
} as const;

/** Each language saves its own account, so that each run is a change. */
const ACCOUNTS = {
  az: { typed: 'az13 aiib 4006 0019 4400 0000 0000', kept: 'AZ13AIIB40060019440000000000', last4: '0000' },
  en: { typed: 'AZ21 NABZ 0000 0000 1370 1000 1944', kept: 'AZ21NABZ00000000137010001944', last4: '1944' },
} as const;

/** The field's wrapper (label, input, help, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];
  const account = ACCOUNTS[language];

  test(`${language}: a merchant sees the store's balances and chooses the payout schedule and sets its bank details; a wrong IBAN is refused`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await signInAsDemo(page, request);
    const field = (name: string) => page.getByTestId(`bank-${name}`);
    const notice = page.getByTestId('notice');

    await test.step('the payments tab says how shoppers pay and what a payment costs', async () => {
      await page.goto('/cp/general');
      await page.getByTestId('settings-tab-payments').click();
      await expect(page).toHaveURL(/\/cp\/payments$/);
      // The journeys' server runs the sandbox: the merchant is told no real money moves.
      await expect(page.getByTestId('payments-provider-status')).toHaveText(text.testMode);
      await expect(page.getByTestId('payments-sandbox')).toBeVisible();
      await expect(page.getByTestId('payments-fee')).toHaveText(text.fee);
      await expect(page.getByTestId('payments-fee-example')).toHaveText(text.feeExample);
    });

    await test.step('the settings tabs lead to the balance screen, with the four balances', async () => {
      await page.getByTestId('settings-tab-balancePayout').click();
      await expect(page).toHaveURL(/\/cp\/balance-payout$/);
      await expect(page.getByTestId('cp-balance-payout-title')).toHaveText(text.title);
      await expect(page.getByTestId('balance-pending')).toContainText(text.pending);
      for (const card of ['pending', 'available', 'inTransit', 'paidOut']) {
        // "0,00 ₼" in Azerbaijani, "AZN 0.00" in English: the store's money, in qəpik exactly.
        await expect(page.getByTestId(`balance-${card}-amount`)).toHaveText(text.money);
      }
      // The demo store has never been paid out: the list says when the first payout comes.
      await expect(page.getByTestId('payouts-empty')).toContainText(text.noPayouts);
    });

    await test.step('the payout schedule is chosen and saved as it is clicked', async () => {
      await page.getByTestId('payout-period-weekly').check();
      await page.getByTestId('payout-period-biweekly').check();
      await expect(notice).toContainText(text.periodSaved);
      await expect(page.getByTestId('payout-period-biweekly')).toBeChecked();
    });

    await test.step('a mistyped account and a short VÖEN are refused at their fields', async () => {
      await field('taxNumber').fill('12345');
      await field('bank').fill('Kapital Bank ASC');
      await field('bankTaxNumber').fill('9900003611');
      await field('code').fill('200004');
      await field('correspondentAccount').fill('AZ37 NABZ 0135 0100 0000 0000 1944');
      await field('swift').fill('aiibaz2x');
      // One character off the real account: its check digits no longer match.
      await field('settlementAccount').fill(`${account.kept.slice(0, -1)}9`);
      await field('password').fill(DEMO.password);
      await page.getByTestId('bank-save').click();
      await expect(fieldOf(field('settlementAccount'))).toContainText(text.checksum);
      await expect(fieldOf(field('taxNumber'))).toContainText(text.voen);
      await expect(field('settlementAccount')).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('the wrong password is refused by the server at its field', async () => {
      await field('taxNumber').fill('1234567891');
      await field('settlementAccount').fill(account.typed);
      await field('password').fill('not-my-password');
      await page.getByTestId('bank-save').click();
      await expect(fieldOf(field('password'))).toContainText(text.wrongPassword);
      await expect(fieldOf(field('settlementAccount'))).not.toContainText(text.checksum);
    });

    const since = Date.now();
    await test.step('with the password the details are saved as the bank writes them, and the owner is e-mailed', async () => {
      await field('password').fill(DEMO.password);
      await page.getByTestId('bank-save').click();
      await expect(notice).toContainText(text.saved);
      await expect(field('settlementAccount')).toHaveValue(account.kept);
      await expect(field('swift')).toHaveValue('AIIBAZ2X');
      await expect(field('password')).toHaveValue('');
      await expect(page.getByTestId('bank-details-saved-at')).toContainText(text.lastChanged);
      await expect
        .poll(async () =>
          (await mailsTo(request, DEMO.email)).some(
            (mail) => Date.parse(mail.createdAt) >= since - 1000 && mail.text.includes(`•••• ${account.last4}`),
          ),
        )
        .toBe(true);
    });

    await test.step('they are there after a reload', async () => {
      await page.reload();
      await expect(field('settlementAccount')).toHaveValue(account.kept);
      await expect(field('taxNumber')).toHaveValue('1234567891');
      await expect(page.getByTestId('payout-period-biweekly')).toBeChecked();
    });
  });
}
