import { expect, type Page, test } from '@playwright/test';
import { STAFF_MEMBER } from './accounts';
import { DEMO, signInAs, signInAsDemo, useLanguage } from './support';

// A 360 px phone (the narrowest in common use): no page is wider than the screen and nothing on it
// is cut off at the screen's edge (a table or a row of choices may scroll inside its own box), and
// a shopper's product page shows its two buttons' labels whole — in each language, whose words
// differ in length ("Səbətə əlavə et", "Add to cart", "Зарегистрироваться через эл. почту").

const WIDTH = 360;

/** The platform's public pages and a store's, by path. */
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/reg-via-email',
  '/forgot-pass',
  '/customize-store-page',
  '/blogs',
  '/tutorials',
  '/help-center',
  '/contact',
  '/bug-report',
  '/apply',
  '/privacy',
  '/terms',
  `/${DEMO.store}`,
  `/${DEMO.store}/products`,
  `/${DEMO.store}/search?q=ko`,
  `/${DEMO.store}/about`,
  `/${DEMO.store}/policies/returnAndRefund`,
] as const;

/** The control panel's pages a merchant opens, by path below /cp. */
const PANEL_PAGES = [
  'home',
  'products',
  'add-product',
  'orders',
  'customers',
  'abandoned-checkouts',
  'categories',
  'collections',
  'inventory',
  'customize-store',
  'content',
  'pop-up',
  'add-pop-up',
  'create-bundle-1',
  'discount-codes',
  'general',
  'payments',
  'balance-payout',
  'shipping-and-delivery',
  'policies',
  'domains',
  'employees',
  'analytics-integration',
] as const;

/** The staff area's pages, by path. */
const STAFF_PAGES = [
  '/staff/stores',
  '/staff/articles',
  '/staff/articles/new',
  '/staff/requests',
  '/staff/vacancies',
  '/staff/vacancies/new',
  '/staff/applications',
  '/staff/bug-reports',
] as const;

/**
 * What reaches past the screen's right edge without a box of its own that scrolls sideways: the
 * page made wider than the screen, or something cut off at its edge. One line each.
 */
async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const found = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed';
      })
      .filter((element) => !scrolls(element))
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    if (document.documentElement.scrollWidth > width)
      found.unshift(`the page is ${document.documentElement.scrollWidth} px wide`);
    return found.slice(0, 5);
  });
}

/** A signed-in page at `path` (a panel or staff page), once its data has loaded, fits the screen. */
async function expectPanelPageFits(page: Page, path: string) {
  await test.step(`${path} fits the screen`, async () => {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    // Its data loaded (the skeletons gone), so that the widest content is there to measure.
    await expect(page.locator('main .mantine-Skeleton-root')).toHaveCount(0);
    expect(await pastTheEdge(page), path).toEqual([]);
  });
}

for (const language of ['az', 'en', 'ru'] as const) {
  test(`${language}: on a ${WIDTH} px phone no page runs past the screen and a product's buttons read whole`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: WIDTH, height: 780 });
    await useLanguage(page, language);

    await test.step('the product page: both buttons side by side or stacked, each label on one line', async () => {
      await page.goto(`/${DEMO.store}`);
      await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
      await page.getByTestId('product-card').first().click();
      const add = page.getByTestId('add-to-cart');
      await expect(add).toBeVisible();
      for (const button of [add, page.getByTestId('buy-now')]) {
        // One line of text in a 44 px button; a label broken in two made it ~60 px tall.
        expect((await button.boundingBox())?.height).toBeLessThan(56);
      }
      expect(await pastTheEdge(page)).toEqual([]);
    });

    for (const path of PUBLIC_PAGES) {
      await test.step(`${path} fits the screen`, async () => {
        await page.goto(path);
        await expect(page.locator('body')).toBeVisible();
        expect(await pastTheEdge(page), path).toEqual([]);
      });
    }

    await signInAsDemo(page, request);
    for (const path of PANEL_PAGES) await expectPanelPageFits(page, `/cp/${path}`);
  });
}

for (const language of ['az', 'ru'] as const) {
  test(`${language}: on a ${WIDTH} px phone no page of the staff area runs past the screen`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: WIDTH, height: 780 });
    await useLanguage(page, language);
    await signInAs(page, request, STAFF_MEMBER);
    for (const path of STAFF_PAGES) await expectPanelPageFits(page, path);
  });
}
