import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import { apiData, merchantWithNewStore, signInAsDemo, useLanguage } from './support';

// The merchant's home and analytics (issue 5): a shopper buys in the store with the sandbox card;
// the owner's cp/home then shows the revenue, the order, the best seller and the order to fulfil,
// and cp/analytics counts the shopper's visit.

const port = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;

/** A merchant of their own (registered, confirmed, signed in through the API) with one store. */
async function merchantWithStore() {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const market = await merchantWithNewStore(api, api, 'dashboard');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: 'Shirts',
  });
  const image = await api.post('/api/Media/upload', {
    multipart: {
      file: {
        name: 'shirt.png',
        mimeType: 'image/png',
        // A 1×1 PNG.
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      },
    },
  });
  expect(image.ok()).toBe(true);
  const imageUrl = ((await image.json()).data as { url: string }).url;
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Dashboard shirt',
    description: '<p>A shirt to sell.</p>',
    images: [imageUrl],
    price: 2500,
    stock: 10,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Courier', price: 500 });
  const { cookies } = await api.storageState();
  return { api, market, productId: product.id, cookies };
}

async function payWithCard(page: Page, card: string) {
  await expect(page.getByTestId('sandbox-amount')).toBeVisible();
  await page.locator('#card').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="action"][value="pay"]').click();
}

test('after a sandbox purchase the owner’s home shows the revenue, and analytics the visit and its pages', async ({
  page,
}) => {
  const { api, market, productId, cookies } = await merchantWithStore();
  await useLanguage(page, 'en');

  // The shopper: the store's home (a document), its product (opened inside the storefront, so
  // counted by the storefront's beacon), cart, checkout (the same), approve card.
  await page.goto(`/${market.name}`);
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
  await page.getByTestId('product-card').first().click();
  await expect(page).toHaveURL(new RegExp(`/${market.name}/product/${productId}$`));
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(`/${market.name}/checkout/[0-9a-f-]{36}$`));
  // Reloaded: the checkout as a document, a page view of its own.
  await page.reload();
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
  await page.getByTestId('field-email').fill('shopper@shop.az');
  await page.getByTestId('field-phone').fill('10 234 56 78');
  await page.getByTestId('field-shippingAddress.firstName').fill('Aysel');
  await page.getByTestId('field-shippingAddress.lastName').fill('Məmmədova');
  await page.getByTestId('field-shippingAddress.address1').fill('Nizami küçəsi 10');
  await page.getByTestId('field-shippingAddress.city').fill('Bakı');
  await page.getByTestId('field-shippingAddress.region').selectOption('baku');
  await page.getByTestId('field-shippingAddress.postCode').fill('AZ1000');
  await expect(page.getByTestId('summary-total')).toHaveText('AZN 30.00');
  await page.getByTestId('pay').click();
  await payWithCard(page, SANDBOX_CARDS.approve);
  await expect(page).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
  // The shopper sees the paid order (the page has read it, and so counted its view).
  await expect(page.getByTestId('payment-success')).toBeVisible();

  // The owner signs in (the session cookie of the API sign-in) and opens the panel.
  await page.context().addCookies(cookies);
  await page.goto('/cp/home');
  await expect(page.getByTestId('cp-home-title')).toBeVisible();
  await expect(page.getByTestId('kpi-revenue-value')).toHaveText('AZN 30.00');
  await expect(page.getByTestId('kpi-orders-value')).toHaveText('1');
  // Every figure counts the paid orders, and the screen says so.
  await expect(page.getByTestId('kpi-orders')).toContainText('Paid orders');
  await expect(page.getByTestId('dashboard-basis')).toHaveText(
    'Counts paid orders, on the day they were paid. Revenue is what shoppers paid, after discounts and with shipping; refunds are deducted.',
  );
  // No discount took anything off this period's order.
  await expect(page.getByTestId('discount-sales-empty')).toHaveText('No paid orders with a discount in this period');
  await expect(page.getByTestId('kpi-averageOrderValue-value')).toHaveText('AZN 30.00');
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('data-days', '30');
  await expect(page.getByTestId('top-product').first()).toContainText('Dashboard shirt');
  await expect(page.getByTestId('todo-ordersToFulfil')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('todo-ordersToFulfil')).toContainText('1 order to fulfil');

  // Today alone: the same sale; the address keeps the choice.
  await page.getByTestId('dashboard-range-presets').getByText('Today').click();
  await expect(page).toHaveURL(/\?range=today$/);
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('data-days', '1');
  await expect(page.getByTestId('kpi-revenue-value')).toHaveText('AZN 30.00');

  // The shopper's visit is written within seconds (batched); analytics shows it.
  await page.getByTestId('nav-analytics').click();
  await expect(page).toHaveURL(new RegExp(`/cp/analytics/${market.id}`));
  await expect(page.getByTestId('analytics-title')).toHaveText('Analytics');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('kpi-sessions-value')).not.toHaveText('0', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Home (a document), product and checkout (inside the storefront), the checkout again (a
  // document, though never reused from the page cache), the payment result (its beacon, once it
  // has read the order's store): five at least.
  await expect(async () => {
    await page.reload();
    expect(Number(await page.getByTestId('kpi-pageViews-value').textContent())).toBeGreaterThanOrEqual(5);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('kpi-revenue-value')).toHaveText('AZN 30.00');
  await expect(page.getByTestId('status-refund-paid')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('daily-row').first()).toContainText('AZN 30.00');
  await api.dispose();
});

test('ru: a custom range is picked from the calendar, kept in the address, and the chart has its days', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'ru');
  await signInAsDemo(page, request);
  await page.getByTestId('dashboard-range-presets').getByText('Свой период').click();
  await page.getByTestId('dashboard-range-custom').click();
  // The calendar opens on the month of the range shown; its 4th and 9th selectable days.
  const days = page.locator('table button:not([disabled])');
  await days.nth(3).click();
  await days.nth(8).click();
  await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const url = new URL(page.url());
  const from = Date.parse(`${url.searchParams.get('from')}T00:00:00Z`);
  const to = Date.parse(`${url.searchParams.get('to')}T00:00:00Z`);
  expect(to - from).toBe(5 * 86_400_000);
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('data-days', '6');
  // A shared link opens the same range.
  await page.reload();
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('data-days', '6');
  await expect(page.getByTestId('dashboard-range-custom')).toBeVisible();
});
