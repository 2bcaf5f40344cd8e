import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInAsDemo, useLanguage } from './support';

// Accessibility (issue 12): axe-core on the pages people use most — landing, sign-in and
// registration, the templates' showcase, the control panel's home, products and product form,
// employees, the theme editor, and a store's home, product page, cart and checkout — with no
// serious or critical violation (WCAG 2.1 A and AA).

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.any[0]?.message ?? node.failureSummary ?? v.help}`,
      ),
    );
}

for (const language of ['az', 'en', 'ru'] as const) {
  test(`${language}: the pages people use most have no serious or critical accessibility violation`, async ({
    page,
    request,
  }) => {
    // A dozen pages, each analysed whole: minutes on a busy machine.
    test.setTimeout(240_000);
    await useLanguage(page, language);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      found[name] = await seriousViolations(page);
    };

    await page.goto('/');
    await check('landing');
    await page.goto('/customize-store-page');
    await expect(page.getByTestId('showcase-register')).toBeVisible();
    await check('customize-store-page');
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeVisible();
    await check('login');
    await page.goto('/register');
    await expect(page.getByTestId('register-with-email')).toBeVisible();
    await check('register');
    await page.goto('/reg-via-email');
    await expect(page.locator('form')).toBeVisible();
    await check('register with e-mail');

    await signInAsDemo(page, request);
    await expect(page.getByTestId('store-switcher')).toBeVisible();
    await check('cp home');
    await page.goto('/cp/products');
    await expect(page.locator('main')).toBeVisible();
    await check('cp products');
    await page.goto('/cp/add-product');
    await expect(page.getByTestId('product-form')).toBeVisible();
    await check('product form');
    await page.goto('/cp/add-pop-up');
    await expect(page.getByTestId('popup-preview')).toBeVisible();
    await check('pop-up form');
    await page.goto('/cp/employees');
    await expect(page.getByTestId('invite-email')).toBeVisible();
    await check('employees');
    await page.goto('/cp/customize-store');
    await expect(page.frameLocator('[data-testid="theme-preview"]').getByTestId('storefront')).toBeVisible();
    await check('theme editor');

    await page.goto(`/${DEMO.store}`);
    await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
    await check('store home');
    await page.getByTestId('product-card').first().click();
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    await check('product page');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-checkout')).toBeVisible();
    await check('cart');
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(/\/checkout\//);
    await expect(page.getByTestId('pay')).toBeVisible();
    await check('checkout');

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
  });
}
