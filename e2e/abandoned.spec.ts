import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import {
  apiData,
  imageFile,
  type Mail,
  mailsTo,
  merchantWithNewStore,
  uniqueEmail,
  uniqueTag,
  useLanguage,
} from './support';

// Abandoned checkouts and customers (issue 5): a shopper gets as far as the card page and
// leaves; the merchant finds the checkout in cp/abandoned-checkouts, makes the reminder go out at
// once, and the recovery link — from the panel, and from the reminder e-mail — fills a cart in
// another browser. A shopper who pays shows up in cp/customers with the order.

/** A merchant of its own, signed in in this page's context, with a store selling one shirt (30 AZN, 5 AZN delivery). */
async function merchantWithStore(page: Page, request: APIRequestContext) {
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'abandoned');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Shirts ${uniqueTag()}`,
  });
  const upload = await page.request.post('/api/Media/upload', {
    multipart: { file: await imageFile('red.png', { r: 200, g: 30, b: 30 }) },
  });
  expect(upload.ok()).toBe(true);
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    description: '<p>A good shirt.</p>',
    title: 'Alpha shirt',
    images: [((await upload.json()).data as { url: string }).url],
    price: 3000,
    stock: 5,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Courier', price: 500 });
  return { market, product: product.id };
}

/** A browser of its own (no visitor id, no session) with a stored language preference. */
async function browserIn(browser: Browser, language: 'az' | 'en') {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }]);
  return context;
}

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

/** A shopper in a browser of their own: the shirt in the cart, the checkout filled in, Pay pressed. */
async function shopperReachesCardPage(browser: Browser, store: string, product: string, email: string) {
  const context = await browserIn(browser, 'az');
  const page = await context.newPage();
  await page.goto(`/${store}/product/${product}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(`/${store}/checkout/[0-9a-f-]{36}$`));
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-phone').fill('10 234 56 78');
  await page.getByTestId('field-shippingAddress.firstName').fill('Aysel');
  await page.getByTestId('field-shippingAddress.lastName').fill('Məmmədova');
  await page.getByTestId('field-shippingAddress.address1').fill('Nizami küçəsi 10');
  await page.getByTestId('field-shippingAddress.city').fill('Bakı');
  await page.getByTestId('field-shippingAddress.region').selectOption('baku');
  await page.getByTestId('field-shippingAddress.postCode').fill('AZ1000');
  await expect(page.getByTestId('tariff').locator('input')).toBeChecked();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('sandbox-amount')).toBeVisible();
  return { context, page };
}

/** Opens a recovery link in a browser that has never seen the store: the cart comes back, open. */
async function recoverInNewBrowser(browser: Browser, link: string, store: string) {
  const context = await browserIn(browser, 'en');
  try {
    const page = await context.newPage();
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(new RegExp(`/${store}$`));
    const drawer = page.getByTestId('cart-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
    await expect(drawer.getByTestId('cart-line')).toContainText('Alpha shirt');
    await expect(drawer.getByTestId('cart-line-quantity')).toHaveText('1');
    await expect(drawer.getByTestId('cart-subtotal')).toHaveText('AZN 30.00');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  } finally {
    await context.close();
  }
}

test('a shopper leaves at the card page; the merchant sees the checkout, the reminder goes out and its link restores the cart', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  await useLanguage(page, 'en');
  const { market, product } = await merchantWithStore(page, request);
  const shopper = uniqueEmail('leaver');

  await test.step('the shopper fills in the checkout, reaches the card page and closes the browser', async () => {
    const { context } = await shopperReachesCardPage(browser, market.name, product, shopper);
    await context.close();
  });

  await test.step('within the hour it is not listed; the sidebar leads to the page', async () => {
    await page.goto('/cp/products');
    await page.getByTestId('nav-abandonedCheckouts').click();
    await expect(page).toHaveURL(/\/cp\/abandoned-checkouts$/);
    await expect(page.getByTestId('abandoned-title')).toHaveText('Abandoned checkouts');
    await expect(page.getByTestId('abandoned-empty')).toBeVisible();
    await expect(page.getByTestId('reminder-enabled')).toBeChecked();
    await expect(page.getByTestId('reminder-amount')).toHaveValue('1');
  });

  await test.step('the merchant makes the reminder go out at once: the checkout is listed', async () => {
    await page.getByTestId('reminder-amount').fill('0');
    await page.getByTestId('reminder-save').click();
    await expect(page.getByTestId('notice')).toContainText('Reminder setting saved');
    const row = page.getByTestId('abandoned-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('abandoned-email')).toHaveText('Aysel Məmmədova');
    await expect(row).toContainText(shopper);
    await expect(row.getByTestId('abandoned-lines')).toHaveText('Alpha shirt × 1');
    await expect(row.getByTestId('abandoned-value')).toHaveText('AZN 35.00');
    await expect(row.getByTestId('reminder-state')).toHaveAttribute('data-state', /due|sent/);
    await page.reload();
    await expect(page.getByTestId('reminder-amount')).toHaveValue('0');
  });

  let link = '';
  await test.step('its drawer shows the cart and the recovery link', async () => {
    await page.getByTestId('abandoned-row').click();
    const drawer = page.getByTestId('abandoned-details');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('abandoned-line')).toContainText('Alpha shirt');
    await expect(page.getByTestId('abandoned-drawer-total')).toHaveText('AZN 35.00');
    link = await page.getByTestId('recovery-link').inputValue();
    expect(link).toMatch(new RegExp(`/${market.name}/recover/[0-9a-f-]{36}\\.[A-Za-z0-9_-]{32}$`));
    await expect(page).toHaveURL(/\?checkout=[0-9a-f-]{36}$/);
  });

  await test.step('the link restores the cart in another browser, open', async () => {
    await recoverInNewBrowser(browser, link, market.name);
  });

  await test.step('the job sends one reminder, in the shopper’s language, with the same link', async () => {
    let mails: Mail[] = [];
    await expect
      .poll(
        async () => {
          mails = await mailsTo(request, shopper);
          return mails.length;
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBe(1);
    expect(mails[0]?.subject).toBe(`Səbətinizdə məhsullar qaldı · ${market.name}`);
    expect(mails[0]?.text).toContain('Alpha shirt × 1');
    expect(mails[0]?.text).toContain(link);
    await page.reload();
    await expect(page.getByTestId('abandoned-row').getByTestId('reminder-state')).toHaveAttribute('data-state', 'sent');
  });

  await test.step('a forged link restores nothing and says so', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await useLanguage(other, 'en');
    await other.goto(
      `/${market.name}/recover/${link.split('/recover/')[1]?.replace(/\.[^.]+$/, `.${'A'.repeat(32)}`)}`,
    );
    await expect(other.getByTestId('recover-page')).toHaveAttribute('data-state', 'invalid');
    await expect(other.getByTestId('recover-page')).toContainText('This link no longer works');
    await context.close();
  });
});

test('a shopper who pays appears in cp/customers, with the order on their page', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  const { market, product } = await merchantWithStore(page, request);
  const shopper = uniqueEmail('buyer');

  await test.step('the shopper pays with the approving test card', async () => {
    const { context, page: shop } = await shopperReachesCardPage(browser, market.name, product, shopper);
    await shop.locator('#card').fill(SANDBOX_CARDS.approve);
    await shop.locator('#expiry').fill('12/30');
    await shop.locator('#cvc').fill('123');
    await shop.locator('button[name="action"][value="pay"]').click();
    await expect(shop).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
    await expect(shop.getByTestId('payment-success')).toBeVisible();
    await context.close();
  });

  await test.step('cp/customers lists them with one order and what they spent', async () => {
    await page.goto('/cp/customers');
    await expect(page.getByTestId('customers-title')).toHaveText('Customers');
    const row = page.getByTestId('customer-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Aysel Məmmədova');
    await expect(row.getByTestId('customer-email')).toHaveText(shopper);
    await expect(row.getByTestId('customer-orders')).toHaveText('1');
    await expect(row.getByTestId('customer-total')).toHaveText('AZN 35.00');
  });

  await test.step('search and sort live in the URL', async () => {
    await page.getByTestId('customer-search').fill('nobody-here');
    await expect(page).toHaveURL(/search=nobody-here/);
    await expect(page.getByTestId('customers-no-match')).toBeVisible();
    await page.getByTestId('customer-search').fill(shopper.slice(0, 8));
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await page.getByTestId('sort-totalSpent').click();
    await expect(page).toHaveURL(/sort=total_spent_desc/);
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
  });

  await test.step('their page shows the order', async () => {
    await page.getByTestId('customer-row').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/cp/customers/${market.id}/[0-9a-f-]{36}$`));
    await expect(page.getByTestId('customer-name')).toHaveText('Aysel Məmmədova');
    await expect(page.getByTestId('figure-orders')).toHaveText('1');
    await expect(page.getByTestId('figure-total')).toHaveText('AZN 35.00');
    const order = page.getByTestId('customer-order');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText('#1001');
    await expect(order).toContainText('Paid');
    await expect(page.getByTestId('customer-address')).toContainText('Nizami küçəsi 10');
  });
});
