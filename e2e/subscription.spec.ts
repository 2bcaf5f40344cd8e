import { expect, test } from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import { SUSPENDED_MERCHANTS } from './accounts';
import { signInAs, useLanguage } from './support';

const TEXT = {
  en: {
    bannerTitle: 'Your store is suspended',
    closed: 'This store is temporarily closed',
    suspended: 'Suspended',
    active: 'Active',
    declined: 'Declined',
    paid: 'Paid',
    payFailed: 'The payment did not go through. Try another card',
    saved: 'Card saved',
  },
  az: {
    bannerTitle: 'Mağazanız dayandırılıb',
    closed: 'Bu mağaza müvəqqəti bağlıdır',
    suspended: 'Dayandırılıb',
    active: 'Aktiv',
    declined: 'Rədd edilib',
    paid: 'Ödənilib',
    payFailed: 'Ödəniş keçmədi. Başqa kartla cəhd edin',
    saved: 'Kart yadda saxlanıldı',
  },
} as const;

// The seeded merchants (scripts/e2e-seed.ts) saved the sandbox's declining card; the billing job
// charged it on the day their month fell due and on the three retries, and suspended the store.
for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];
  const merchant = SUSPENDED_MERCHANTS[language];

  test(`${language}: a suspended store is closed to shoppers; its owner sees why, pays with a new card and it opens at once`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await signInAs(page, request, merchant);
    const [store] = (await (await page.request.get('/api/Market/get-all-store')).json()).data as { name: string }[];
    if (!store) throw new Error('the seeded merchant has no store');

    await test.step('every page of the panel says the store is suspended', async () => {
      const banner = page.getByTestId('subscription-banner');
      await expect(banner).toHaveAttribute('data-status', 'suspended');
      await expect(banner).toContainText(text.bannerTitle);
    });

    await test.step('shoppers get the closed page (503), not the catalogue', async () => {
      const response = await page.request.get(`/${store.name}`);
      expect(response.status()).toBe(503);
      const shopper = await page.context().newPage();
      await shopper.goto(`/${store.name}`);
      await expect(shopper.getByTestId('store-suspended')).toContainText(text.closed);
      await expect(shopper.getByText(merchant.product)).toHaveCount(0);
      await shopper.close();
    });

    await test.step('the payments page shows the four declined charges; paying with the same card fails', async () => {
      await page.getByTestId('subscription-banner').getByRole('link').click();
      await expect(page).toHaveURL(/\/cp\/payments#subscription$/);
      const section = page.getByTestId('subscription');
      await expect(section.getByTestId('subscription-status')).toHaveText(text.suspended);
      await expect(section.getByTestId('subscription-charge')).toHaveCount(4);
      await expect(section.getByTestId('subscription-charge').first()).toContainText(text.declined);
      await expect(section.getByTestId('subscription-card')).toContainText('400000******0002');
      await section.getByTestId('subscription-pay').click();
      await expect(page.getByText(text.payFailed)).toBeVisible();
      await expect(section.getByTestId('subscription-status')).toHaveText(text.suspended);
      await expect(section.getByTestId('subscription-charge')).toHaveCount(5);
    });

    await test.step('a new card is saved at the provider, charged at once, and the store opens', async () => {
      await page.getByTestId('subscription-card-button').click();
      await expect(page).toHaveURL(/\/sandbox-card\/sbc_[0-9a-f]+$/);
      await page.locator('#card').fill(SANDBOX_CARDS.approve);
      await page.locator('#expiry').fill('12/39');
      await page.locator('#cvc').fill('123');
      await page.locator('button.pay').click();
      await expect(page).toHaveURL(/\/cp\/payments$/);
      await expect(page.getByText(text.saved)).toBeVisible();
      const section = page.getByTestId('subscription');
      await expect(section.getByTestId('subscription-status')).toHaveText(text.active);
      await expect(section.getByTestId('subscription-card')).toContainText('424242******4242');
      await expect(section.getByTestId('subscription-charge').first()).toContainText(text.paid);
      await page.goto('/cp/home');
      await expect(page.getByTestId('dashboard-basis')).toBeVisible();
      await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
    });

    await test.step('shoppers see the store again', async () => {
      await page.goto(`/${store.name}`);
      await expect(page.getByTestId('storefront')).toBeVisible();
      await expect(page.getByText(merchant.product).first()).toBeVisible();
    });
  });
}
