import { expect, type Page, test } from '@playwright/test';
import { DEMO, useLanguage } from './support';

// The store's search (issue 16) in the demo store (scripts/e2e-seed.ts): a shopper types a
// misspelled Azerbaijani word into the header's box, sees the product suggested as they type,
// moves through the suggestions with the keyboard and opens the results page — on a desktop in
// Azerbaijani, and 375 px wide in English, where the box is an icon that opens a field.

const store = `/${DEMO.store}`;
// Other journeys add products and categories to the demo store ("Kətan köynək 1a2b…"): the seeded
// ones are picked by their exact names.
const SHIRT = 'Kətan köynək';
const suggested = (page: Page, title: string) =>
  page.getByTestId('search-suggestion').filter({ has: page.getByText(title, { exact: true }) });

async function openStore(page: Page) {
  await page.goto(store);
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

test('desktop, az: a misspelled word is suggested as it is typed, and Enter opens the results', async ({ page }) => {
  await useLanguage(page, 'az');
  await page.setViewportSize({ width: 1280, height: 860 });
  await openStore(page);
  const box = page.getByRole('combobox', { name: 'Mağazada axtarış' });
  await expect(box).toBeVisible();
  // "köynək" typed with e for ə, as on a keyboard without it.
  await box.pressSequentially('köynek', { delay: 40 });
  const list = page.getByRole('listbox');
  await expect(list.locator(suggested(page, SHIRT))).toBeVisible();
  await expect(
    list.getByRole('group', { name: 'Kateqoriyalar' }).getByRole('option', { name: 'Köynəklər', exact: true }),
  ).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // Arrows move the highlight (the field keeps the focus); Escape closes the list.
  await box.press('ArrowDown');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) as string);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();

  // Enter with nothing highlighted: the results page, with the sorts and the count.
  await box.press('Enter');
  await expect(page).toHaveURL(`${store}/search?q=k%C3%B6ynek`);
  await expect(page.getByTestId('page-title')).toHaveText('“köynek” üzrə nəticələr');
  await expect(page.getByTestId('product-card-title').filter({ hasText: /^Kətan köynək$/ })).toBeVisible();
  await expect(page.getByTestId('product-count')).toContainText('məhsul');
  await expect(page.getByTestId('sort')).toHaveValue('relevance');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(box).toHaveValue('köynek');

  // A sort keeps the term.
  await page.getByTestId('sort').selectOption('price_asc');
  await expect(page).toHaveURL(`${store}/search?q=k%C3%B6ynek&sort=price_asc`);
});

test('375 px, en: the icon opens a field across the screen; a suggestion opens its product', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 375, height: 760 });
  await openStore(page);
  const box = page.getByRole('combobox', { name: 'Search the store' });
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box).toBeFocused();
  const field = await box.boundingBox();
  expect(field?.width).toBeGreaterThan(250);
  // Nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // ö and ə without their marks, and a letter missing.
  await box.pressSequentially('ketan koynk', { delay: 30 });
  const option = suggested(page, SHIRT);
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  // Tapped, as on a phone.
  await option.click();
  await expect(page).toHaveURL(new RegExp(`${store}/product/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('product-title')).toHaveText(SHIRT);

  // A term nothing matches: the results say so and lead to every product.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await box.fill('qwzx');
  await box.press('Enter');
  await expect(page).toHaveURL(`${store}/search?q=qwzx`);
  await expect(page.getByTestId('search-empty')).toContainText('Nothing matches “qwzx”');
  await expect(page.getByTestId('search-all-products')).toHaveAttribute('href', `${store}/products`);
});
