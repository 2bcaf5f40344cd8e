import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Checkout } from '@shop/shared';
import { apiData, imageFile, merchantWithNewStore, uniqueTag, useLanguage } from './support';

// Units held by checkouts (issue 11): a shopper on the card page holds 2 of a product's 3 units.
// The merchant sees on hand, held and available on the inventory page, is told before asking that
// on hand can't go below what is held (and by the server, on the product form), releases the held
// units after confirming, and then removes the stock. The key texts in az and ru too.

const TEXT = {
  en: {
    columns: ['On hand', 'Held', 'Available'],
    until: (time: string) => `until ${time}`,
    held: (minutes: string) =>
      new RegExp(`Checkouts hold 2 of these units for up to ${minutes} min more, so on hand can not go below 2\\. `),
    note: (time: string) => `2 units are held by checkouts until ${time}`,
    release: 'Release held units',
    releaseTitle: 'Release the held units?',
    released: '2 held units released',
    hint: (available: number) => `2 held by checkouts · ${available} available`,
    stockSaved: (title: string) => `Stock of ${title} is now 0`,
  },
  az: {
    columns: ['Anbarda', 'Saxlanılan', 'Satışa açıq'],
    until: (time: string) => `${time}-dək`,
    held: (minutes: string) =>
      new RegExp(`Ödəniş gözləyən sifarişlər bu məhsuldan 2 ədəd saxlayır \\(ən çoxu daha ${minutes} dəq\\.\\)`),
    note: (time: string) => `2 ədəd ödəniş gözləyən sifarişlərdə ${time}-dək saxlanılır`,
    release: 'Saxlanılan ədədləri azad et',
    releaseTitle: 'Saxlanılan ədədlər azad edilsin?',
  },
  ru: {
    columns: ['На складе', 'В резерве', 'Доступно'],
    until: (time: string) => `до ${time}`,
    held: (minutes: string) =>
      new RegExp(`Оформляемые заказы удерживают 2 шт\\. этого товара \\(ещё до ${minutes} мин\\)`),
    note: (time: string) => `В резерве у оформляемых заказов до ${time}: 2 шт.`,
    release: 'Снять резерв',
    releaseTitle: 'Снять резерв?',
  },
} as const;

/** A hold lasts 15 minutes: what is left of it, in whole minutes, while the journey runs. */
const MINUTES = '(?:[1-9]|1[0-5])';

const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

/** "14:05" at GMT+4, the time zone a new merchant's profile starts with. */
const bakuTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Etc/GMT-4',
  }).format(new Date(iso));

/** The adjust dialog (a release confirmation may stand over it). */
const adjustDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('adjust-quantity') });

test('en: units a paying shopper holds are shown, guard the count, and are released after confirming', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // The refusals the journey provokes are answers (409), not faults of the page.
    if (message.type() === 'error' && !/status of 409/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await useLanguage(page, 'en');
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'held');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Mugs ${uniqueTag()}`,
    description: 'Mugs.',
  });
  const upload = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('mug.png', { r: 30, g: 140, b: 90 }) },
  });
  expect(upload.ok()).toBe(true);
  const title = `Clay mug ${uniqueTag()}`;
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title,
    description: '<p>A mug of clay.</p>',
    images: [((await upload.json()).data as { url: string }).url],
    price: 1200,
    stock: 3,
  });
  const tariff = await apiData<{ id: string }>(api, 'POST', '/ShippingTariff/create', {
    marketId: market.id,
    name: 'Courier',
    price: 500,
  });

  const shopperContext = await browser.newContext();
  let checkout: Checkout | undefined;
  await test.step('a shopper puts 2 in the basket and reaches the card page: the 2 are held', async () => {
    const shopperPage = await shopperContext.newPage();
    const shop = shopperPage.request;
    const uniqueCode = `held-${uniqueTag()}`;
    await apiData(shop, 'POST', '/Basket/add-product', {
      marketId: market.id,
      uniqueCode,
      productId: product.id,
      quantity: 2,
    });
    const started = await apiData<Checkout>(shop, 'POST', `/Basket/checkout/${uniqueCode}/${market.id}`);
    const confirmed = await apiData<Checkout>(shop, 'POST', '/Basket/confirm', {
      checkoutId: started.id,
      uniqueCode,
      email: 'held-shopper@example.az',
      phone: '+994 10 234 56 78',
      shippingAddress: {
        firstName: 'Aysel',
        lastName: 'Məmmədova',
        address1: 'Nizami küçəsi 10',
        city: 'Bakı',
        region: 'baku',
        postCode: 'AZ1000',
      },
      shippingTariffId: tariff.id,
    });
    checkout = await apiData<Checkout>(shop, 'POST', '/Order', {
      checkoutId: confirmed.id,
      uniqueCode,
      expectedTotal: confirmed.total,
    });
    const payment = await apiData<{ redirectUrl: string }>(shop, 'POST', '/Payment/start', {
      orderId: checkout.id,
      uniqueCode,
    });
    await shopperPage.goto(payment.redirectUrl);
    await expect(shopperPage.getByTestId('sandbox-amount')).toBeVisible();
  });
  const until = bakuTime((checkout as Checkout).reservedUntil);

  const row = page.locator(`[data-testid="inventory-row"][data-title="${title}"]`);
  const quantity = adjustDialog(page).getByTestId('adjust-quantity');

  /** Opens the adjust dialog of the mug and asks to remove 3 units. */
  const removeThree = async () => {
    await row.getByTestId('inventory-adjust').click();
    await expect(adjustDialog(page)).toBeVisible();
    await adjustDialog(page).getByTestId('adjust-direction-remove').check();
    await quantity.fill('3');
    await adjustDialog(page).getByTestId('adjust-save').click();
  };

  await test.step('the inventory shows on hand 3, held 2 until when (GMT+4), available 1', async () => {
    await page.goto('/cp/inventory');
    const headers = page.getByTestId('inventory-table').locator('thead th');
    for (const name of TEXT.en.columns) await expect(headers.filter({ hasText: name })).toHaveCount(1);
    await expect(row.getByTestId('inventory-stock')).toHaveText('3');
    await expect(row.getByTestId('inventory-held')).toHaveText('2');
    await expect(row.getByTestId('inventory-held-until')).toHaveText(TEXT.en.until(until));
    await expect(row.getByTestId('inventory-available')).toHaveText('1');
    await expect(row).toHaveAttribute('data-level', 'low');
  });

  await test.step('removing 3 is refused before asking, with the held units and the minutes left', async () => {
    await removeThree();
    const dialog = adjustDialog(page);
    await expect(dialog.getByTestId('adjust-on-hand')).toHaveText('3');
    await expect(dialog.getByTestId('adjust-held')).toHaveText('2');
    await expect(dialog.getByTestId('adjust-available')).toHaveText('1');
    await expect(dialog.getByTestId('adjust-held-note')).toContainText(TEXT.en.note(until));
    await expect(fieldOf(quantity)).toContainText(TEXT.en.held(MINUTES));
    await dialog.getByTestId('adjust-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('inventory-stock')).toHaveText('3');
    const stock = await apiData<{ items: { productId: string; stock: number; held: number }[] }>(
      api,
      'GET',
      `/Inventory/${market.id}?search=${encodeURIComponent(title)}`,
    );
    expect(stock.items).toEqual([expect.objectContaining({ productId: product.id, stock: 3, held: 2 })]);
  });

  await test.step("the product form says what is held; the server's refusal lands on the stock", async () => {
    await row.getByTestId('inventory-product-link').click();
    await expect(page).toHaveURL(/\/cp\/edit-product\//);
    const stock = page.getByTestId('product-stock');
    await expect(fieldOf(stock)).toContainText(TEXT.en.hint(1));
    await stock.fill('1');
    // The available count follows what is typed.
    await expect(fieldOf(stock)).toContainText(TEXT.en.hint(0));
    await page.getByTestId('product-save').click();
    await expect(fieldOf(stock)).toContainText(TEXT.en.held(MINUTES));
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(stock).toHaveValue('3');
  });

  for (const language of ['az', 'ru'] as const) {
    const text = TEXT[language];
    await test.step(`${language}: the columns, the hold, the refusal and the release action`, async () => {
      await useLanguage(page, language);
      await page.goto('/cp/inventory');
      const headers = page.getByTestId('inventory-table').locator('thead th');
      for (const name of text.columns) await expect(headers.filter({ hasText: name })).toHaveCount(1);
      await expect(row.getByTestId('inventory-held-until')).toHaveText(text.until(until));
      await removeThree();
      const dialog = adjustDialog(page);
      await expect(dialog.getByTestId('adjust-held-note')).toContainText(text.note(until));
      await expect(fieldOf(quantity)).toContainText(text.held(MINUTES));
      await expect(dialog.getByTestId('adjust-release')).toHaveText(text.release);
      await dialog.getByTestId('adjust-release').click();
      const confirm = page.getByRole('dialog', { name: text.releaseTitle });
      await expect(confirm).toBeVisible();
      // Asked, not done: cancelling changes nothing.
      await confirm.getByTestId('release-holds-cancel').click();
      await expect(confirm).toBeHidden();
      await dialog.getByTestId('adjust-cancel').click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('inventory-held')).toHaveText('2');
    });
  }

  await test.step('375 px wide, the table scrolls sideways and the row still reads', async () => {
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/cp/inventory');
    await expect(row.getByTestId('inventory-held')).toHaveText('2');
    const table = page.getByTestId('inventory-table');
    // Wider than the screen: the table scrolls in its container.
    expect((await table.boundingBox())?.width).toBeGreaterThan(375);
    // The page itself does not widen: only the table scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('after confirming, the held units are released: held 0, available 3', async () => {
    await removeThree();
    const dialog = adjustDialog(page);
    await expect(fieldOf(quantity)).toContainText(TEXT.en.held(MINUTES));
    await dialog.getByTestId('adjust-release').click();
    const confirm = page.getByRole('dialog', { name: TEXT.en.releaseTitle });
    await expect(confirm).toContainText(`2 units of “${title}” are held for shoppers who are paying right now`);
    await expect(confirm).toContainText('otherwise their money is returned automatically');
    await confirm.getByTestId('release-holds-confirm').click();
    await expect(page.getByTestId('notice')).toContainText(TEXT.en.released);
    await expect(confirm).toBeHidden();
    // Back in the adjust dialog, with the new counts and without the refusal.
    await expect(dialog.getByTestId('adjust-held')).toHaveText('0');
    await expect(dialog.getByTestId('adjust-available')).toHaveText('3');
    await expect(dialog.getByTestId('adjust-release')).toHaveCount(0);
    await expect(fieldOf(quantity)).not.toContainText(TEXT.en.held(MINUTES));
    await expect(row.getByTestId('inventory-held')).toHaveText('0');
    await expect(row.getByTestId('inventory-available')).toHaveText('3');
  });

  await test.step('removing 3 now leaves 0 on hand', async () => {
    const dialog = adjustDialog(page);
    await expect(quantity).toHaveValue('3');
    await dialog.getByTestId('adjust-save').click();
    await expect(page.getByTestId('notice')).toContainText(TEXT.en.stockSaved(title));
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('inventory-stock')).toHaveText('0');
    await expect(row.getByTestId('inventory-available')).toHaveText('0');
    await expect(row).toHaveAttribute('data-level', 'out');
  });

  await shopperContext.close();
  expect(consoleErrors).toEqual([]);
});
