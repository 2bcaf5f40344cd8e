import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInAsDemo, useLanguage } from './support';

// A merchant on a 375 px phone: no control-panel page is wider than the screen (a table may
// scroll inside its own box), and a shopper's product page shows its two buttons' labels whole —
// in each language, whose words differ in length ("Səbətə əlavə et", "Add to cart", "В корзину").

/** The control panel's pages a merchant opens most, by path. */
const PANEL_PAGES = [
  'home',
  'products',
  'add-product',
  'orders',
  'customers',
  'categories',
  'collections',
  'inventory',
  'customize-store',
  'content',
  'shipping-and-delivery',
  'policies',
  'domains',
  'employees',
  'pop-up',
  'discount-codes',
  'balance-payout',
  'settings',
] as const;

/** How much wider than the screen the page is (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const language of ['az', 'en', 'ru'] as const) {
  test(`${language}: on a 375 px phone every panel page fits the screen and a product's buttons read whole`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await useLanguage(page, language);

    await test.step('the product page: both buttons side by side or stacked, each label on one line', async () => {
      await page.goto(`/${DEMO.store}`);
      await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
      await page.getByTestId('product-card').first().click();
      const add = page.getByTestId('add-to-cart');
      const buy = page.getByTestId('buy-now');
      await expect(add).toBeVisible();
      for (const button of [add, buy]) {
        // One line of text in a 44 px button; a label broken in two made it ~64 px tall.
        expect((await button.boundingBox())?.height).toBeLessThan(56);
      }
      expect(await overflow(page)).toBe(0);
    });

    await signInAsDemo(page, request);
    for (const path of PANEL_PAGES) {
      await test.step(`cp/${path} fits the screen`, async () => {
        await page.goto(`/cp/${path}`);
        await expect(page.locator('main')).toBeVisible();
        // Its data loaded (the skeletons gone), so that the widest content is there to measure.
        await expect(page.locator('main .mantine-Skeleton-root')).toHaveCount(0);
        expect(await overflow(page), `cp/${path} is wider than the screen`).toBe(0);
      });
    }
  });
}
