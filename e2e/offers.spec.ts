import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { formatMoney, SANDBOX_CARDS } from '@shop/shared';
import { apiData, imageFile, merchantWithNewStore, uniqueTag, useLanguage } from './support';

// What shoppers meet of a store's offers (issue 13, decision 018): a bundle block with its
// countdown on a product's page, "add the bundle" and the bundle's price through cart, checkout and
// payment; the store's pop-up once per visit, taken, in cart and checkout; a discount code typed at
// checkout that replaces the pop-up, and a wrong one told apart — in Azerbaijani and English.

const port = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;

const TEXT = {
  en: {
    bundleSaving: 'Bundle savings',
    bundleTag: 'Bundle price',
    popupAccepted: '10% off is applied to your cart',
    unknownCode: 'There is no such discount code in this store. Check how it is spelt',
    codeName: (code: string) => `Discount code ${code}`,
    replaces: 'A discount code replaces it',
  },
  az: {
    bundleSaving: 'Dəst endirimi',
    bundleTag: 'Dəst qiyməti',
    popupAccepted: '10% endirim səbətinizə tətbiq edildi',
    unknownCode: 'Bu mağazada belə endirim kodu yoxdur. Yazılışını yoxlayın',
    codeName: (code: string) => `Endirim kodu ${code}`,
    replaces: 'Endirim kodu onu əvəz edir',
  },
} as const;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

interface Shop {
  api: APIRequestContext;
  store: { id: string; name: string };
  kettle: { id: string; variants: { id: string; options: string[] }[] };
  mug: { id: string };
}

/** A new merchant's store: a kettle in two colours (30 AZN), a mug (20 AZN), a courier (5 AZN). */
async function shop(tag: string): Promise<Shop> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const store = await merchantWithNewStore(api, api, tag);
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: store.id,
    name: `Kitchen ${uniqueTag()}`,
  });
  const upload = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('kettle.png', { r: 30, g: 120, b: 90 }) },
  });
  const image = ((await upload.json()).data as { url: string }).url;
  const base = { marketId: store.id, categoryId: category.id, description: '<p>For the kitchen.</p>', images: [image] };
  const kettle = await apiData<Shop['kettle']>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Kettle',
    price: 3000,
    options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
    variants: [
      { options: ['Red'], price: 3000, stock: 5 },
      { options: ['Blue'], price: 3000, stock: 5 },
    ],
  });
  const mug = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Mug',
    price: 2000,
    stock: 10,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: store.id, name: 'Courier', price: 500 });
  return { api, store, kettle, mug };
}

/** Fills the checkout's contact and address; the region brings the courier (chosen first). */
async function fillCheckout(page: Page) {
  const field = (path: string) => page.getByTestId(`field-${path}`);
  await field('email').fill(`shopper-${uniqueTag()}@shop.az`);
  await field('phone').fill('10 234 56 78');
  await field('shippingAddress.firstName').fill('Aysel');
  await field('shippingAddress.lastName').fill('Məmmədova');
  await field('shippingAddress.address1').fill('Nizami küçəsi 10');
  await field('shippingAddress.city').fill('Bakı');
  await field('shippingAddress.region').selectOption('baku');
  await field('shippingAddress.postCode').fill('AZ1000');
  await expect(page.getByTestId('tariff').locator('input')).toBeChecked();
}

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now (as e2e/accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? v.help}`));
}

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

// Store pages carry a strict Content-Security-Policy: the pop-up's code, loaded late, must pass it.
let violations: string[] = [];
test.beforeEach(async ({ page }) => {
  violations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});
test.afterEach(() => {
  expect(violations).toEqual([]);
});

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];
  const money = (minor: number) => formatMoney(minor, language);

  test(`${language}: a bundle on its product's page counts down, goes into the cart at its price and is paid so`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { api, store, kettle, mug } = await shop(`bundle-shop-${language}`);
    // 20 % off the kettle and the mug together, ending in a day, its countdown shown from two days before.
    await apiData(api, 'POST', '/Discount', {
      kind: 'bundle',
      marketId: store.id,
      name: 'Tea set',
      title: 'Kettle and mug, 20% off',
      headerTitle: 'Better together',
      footerText: 'The price applies to each complete set.',
      buttonText: 'Add both to cart',
      percent: 20,
      productIds: [kettle.id, mug.id],
      template: 'classic',
      colour: '#0b7285',
      timer: { days: 2, hours: 0, minutes: 0, seconds: 0 },
      highlight: true,
      endsAt: inMinutes(24 * 60),
    });

    // The block arrives with the page's HTML, on the product's page and the store's home.
    for (const path of [`/${store.name}/product/${kettle.id}`, `/${store.name}/product/${mug.id}`, `/${store.name}`]) {
      const html = await (await api.get(path, { headers: { cookie: `language=${language}` } })).text();
      expect(html, path).toContain('data-testid="bundle-block"');
      expect(html, path).toContain('Kettle and mug, 20% off');
    }

    // On the store's home: the kettle's colour is chosen on its page, where the block leads.
    await useLanguage(page, language);
    await page.goto(`/${store.name}`);
    await hydrated(page);
    const onHome = page.getByTestId('bundle-block');
    await expect(onHome).toContainText('Kettle and mug, 20% off');
    await expect(onHome.getByTestId('bundle-add')).toBeDisabled();
    await expect(onHome.getByTestId('bundle-choose')).toHaveText('Kettle');
    await onHome.getByTestId('bundle-choose').click();
    await expect(page).toHaveURL(new RegExp(`/${store.name}/product/${kettle.id}$`));
    await expect(page.getByTestId('product-title')).toHaveText('Kettle');
    const block = page.getByTestId('bundle-block');
    await expect(block).toBeVisible();
    await expect(block).toContainText('Kettle and mug, 20% off');
    await expect(block.getByTestId('bundle-badge')).toHaveText('−20%');
    await expect(block.getByTestId('bundle-product')).toHaveCount(2);
    await expect(block.getByTestId('bundle-price')).toContainText(money(2400 + 1600));
    await expect(block.getByTestId('bundle-total-price')).toContainText(money(3000 + 2000));
    // The real end, a day away: under 24 hours left, counting.
    const countdown = block.getByTestId('bundle-countdown');
    await expect(countdown).toHaveText(/^2[0-3]:[0-5]\d:[0-5]\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first as string);
    expect(await seriousViolations(page)).toEqual([]);

    // The kettle's colour is chosen on its page and goes with the bundle.
    await page
      .getByTestId('option-value')
      .filter({ hasText: /^Blue$/ })
      .click();
    await block.getByTestId('bundle-add').click();
    const drawer = page.getByTestId('cart-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
    await expect(drawer.getByTestId('cart-line-variant')).toHaveText('Blue');
    await expect(drawer.getByTestId('cart-line-bundle')).toHaveText([text.bundleTag, text.bundleTag]);
    await expect(drawer.getByTestId('cart-line-total')).toHaveText([money(2400), money(1600)]);
    await expect(drawer.getByTestId('cart-subtotal')).toHaveText(money(5000));
    await expect(drawer.getByTestId('cart-bundle-discount')).toHaveText(`−${money(1000)}`);
    await expect(drawer.getByTestId('cart-total')).toHaveText(money(4000));
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(await seriousViolations(page)).toEqual([]);

    await drawer.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(new RegExp(`/${store.name}/checkout/[0-9a-f-]{36}$`));
    await expect(page.getByTestId('summary-line-bundle')).toHaveCount(2);
    await expect(page.getByTestId('summary-bundle-discount')).toHaveText(`−${money(1000)}`);
    await expect(page.locator('dt:visible', { hasText: text.bundleSaving })).toHaveCount(1);
    await fillCheckout(page);
    await expect(page.getByTestId('summary-total')).toHaveText(money(4000 + 500));
    await expect(page.getByTestId('summary-bar-total')).toHaveText(money(4000 + 500));

    await page.getByTestId('pay').click();
    await expect(page.getByTestId('sandbox-amount')).toContainText('45');
    await page.locator('#card').fill(SANDBOX_CARDS.approve);
    await page.locator('#expiry').fill('12/30');
    await page.locator('#cvc').fill('123');
    await page.locator('button[name="action"][value="pay"]').click();
    await expect(page).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
    const success = page.getByTestId('payment-success');
    await expect(success).toBeVisible();
    await expect(success.getByTestId('summary-bundle-discount')).toHaveText(`−${money(1000)}`);
    await expect(success.getByTestId('summary-total')).toHaveText(money(4500));

    // The order keeps what it was sold at.
    const orderId = new URL(page.url()).searchParams.get('orderId');
    const order = await apiData<{ total: number; bundleDiscount: number; paymentStatus: string }>(
      api,
      'GET',
      `/Order/${orderId}?marketId=${store.id}`,
    );
    expect(order).toMatchObject({ total: 4500, bundleDiscount: 1000, paymentStatus: 'paid' });

    // The merchant sees the same in the panel: the order's bundle savings and total, and the
    // bundle's sales on the home dashboard.
    const { cookies } = await api.storageState();
    await page.context().addCookies(cookies);
    await page.goto(`/cp/order-details/${store.id}/${orderId}`);
    await expect(page.getByTestId('order-bundle-discount')).toHaveText(`−${money(1000)}`);
    await expect(page.getByTestId('order-total')).toHaveText(money(4500));
    await expect(page.getByTestId('line-before')).toHaveCount(2);
    await page.goto('/cp/home');
    const sale = page.getByTestId('discount-sale').filter({ hasText: 'Tea set' });
    await expect(sale).toHaveAttribute('data-kind', 'bundle');
    await expect(sale).toContainText(money(1000));
    await expect(sale).toContainText(money(4500));
    await api.dispose();
  });

  test(`${language}: the pop-up shows once a visit, is taken into the cart, and a code typed at checkout replaces it`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { api, store, mug } = await shop(`popup-shop-${language}`);
    await apiData(api, 'POST', '/Discount', {
      kind: 'popup',
      marketId: store.id,
      title: 'Welcome gift',
      subtitle: 'For your first order',
      percent: 10,
      startsAt: inMinutes(-1),
      endsAt: inMinutes(24 * 60),
      active: true,
    });
    await apiData(api, 'POST', '/Discount', {
      kind: 'code',
      marketId: store.id,
      code: 'SPRING20',
      valueType: 'percent',
      percent: 20,
    });

    // A first visit: a few seconds in, the offer opens as a modal dialog named by its title.
    await useLanguage(page, language);
    await page.goto(`/${store.name}`);
    await hydrated(page);
    await page.getByTestId('cart-button').focus();
    const dialog = page.getByRole('dialog', { name: 'Welcome gift' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByTestId('popup-badge')).toHaveText('−10%');
    await expect(dialog.getByTestId('popup-accept')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    // Focus stays inside: Tab goes round its three buttons.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus is back where it was.
    await expect(page.getByTestId('cart-button')).toBeFocused();
    // Once a visit: not again on the next page.
    await page.goto(`/${store.name}/product/${mug.id}`);
    await hydrated(page);
    await page.waitForTimeout(5_500);
    await expect(page.getByTestId('popup-dialog')).toHaveCount(0);

    // Another visit (a new session) takes it.
    const visit = await browser.newContext({ baseURL: origin });
    await visit.addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }]);
    const shopper = await visit.newPage();
    await shopper.goto(`/${store.name}/product/${mug.id}`);
    await hydrated(shopper);
    const offer = shopper.getByRole('dialog', { name: 'Welcome gift' });
    await expect(offer).toBeVisible({ timeout: 10_000 });
    await offer.getByTestId('popup-accept').click();
    await expect(offer).toBeHidden();
    await expect(shopper.getByTestId('notice')).toContainText(text.popupAccepted);
    await shopper.getByTestId('quantity').fill('2');
    await shopper.getByTestId('add-to-cart').click();
    const drawer = shopper.getByTestId('cart-drawer');
    await expect(drawer.getByTestId('cart-subtotal')).toHaveText(money(4000));
    await expect(drawer.getByTestId('cart-discount-title')).toHaveText('Welcome gift (−10%)');
    await expect(drawer.getByTestId('cart-discount')).toHaveText(`−${money(400)}`);
    await expect(drawer.getByTestId('cart-total')).toHaveText(money(3600));

    await drawer.getByTestId('cart-checkout').click();
    await expect(shopper).toHaveURL(new RegExp(`/${store.name}/checkout/[0-9a-f-]{36}$`));
    await expect(shopper.getByTestId('summary-discount-name')).toHaveText('Welcome gift (−10%)');
    await expect(shopper.getByTestId('summary-discount')).toHaveText(`−${money(400)}`);
    await expect(shopper.getByTestId('discount-code-hint')).toContainText(text.replaces);
    // Never over the checkout.
    await expect(shopper.getByTestId('popup-dialog')).toHaveCount(0);
    await fillCheckout(shopper);
    await expect(shopper.getByTestId('summary-total')).toHaveText(money(3600 + 500));

    // A wrong code is told under the field; the total stays.
    const codeField = shopper.getByTestId('field-discountCode');
    await codeField.fill('NOPE');
    await shopper.getByTestId('discount-code-apply').click();
    await expect(shopper.getByTestId('error-discountCode')).toHaveText(text.unknownCode);
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(shopper)).toEqual([]);
    await expect(shopper.getByTestId('summary-total')).toHaveText(money(3600 + 500));

    // The right one (any case, Enter) replaces the pop-up.
    await codeField.fill('spring20');
    await codeField.press('Enter');
    await expect(shopper.getByTestId('discount-code-applied')).toContainText('SPRING20');
    await expect(shopper.getByTestId('error-discountCode')).toHaveCount(0);
    await expect(shopper.getByTestId('summary-discount-name')).toHaveText(text.codeName('SPRING20'));
    await expect(shopper.getByTestId('summary-discount')).toHaveText(`−${money(800)}`);
    await expect(shopper.getByTestId('summary-total')).toHaveText(money(3200 + 500));
    await expect(shopper.getByTestId('summary-bar-total')).toHaveText(money(3200 + 500));
    expect(await seriousViolations(shopper)).toEqual([]);

    // Taken off, the pop-up applies again.
    await shopper.getByTestId('discount-code-remove').click();
    await expect(shopper.getByTestId('summary-discount-name')).toHaveText('Welcome gift (−10%)');
    await expect(shopper.getByTestId('summary-total')).toHaveText(money(3600 + 500));
    await visit.close();
    await api.dispose();
  });
}

test('a bundle leaves the page when its countdown reaches its end', async ({ page }) => {
  const { api, store, mug } = await shop('bundle-end');
  await apiData(api, 'POST', '/Discount', {
    kind: 'bundle',
    marketId: store.id,
    name: 'Last call',
    title: 'Mug, 10% off for a few seconds',
    headerTitle: 'Last call',
    footerText: 'Hurry.',
    buttonText: 'Add to cart',
    percent: 10,
    productIds: [mug.id],
    template: 'spotlight',
    colour: '#c92a2a',
    timer: { days: 0, hours: 0, minutes: 0, seconds: 0 },
    highlight: false,
    endsAt: new Date(Date.now() + 15_000).toISOString(),
  });
  await useLanguage(page, 'en');
  await page.goto(`/${store.name}/product/${mug.id}`);
  await hydrated(page);
  const block = page.getByTestId('bundle-block');
  await expect(block).toBeVisible();
  // A timer of zero: the countdown shows the whole time.
  await expect(block.getByTestId('bundle-countdown')).toHaveText(/^00:00:(0\d|1[0-5])$/);
  await expect(block).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('add-to-cart')).toBeEnabled();
  await api.dispose();
});
