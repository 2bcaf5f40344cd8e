import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, signInAsDemo, uniqueEmail, useLanguage } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The store home's newsletter section (issue 16): a shopper signs up on the storefront and the
// merchant sees them in cp/customers as subscribed — a column, a filter and the customer's page —
// in the merchant's language.

/** The words the shopper and the merchant read, from the locale files. */
function wordsOf(language: 'az' | 'en') {
  const locale = (namespace: string) =>
    JSON.parse(fs.readFileSync(path.join(root, `apps/web/app/locales/${language}/${namespace}.json`), 'utf8'));
  const storefront = locale('storefront');
  const customers = locale('customers');
  return {
    done: storefront.newsletter.done as string,
    filter: customers.list.emailConsent as string,
    subscribed: customers.consent.subscribed as string,
    notSubscribed: customers.consent.notSubscribed as string,
    // "… since {{date}}": the words around the date.
    since: (customers.consent.subscribedSince as string).replace('{{date}}', '').trim(),
  };
}

for (const language of ['az', 'en'] as const) {
  test(`${language}: a shopper signs up for the store’s e-mails and the merchant sees them subscribed`, async ({
    page,
    request,
    browser,
  }) => {
    const words = wordsOf(language);
    const email = uniqueEmail(`news-${language}`);

    await test.step('the shopper signs up on the store’s home, on a phone', async () => {
      const shopper = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
      await useLanguage(shopper, language);
      await shopper.goto(`/${DEMO.store}`);
      const newsletter = shopper.getByTestId('newsletter');
      await newsletter.getByRole('textbox').fill('not-an-address');
      await newsletter.getByRole('button').click();
      await expect(newsletter.getByRole('alert')).toBeVisible();
      await newsletter.getByRole('textbox').fill(email);
      await newsletter.getByRole('button').click();
      await expect(newsletter.getByRole('status')).toHaveText(words.done);
      await shopper.context().close();
    });

    await test.step('cp/customers shows them subscribed, and the filter finds them', async () => {
      await useLanguage(page, language);
      await signInAsDemo(page, request);
      await page.goto('/cp/customers');
      await page.getByTestId('customer-search').fill(email);
      const row = page.getByTestId('customer-row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('customer-consent')).toHaveText(words.subscribed);

      await page.getByTestId('customer-search').fill('');
      await expect(page.getByTestId('customer-consent-filter')).toHaveAccessibleName(words.filter);
      await page.getByTestId('customer-consent-filter').click();
      await page.getByRole('option', { name: words.notSubscribed, exact: true }).click();
      await expect(page).toHaveURL(/emailConsent=notSubscribed/);
      await expect(page.getByTestId('customer-row').filter({ hasText: email })).toHaveCount(0);
      for (const cell of await page.getByTestId('customer-consent').all())
        await expect(cell).toHaveText(words.notSubscribed);

      await page.getByTestId('customer-consent-filter').click();
      await page.getByRole('option', { name: words.subscribed, exact: true }).click();
      await expect(page).toHaveURL(/emailConsent=subscribed/);
      await page.getByTestId('customer-row').filter({ hasText: email }).getByRole('link').click();
      await expect(page).toHaveURL(/\/cp\/customers\/[^/?]+\/[^/?]+$/);
      await expect(page.getByTestId('customer-consent-badge')).toContainText(words.since);
    });
  });
}
