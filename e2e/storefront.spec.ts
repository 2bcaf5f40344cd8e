import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import { apiData, DEMO, imageFile, merchantWithNewStore, PASSWORD, signInApi, uniqueTag, useLanguage } from './support';

// The shopper's storefront (SPEC §2 Public storefront, issue 4): browse a category, sort and
// filter, pick a variant, add to cart, reload (the cart stays); not-found; what search engines
// and link previews read in the server's HTML; the same store on its custom domain.

const port = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;
/** Seeded by scripts/e2e-seed.ts as a verified, active domain of the demo store. */
const DOMAIN = process.env.E2E_DOMAIN ?? 'shop.e2e.test';

interface Seeded {
  store: string;
  marketId: string;
  categoryId: string;
  categoryName: string;
  products: { alpha: string; beta: string; gamma: string };
}

/**
 * The merchant of these journeys' store: registered by the first (seedStore), its own account —
 * a store of the demo merchant's would give that account a second store, and the journeys that
 * sign it in (in another worker) a store to choose instead of its control panel.
 */
let merchant: { email: string; password: string };

/** The merchant signed in on an API context of its own (login code from the dev mailbox). */
async function merchantApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  await signInApi(api, api, merchant);
  return api;
}

async function upload(api: APIRequestContext, name: string, colour: { r: number; g: number; b: number }) {
  const file = await imageFile(name, colour);
  const response = await api.post('/api/Media/upload', { multipart: { file } });
  expect(response.ok()).toBe(true);
  return ((await response.json()).data as { url: string }).url;
}

/** A store of its own, so that the lists are exactly these three products. */
async function seedStore(): Promise<Seeded> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const tag = uniqueTag();
  const market = await merchantWithNewStore(api, api, 'sf');
  merchant = { email: market.email, password: PASSWORD };
  await apiData(api, 'PUT', '/Market/update-store', { id: market.id, description: 'Shirts for every day.' });
  const categoryName = `Shirts ${tag}`;
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: categoryName,
    description: 'Light shirts for the summer.',
  });
  const red = await upload(api, 'red.png', { r: 200, g: 30, b: 30 });
  const blue = await upload(api, 'blue.png', { r: 30, g: 30, b: 200 });
  const base = { marketId: market.id, categoryId: category.id, description: '<p>A good shirt.</p>' };
  const alpha = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Alpha shirt',
    images: [red],
    price: 3000,
    stock: 10,
  });
  const beta = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Beta shirt',
    images: [blue],
    price: 1000,
    stock: 0,
  });
  const gamma = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Gamma shirt',
    description: '<p>Cotton, <strong>soft</strong> and light.</p>',
    images: [red, blue],
    price: 2000,
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
    variants: [
      { options: ['S', 'Red'], price: 2000, stock: 3 },
      { options: ['S', 'Blue'], price: 2500, compareAtPrice: 3000, stock: 20, imageUrl: blue },
      { options: ['M', 'Red'], price: 2000, stock: 0 },
      { options: ['M', 'Blue'], price: 2200, stock: 8 },
    ],
  });
  await apiData(api, 'POST', '/ShippingTariff/create', {
    marketId: market.id,
    name: 'Courier',
    price: 500,
    minDays: 1,
    maxDays: 2,
  });
  await api.dispose();
  return {
    store: market.name,
    marketId: market.id,
    categoryId: category.id,
    categoryName,
    products: { alpha: alpha.id, beta: beta.id, gamma: gamma.id },
  };
}

let seeded: Seeded;
test.beforeAll(async () => {
  seeded = await seedStore();
});

// Store pages carry a strict Content-Security-Policy (inline scripts by hash, the store's own
// analytics hosts): no journey may meet a violation of it.
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

const cardTitles = (page: Page) => page.getByTestId('product-card-title').allTextContents();

/**
 * The server's HTML is there at once; clicks work once the page has hydrated — in place (one
 * store, not the server's and a second copy) and still styled (the store's name set in bold).
 */
async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
  await expect(page.getByTestId('storefront')).toHaveCount(1);
  await expect(page.getByTestId('store-brand')).toHaveCSS('font-weight', '800');
}

test('a shopper browses a category, sorts and filters it, and the URL keeps the view', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto(`/${seeded.store}`);
  await hydrated(page);
  await expect(page.getByTestId('store-brand')).toContainText(seeded.store);
  await expect(page.getByTestId('store-hero')).toContainText('Shirts for every day.');

  await page.getByTestId('nav-category').filter({ hasText: seeded.categoryName }).click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.store}/category/${seeded.categoryId}$`));
  await expect(page.getByTestId('page-title')).toHaveText(seeded.categoryName);
  await expect(page.getByTestId('product-count')).toHaveText('3 products');

  await page.getByTestId('sort').selectOption('price_asc');
  await expect(page).toHaveURL(/\?sort=price_asc$/);
  await expect.poll(() => cardTitles(page)).toEqual(['Beta shirt', 'Gamma shirt', 'Alpha shirt']);

  await page.getByTestId('sort').selectOption('price_desc');
  await expect.poll(() => cardTitles(page)).toEqual(['Alpha shirt', 'Gamma shirt', 'Beta shirt']);

  await page.getByTestId('sort').selectOption('name_desc');
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma shirt', 'Beta shirt', 'Alpha shirt']);

  await page.getByTestId('stock-filter-in').click();
  await expect(page).toHaveURL(/\?sort=name_desc&stock=in$/);
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma shirt', 'Alpha shirt']);
  await expect(page.getByTestId('product-count')).toHaveText('2 products');

  await page.getByTestId('stock-filter-out').click();
  await expect.poll(() => cardTitles(page)).toEqual(['Beta shirt']);
  await expect(page.getByTestId('product-card')).toContainText('Out of stock');

  // A shared link opens the same view, rendered by the server.
  await page.goto(`/${seeded.store}/category/${seeded.categoryId}?sort=price_asc&stock=in`);
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma shirt', 'Alpha shirt']);
  await expect(page.getByTestId('sort')).toHaveValue('price_asc');
});

test('a shopper picks a variant, adds it to the cart, and the cart survives a reload', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto(`/${seeded.store}/product/${seeded.products.gamma}`);
  await hydrated(page);
  await expect(page.getByTestId('product-title')).toHaveText('Gamma shirt');
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  const value = (name: string) => page.getByTestId('option-value').filter({ hasText: new RegExp(`^${name}$`) });
  // The first choice is the first variant: S / Red, only 3 left.
  await expect(value('S')).toHaveAttribute('aria-checked', 'true');
  await expect(value('Red')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('stock-state')).toHaveText('Only 3 left');

  await value('M').click();
  await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();

  await value('S').click();
  await value('Blue').click();
  await expect(page.getByTestId('stock-state')).toHaveText('In stock');
  await expect(page.getByTestId('price').first()).toContainText('AZN 25.00');
  await expect(page.getByTestId('compare-at').first()).toContainText('AZN 30.00');

  await page.getByTestId('quantity').fill('2');
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(drawer.getByTestId('cart-line')).toContainText('Gamma shirt');
  await expect(drawer.getByTestId('cart-line-variant')).toHaveText('S / Blue');
  await expect(drawer.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(drawer.getByTestId('cart-subtotal')).toHaveText('AZN 50.00');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const visitor = await page.evaluate(() => localStorage.getItem('uniqueCode'));
  expect(visitor).toMatch(/^[A-Za-z0-9_-]{8,128}$/);

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByTestId('cart-button').click();
  await expect(drawer.getByTestId('cart-line-quantity')).toHaveText('2');
  expect(await page.evaluate(() => localStorage.getItem('uniqueCode'))).toBe(visitor);

  await drawer.getByTestId('cart-line-increase').click();
  await expect(drawer.getByTestId('cart-line-quantity')).toHaveText('3');
  await expect(drawer.getByTestId('cart-subtotal')).toHaveText('AZN 75.00');
  await drawer.getByTestId('cart-line-remove').click();
  await expect(drawer.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

/** Pays on the sandbox provider's test page (DESIGN §5) with one of its test cards. */
async function payWithCard(page: Page, card: string) {
  await expect(page.getByTestId('sandbox-amount')).toBeVisible();
  // The amount's manat sign has its own face, first in the page's font stack (app.css says why).
  expect(await fontStack(page.getByTestId('sandbox-amount'))).toMatch(/^"?Manat"?,/);
  await page.locator('#card').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="action"][value="pay"]').click();
}

test('a shopper checks out with an address and a tariff, a declined card is retried, and the order is paid', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto(`/${seeded.store}/product/${seeded.products.alpha}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.store}/checkout/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('summary-line')).toContainText('Alpha shirt');
  await expect(page.getByTestId('summary-subtotal')).toHaveText('AZN 30.00');
  await expect(page.getByTestId('reservation')).toContainText(/We hold your items for 1[45]:\d\d/);

  // Every required field says what it needs, in the shopper's language (SPEC §5 Checkout).
  await page.getByTestId('pay').click();
  const error = (path: string) => page.getByTestId(`error-${path}`);
  const field = (path: string) => page.getByTestId(`field-${path}`);
  await expect(error('email')).toHaveText('Enter your e-mail');
  await expect(error('phone')).toHaveText('Enter the phone as +994 10 234 56 78');
  await expect(error('shippingAddress.firstName')).toHaveText('Enter your first name');
  await expect(error('shippingAddress.lastName')).toHaveText('Enter your last name');
  await expect(error('shippingAddress.address1')).toHaveText('Enter the street and house');
  await expect(error('shippingAddress.city')).toHaveText('Enter the city');
  await expect(error('shippingAddress.region')).toHaveText('Choose a region');
  await expect(error('shippingAddress.postCode')).toHaveText('Enter the post code, e.g. AZ1000');
  await expect(error('shippingTariffId')).toHaveText('Choose a delivery tariff');
  await expect(field('email')).toBeFocused();

  // Each error follows its field as it is typed — what it still needs, then gone — without
  // another Pay; the fields not yet fixed keep theirs.
  await field('email').fill('shopper@');
  await expect(error('email')).toHaveText('Invalid email format');
  await field('email').fill('shopper@shop.az');
  await expect(error('email')).toBeHidden();
  await expect(field('email')).not.toHaveAttribute('aria-invalid', 'true');
  await field('phone').fill('10 234 56 78');
  await expect(error('phone')).toBeHidden();
  await field('shippingAddress.firstName').fill('Aysel');
  await expect(error('shippingAddress.firstName')).toBeHidden();
  await expect(error('shippingAddress.lastName')).toHaveText('Enter your last name');
  await field('shippingAddress.firstName').fill(' ');
  await expect(error('shippingAddress.firstName')).toHaveText('Enter your first name');
  await field('shippingAddress.firstName').fill('Aysel');
  await field('shippingAddress.lastName').fill('Məmmədova');
  await field('shippingAddress.address1').fill('Nizami küçəsi 10');
  await field('shippingAddress.city').fill('Bakı');
  await field('shippingAddress.region').selectOption('baku');
  await expect(error('shippingAddress.region')).toBeHidden();
  // The region brings its tariffs, the first one chosen: that error goes too.
  await expect(error('shippingTariffId')).toBeHidden();
  await expect(error('shippingAddress.postCode')).toHaveText('Enter the post code, e.g. AZ1000');
  await field('shippingAddress.postCode').fill('AZ1000');
  await expect(page.locator('[data-testid^="error-"]')).toHaveCount(0);
  const tariff = page.getByTestId('tariff');
  await expect(tariff).toContainText('Courier');
  await expect(tariff).toContainText('1–2 days');
  await expect(tariff.locator('input')).toBeChecked();
  await expect(page.getByTestId('summary-shipping')).toHaveText('AZN 5.00');
  await expect(page.getByTestId('summary-total')).toHaveText('AZN 35.00');
  await page.getByTestId('field-note').fill('Ring twice');

  await page.getByTestId('pay').click();
  await payWithCard(page, SANDBOX_CARDS.decline);
  await expect(page).toHaveURL(/\/card-failed\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-failed')).toContainText('Payment Failed');

  await page.getByTestId('retry-payment').click();
  await payWithCard(page, SANDBOX_CARDS.approve);
  await expect(page).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible();
  await expect(page.getByTestId('order-name')).toHaveText(/^Order #\d{4,}$/);
  await expect(success.getByTestId('summary-line')).toContainText('Alpha shirt');
  await expect(success.getByTestId('summary-total')).toHaveText('AZN 35.00');
  await expect(success).toContainText('Nizami küçəsi 10');
  await expect(page.getByTestId('continue-shopping')).toHaveAttribute('href', `/${seeded.store}`);

  // The basket became the order: the store's cart is empty again.
  await page.getByTestId('continue-shopping').click();
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

/** The computed font-family of an element: the stack the browser walks for each character. */
function fontStack(locator: Locator) {
  return locator.evaluate((element) => getComputedStyle(element).fontFamily);
}

/** The fonts that really drew an element's text (DevTools' "Rendered Fonts"). */
async function renderedFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

/** Console errors of a page (a journey that must have none collects them). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('on a phone the added item shows in the drawer, nothing covers it, and the checkout form has the screen', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await useLanguage(page, 'en');
  await page.goto(`/${seeded.store}/product/${seeded.products.alpha}`);
  await hydrated(page);

  // The drawer opens on what was added and says so itself: no notice over its title and close
  // button, which take a plain click at once.
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  await expect(drawer.getByTestId('cart-added')).toHaveText(/“Alpha shirt” is in your cart/);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  const close = drawer.getByRole('button', { name: 'Close' });
  // Once the drawer has slid in (0.2 s) — well before a notice would have gone (3 s).
  const reachable = () =>
    close.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return Boolean(top && button.contains(top));
    });
  await expect.poll(reachable, { timeout: 1_000 }).toBe(true);
  await close.click({ timeout: 1_000 });
  await expect(drawer).toBeHidden();

  await page.getByTestId('cart-button').click();
  await expect(drawer.getByTestId('cart-added')).toHaveCount(0);
  await drawer.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.store}/checkout/[0-9a-f-]{36}$`));

  // Shopify's pattern: a bar "Show order summary · total" above the form, closed; the form
  // starts high on the first screen and the Pay button follows it.
  const toggle = page.getByTestId('summary-toggle');
  const panel = page.getByRole('region', { name: 'Order summary', includeHidden: true });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('Show order summary');
  await expect(toggle).toContainText('AZN 30.00');
  await expect(panel).toBeHidden();
  expect(await toggle.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
  const email = await page.getByTestId('field-email').boundingBox();
  expect(email?.y ?? 812).toBeLessThan(812 * 0.45);
  const postCode = await page.getByTestId('field-shippingAddress.postCode').boundingBox();
  const pay = await page.getByTestId('pay').boundingBox();
  expect(pay?.y ?? 0).toBeGreaterThan((postCode?.y ?? 0) + (postCode?.height ?? 0));
  // Scrolled down the form, nothing is pinned over it.
  await page.getByTestId('field-shippingAddress.region').scrollIntoViewIfNeeded();
  const regionShown = await page.getByTestId('field-shippingAddress.region').evaluate((select) => {
    const box = select.getBoundingClientRect();
    return document.elementFromPoint(box.x + 10, box.y + box.height / 2) === select;
  });
  expect(regionShown).toBe(true);

  // The bar opens on tap, shows the lines and totals, and follows the chosen delivery.
  await page.getByTestId('field-shippingAddress.region').selectOption('baku');
  await expect(toggle).toContainText('AZN 35.00');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toContainText('Hide order summary');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Alpha shirt');
  await expect(panel).toContainText('AZN 35.00');
  await toggle.click();
  await expect(panel).toBeHidden();

  // On a wide screen the summary sits beside the form, as before; no bar.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(toggle).toBeHidden();
  const aside = page.getByRole('complementary', { name: 'Order summary' });
  await expect(aside.getByTestId('summary-line')).toContainText('Alpha shirt');
  const form = await page.getByTestId('field-email').boundingBox();
  const side = await aside.boundingBox();
  expect(side?.x ?? 0).toBeGreaterThan((form?.x ?? 0) + (form?.width ?? 0));
  expect(errors).toEqual([]);
});

test('adding a product the store no longer sells says "Invalid session, market, or product"', async ({ page }) => {
  const api = await merchantApi();
  const picture = await upload(api, 'green.png', { r: 30, g: 160, b: 60 });
  // A category of its own: the other journeys count the seeded one's products.
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: seeded.marketId,
    name: `Soon gone ${uniqueTag()}`,
    description: 'Products about to go.',
  });
  const delta = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: seeded.marketId,
    categoryId: category.id,
    description: '<p>Soon gone.</p>',
    title: `Delta shirt ${uniqueTag()}`,
    images: [picture],
    price: 1500,
    stock: 5,
  });
  await useLanguage(page, 'en');
  await page.goto(`/${seeded.store}/product/${delta.id}`);
  await hydrated(page);
  // The merchant takes it off sale while the shopper reads its page.
  await apiData(api, 'POST', '/Products/bulk', { marketId: seeded.marketId, ids: [delta.id], action: 'deactivate' });
  await api.dispose();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('notice')).toHaveText(/Invalid session, market, or product/);
  await expect(page.getByTestId('notice')).toHaveAttribute('data-type', 'error');
  await expect(page.getByTestId('cart-drawer')).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('the manat sign’s own face leads every font stack and draws the sign', async ({ page }) => {
  await useLanguage(page, 'az');
  await page.goto(`/${seeded.store}/product/${seeded.products.alpha}`);
  await hydrated(page);
  const price = page.getByTestId('price').first();
  await expect(price).toContainText('30,00 ₼');
  expect(await fontStack(price)).toMatch(/^"?Manat"?,/);
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family === 'Manat' && f.status === 'loaded')))
    .toBe(true);
  // The sign is drawn by the bundled face, not by a system font's empty box (DejaVu Sans here).
  const fonts = await renderedFonts(page, '[data-testid="price"]');
  expect(fonts.some((font) => font.isCustomFont)).toBe(true);

  // The control panel's stacks (Mantine's text and headings) start with it too.
  await page.goto('/login');
  expect(await fontStack(page.locator('body'))).toMatch(/^"?Manat"?,/);
  expect(await fontStack(page.locator('.mantine-Title-root').first())).toMatch(/^"?Manat"?,/);
});

test('on a phone, a product reached from a store home with a banner keeps the store’s look: it fits the screen and ₼ is drawn', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await useLanguage(page, 'az');
  await page.goto(`/${DEMO.store}`);
  await hydrated(page);
  // The demo's home leads with its banner, preloaded from the head by the page's own meta.
  await expect(page.locator('head link[rel="preload"][as="image"][data-in-tree]')).toHaveCount(1);
  await page.locator(`main a[href*="/${DEMO.store}/product/"]`).first().click();
  await expect(page.getByTestId('product-title')).toBeVisible();
  // The root's stylesheet is still there: nothing is wider than the phone (the page was zoomed
  // out to 414 px when it went), and the manat sign's own face draws the price.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expect(page.getByTestId('price').first()).toContainText('₼');
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family === 'Manat' && f.status === 'loaded')))
    .toBe(true);
  const fonts = await renderedFonts(page, '[data-testid="price"]');
  expect(fonts.some((font) => font.isCustomFont)).toBe(true);
  await context.close();
});

test('a payment result page without an order leads to the store the visitor came from, else the landing page', async ({
  browser,
}) => {
  const unknownOrder = '8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90';

  // A new visitor (nothing remembered): the landing page, in the page's language.
  const fresh = await browser.newContext({ baseURL: origin });
  const first = await fresh.newPage();
  const errors = consoleErrors(first);
  await useLanguage(first, 'az');
  await first.goto('/card-success');
  const none = first.getByTestId('payment-no-order');
  await expect(none).toContainText('Burada göstəriləcək sifariş yoxdur');
  await expect(first.getByTestId('no-order-next')).toHaveText('Ana səhifəyə keç');
  await expect(first.getByTestId('no-order-next')).toHaveAttribute('href', '/');
  await first.goto(`/failed?orderId=${unknownOrder}`);
  await expect(first.getByTestId('no-order-next')).toHaveAttribute('href', '/');
  expect(errors).toEqual([]);
  await fresh.close();

  // A shopper who browsed a store: back to it, from an unknown order as from none.
  const shopper = await browser.newContext({ baseURL: origin });
  const page = await shopper.newPage();
  await useLanguage(page, 'ru');
  await page.goto(`/${seeded.store}`);
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('uniqueCode', 'visitor-no-order-0001'));
  for (const path of [`/card-failed?orderId=${unknownOrder}`, '/success', '/card-success?orderId=nonsense']) {
    await page.goto(path);
    await expect(page.getByTestId('payment-no-order'), path).toContainText('Здесь нет заказа для показа');
    await expect(page.getByTestId('no-order-next')).toHaveText('Вернуться в магазин');
    await expect(page.getByTestId('no-order-next')).toHaveAttribute('href', `/${seeded.store}`);
  }
  await page.getByTestId('no-order-next').click();
  await hydrated(page);
  await expect(page.getByTestId('store-brand')).toContainText(seeded.store);
  await shopper.close();
});

test('a shopper who pays one order in two tabs is told it is paid and the second charge went back', async ({
  page,
  context,
}) => {
  await useLanguage(page, 'az');
  await page.goto(`/${seeded.store}/product/${seeded.products.alpha}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.store}/checkout/[0-9a-f-]{36}$`));
  const orderId = page.url().split('/').pop() as string;
  await page.getByTestId('field-email').fill('iki@shop.az');
  // The phone as people here write it, with the trunk 0 (SPEC §5 example: 10 234 56 78).
  await page.getByTestId('field-phone').fill('050 123 45 67');
  await page.getByTestId('field-shippingAddress.firstName').fill('Aysel');
  await page.getByTestId('field-shippingAddress.lastName').fill('Məmmədova');
  await page.getByTestId('field-shippingAddress.address1').fill('Nizami küçəsi 10');
  await page.getByTestId('field-shippingAddress.city').fill('Bakı');
  await page.getByTestId('field-shippingAddress.region').selectOption('baku');
  await page.getByTestId('field-shippingAddress.postCode').fill('AZ1000');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('sandbox-amount')).toBeVisible();

  // A second tab opens another card page for the same order (the shopper pressed Pay twice).
  const uniqueCode = await page.evaluate(() => localStorage.getItem('uniqueCode'));
  const second = await context.request.post('/api/Payment/start', { data: { orderId, uniqueCode } });
  expect(second.ok()).toBe(true);
  const tab = await context.newPage();
  await tab.goto((await second.json()).data.redirectUrl);

  await payWithCard(page, SANDBOX_CARDS.approve);
  await expect(page.getByTestId('payment-success')).toBeVisible();
  await expect(page.getByTestId('returned-payments')).toHaveCount(0);

  await payWithCard(tab, SANDBOX_CARDS.approve);
  await expect(tab).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
  await expect(tab.getByTestId('payment-success')).toBeVisible();
  const returned = tab.getByTestId('returned-payment');
  await expect(returned).toHaveAttribute('data-cause', 'already_paid');
  await expect(returned).toContainText('Bu sifariş artıq ödənilmişdi');
  await expect(returned).toContainText('kartınıza geri qaytarıldı');
  await expect(returned).toContainText('424242******4242');

  // The order keeps the phone in one form.
  const status = await context.request.get(`/api/Order/status/${orderId}?uniqueCode=${uniqueCode}`);
  expect((await status.json()).data).toMatchObject({ paymentStatus: 'paid', phone: '+994501234567' });
});

test('a store page runs its own scripts and the analytics services its store turned on, nothing else', async ({
  page,
}) => {
  const url = `/${seeded.store}/product/${seeded.products.alpha}`;
  await page.goto(url);
  await hydrated(page);
  // Something injected into the page (a script the store did not ship) does not run.
  const blocked = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
          once: true,
        });
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.appendChild(script);
      }),
  );
  expect(blocked).toMatch(/^script-src/);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  violations = violations.filter((text) => !text.includes("'inline'") && !text.includes('inline script'));

  // The merchant turns the Meta pixel on: the page may now load Meta's script (this machine has
  // no way out, so it fails on the network — not on the policy).
  const api = await merchantApi();
  await apiData(api, 'POST', '/Market/add-facebook-id', {
    marketId: seeded.marketId,
    facebookPixelId: '123456789012345',
  });
  try {
    const meta = page.waitForRequest((request) => request.url().startsWith('https://connect.facebook.net/'));
    await page.goto(url);
    await hydrated(page);
    await meta;
    await page.waitForTimeout(300);
  } finally {
    await api.delete(`/api/Market/analytics-id/${seeded.marketId}/facebook`);
    await api.dispose();
  }
});

test('an unknown product, page or store is a 404 with the not-found page', async ({ page }) => {
  await useLanguage(page, 'en');
  const unknown = '00000000-0000-4000-8000-000000000000';
  const product = await page.goto(`/${seeded.store}/product/${unknown}`);
  expect(product?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  // Inside the store's frame: its header stays.
  await expect(page.getByTestId('store-brand')).toContainText(seeded.store);

  expect((await page.goto(`/${seeded.store}/category/${unknown}`))?.status()).toBe(404);
  expect((await page.goto(`/${seeded.store}/no-such-page`))?.status()).toBe(404);
  const store = await page.goto(`/no-such-store-${uniqueTag()}`);
  expect(store?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the server HTML carries the title, description, canonical URL, Open Graph and JSON-LD', async ({ request }) => {
  const url = `${origin}/${seeded.store}/product/${seeded.products.gamma}`;
  const response = await request.get(url, { headers: { cookie: 'language=en' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>Gamma shirt · ${seeded.store}</title>`);
  expect(html).toContain('<meta name="description" content="Cotton, soft and light."/>');
  expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
  expect(html).toContain('<meta property="og:type" content="product"/>');
  expect(html).toContain('<meta property="og:title" content="Gamma shirt · ');
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="${origin}/uploads/[^"]+-800\\.webp"/>`));
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  // The product itself is in the HTML, not only in scripts.
  expect(html).toContain('data-testid="product-title">Gamma shirt</h1>');

  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  expect(ld).toBeTruthy();
  const product = JSON.parse(ld as string);
  expect(product).toMatchObject({
    '@type': 'Product',
    name: 'Gamma shirt',
    url,
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: '20.00',
      highPrice: '25.00',
      priceCurrency: 'AZN',
      availability: 'https://schema.org/InStock',
    },
  });

  const sitemap = await request.get(`${origin}/${seeded.store}/sitemap.xml`);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  for (const id of Object.values(seeded.products)) {
    expect(xml).toContain(`<loc>${origin}/${seeded.store}/product/${id}</loc>`);
  }
  expect(xml).toContain(`<loc>${origin}/${seeded.store}/category/${seeded.categoryId}</loc>`);
  const robots = await (await request.get(`${origin}/${seeded.store}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${origin}/${seeded.store}/sitemap.xml`);
  expect(robots).toContain(`Disallow: /${seeded.store}/checkout/`);
});

test('a custom domain serves its store at the root', async ({ playwright }, testInfo) => {
  // The domain resolves to this machine inside this browser only.
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
  });
  try {
    const site = `http://${DOMAIN}:${port}`;
    const context = await browser.newContext({ baseURL: site });
    await context.addCookies([{ name: 'language', value: 'en', domain: DOMAIN, path: '/' }]);
    const page = await context.newPage();
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByTestId('store-brand')).toContainText(DEMO.store);
    await expect(page.getByTestId('store-brand')).toHaveAttribute('href', '/');

    // Links are the store's own, at the root of its domain.
    const card = page.getByTestId('product-card').first();
    await expect(card).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}$/);
    const title = (await card.getByTestId('product-card-title').textContent()) as string;
    await card.click();
    await expect(page).toHaveURL(new RegExp(`^${site}/product/[0-9a-f-]{36}$`));
    await expect(page.getByTestId('product-title')).toHaveText(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', page.url());

    // Server-rendered at the root too, with the store's sitemap and robots.txt.
    const direct = await page.goto(new URL(page.url()).pathname);
    expect(direct?.status()).toBe(200);
    // (Through the browser: only it resolves the domain here.)
    const sitemap = await page.goto('/sitemap.xml');
    expect(await sitemap?.text()).toContain(`<loc>${site}/product/`);
    const robots = await page.goto('/robots.txt');
    expect(await robots?.text()).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect((await page.goto('/about'))?.status()).toBe(200);
    await expect(page.getByTestId('page-title')).toContainText(DEMO.store);
    await context.close();
  } finally {
    await browser.close();
  }

  // The platform's own host keeps its landing page and has no store pages at the root.
  const api = await playwrightRequest.newContext({ baseURL: origin });
  expect((await api.get('/')).status()).toBe(200);
  expect(await (await api.get('/')).text()).not.toContain('data-testid="storefront"');
  expect((await api.get(`/product/${seeded.products.alpha}`)).status()).toBe(404);
  expect((await api.get('/sitemap.xml')).status()).toBe(404);
  await api.dispose();
});
