import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import {
  apiData,
  codeFor,
  enterCode,
  imageFile,
  mailsTo,
  merchantWithNewStore,
  PASSWORD,
  uniqueEmail,
  uniqueTag,
  useLanguage,
} from './support';

// A store's employees (SPEC §6; issue 15, decision 022): the owner invites a person at the orders
// level from Settings → Employees; the person opens the mailed link, signs in and accepts; they
// fulfil an order — the timeline names them — but products are not theirs; the owner removes them
// and the store is gone from their panel. Texts: locales/*/employees.json, shared messages.
const TEXT = {
  az: {
    tab: 'Əməkdaşlar',
    orders: 'Sifarişlər',
    selfRefused: 'Bu sizin öz e-poçtunuzdur: bu mağaza onsuz da sizindir',
    sent: (email: string) => `Dəvət ${email} ünvanına göndərildi`,
    invited: 'Dəvət edilib',
    active: 'Aktiv',
    subject: (store: string) => `${store} mağazasında işləməyə dəvət`,
    join: (store: string) => `${store} mağazasına qoşulun`,
    accept: (store: string) => `Qəbul edin və ${store} mağazasını açın`,
    worksIn: (store: string) => `Siz ${store} mağazasında “Sifarişlər” girişi ilə işləyirsiniz.`,
    noAccess: 'Bu səhifə girişinizə daxil deyil',
    fulfilled: (name: string) => `${name} sifarişindən 1 məhsul icra olundu`,
    by: (who: string) => `İcra edən: ${who}`,
    removed: (who: string) => `${who} artıq mağazaya giriş əldə edə bilmir`,
  },
  en: {
    tab: 'Employees',
    orders: 'Orders',
    selfRefused: 'This is your own e-mail: you already own this store',
    sent: (email: string) => `Invitation sent to ${email}`,
    invited: 'Invited',
    active: 'Active',
    subject: (store: string) => `An invitation to work in ${store}`,
    join: (store: string) => `Join ${store}`,
    accept: (store: string) => `Accept and open ${store}`,
    worksIn: (store: string) => `You work in ${store} with the access “Orders”.`,
    noAccess: 'This page is not part of your access',
    fulfilled: (name: string) => `1 item of ${name} fulfilled`,
    by: (who: string) => `By ${who}`,
    removed: (who: string) => `${who} no longer has access to the store`,
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

/** An account registered and confirmed through the API (the mailed code), with no store. */
async function account(request: APIRequestContext, email: string) {
  const since = Date.now();
  await apiData(request, 'POST', '/User/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  });
  await apiData(request, 'POST', '/User/confirm-email', { email, code: await codeFor(request, email, since) });
}

/** The owner's store with one product in stock and a delivery rate, the owner signed in on `page`. */
async function storeWithProduct(page: Page, request: APIRequestContext) {
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'staffed');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Mugs ${uniqueTag()}`,
  });
  const upload = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('mug.png', { r: 160, g: 90, b: 40 }) },
  });
  const image = ((await upload.json()).data as { url: string }).url;
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Clay mug',
    description: '<p>A mug.</p>',
    images: [image],
    price: 1500,
    stock: 5,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Courier', price: 500 });
  return { market, product: product.id };
}

/** A shopper buys the mug through the storefront with the approving test card; answers the order's name. */
async function buyMug(browser: Browser, store: string, productId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/${store}/product/${productId}`);
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('field-email').fill(uniqueEmail('mug-shopper'));
  await page.getByTestId('field-phone').fill('10 234 56 78');
  await page.getByTestId('field-shippingAddress.firstName').fill('Aysel');
  await page.getByTestId('field-shippingAddress.lastName').fill('Məmmədova');
  await page.getByTestId('field-shippingAddress.address1').fill('Nizami küçəsi 10');
  await page.getByTestId('field-shippingAddress.city').fill('Bakı');
  await page.getByTestId('field-shippingAddress.region').selectOption('baku');
  await page.getByTestId('field-shippingAddress.postCode').fill('AZ1000');
  await page.getByTestId('pay').click();
  await page.locator('#card').fill(SANDBOX_CARDS.approve);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="action"][value="pay"]').click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  // The page says "Order #1001": the name is the number with the store's prefix.
  const name = (await page.getByTestId('order-name').textContent())?.match(/#\d+/)?.[0] ?? '';
  await context.close();
  return name;
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: an employee invited at the orders level accepts, fulfils an order (named on its timeline), cannot edit products, and is removed`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(page, language);
    const { market, product } = await storeWithProduct(page, request);
    const ownerEmail = (await apiData<{ email: string }>(page.request, 'GET', '/User/get-user')).email;
    const email = uniqueEmail(`employee-${language}`);
    await account(request, email);
    const orderName = await buyMug(browser, market.name, product);

    await test.step('the owner invites: their own e-mail is refused at the field, the person is invited', async () => {
      await page.goto('/cp/general');
      await page.getByTestId('settings-tab-employees').click();
      await expect(page).toHaveURL(/\/cp\/employees$/);
      await expect(page.getByTestId('employees-empty')).toBeVisible();
      const input = page.getByTestId('invite-email');
      await input.fill(ownerEmail);
      await page.getByTestId('invite-submit').click();
      await expect(fieldOf(input)).toContainText(text.selfRefused);

      await input.fill(email);
      await page.getByTestId('invite-level').click();
      await page.getByRole('option', { name: text.orders, exact: true }).click();
      await page.getByTestId('invite-submit').click();
      await expect(page.getByTestId('notice')).toContainText(text.sent(email));
      const row = page.locator(`[data-testid="employee-row"][data-email="${email}"]`);
      await expect(row.getByTestId('employee-status')).toHaveText(text.invited);
      await expect(row.getByTestId('employee-level')).toHaveValue(text.orders);
    });

    const employee = await browser.newContext();
    const staffPage = await employee.newPage();
    await useLanguage(staffPage, language);

    await test.step('the person opens the mailed link, signs in and accepts', async () => {
      const [mail] = await mailsTo(request, email);
      expect(mail?.subject).toBe(text.subject(market.name));
      const link = mail?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      await staffPage.goto(new URL(link).pathname);
      await expect(staffPage.getByRole('heading', { name: text.join(market.name) })).toBeVisible();
      await staffPage.getByTestId('invitation-sign-in').click();
      await expect(staffPage.getByTestId('login-email')).toHaveValue(email);
      await staffPage.getByTestId('login-password').fill(PASSWORD);
      const since = Date.now();
      await staffPage.getByTestId('login-submit').click();
      await enterCode(staffPage, await codeFor(request, email, since));
      await staffPage.getByTestId('code-submit').click();
      // Signed in, back at the invitation.
      await staffPage.getByTestId('invitation-accept').click();
      await expect(staffPage).toHaveURL(/\/cp\/home$/);
      await expect(staffPage.getByTestId('employee-home')).toContainText(text.worksIn(market.name));
      await expect(staffPage.getByTestId('nav-orders')).toBeVisible();
      await expect(staffPage.getByTestId('nav-products')).toHaveCount(0);
      await expect(staffPage.getByTestId('nav-settings')).toHaveCount(0);
    });

    await test.step('they fulfil the order; the timeline names them', async () => {
      await staffPage.getByTestId('nav-ordersAll').click();
      await staffPage.locator(`[data-testid="order-row"][data-name="${orderName}"]`).getByTestId('order-name').click();
      await staffPage.getByTestId('open-fulfil').click();
      const dialog = staffPage.getByTestId('fulfil-modal').getByRole('dialog');
      await dialog.getByTestId('fulfil-submit').click();
      await expect(staffPage.getByTestId('notice')).toContainText(text.fulfilled(orderName));
      const fulfilled = staffPage.locator('[data-testid="order-event"][data-kind="fulfilled"]');
      await expect(fulfilled.getByTestId('event-by')).toHaveText(text.by(email));
    });

    await test.step('products are not theirs: the page says so', async () => {
      await staffPage.goto('/cp/products');
      await expect(staffPage.getByTestId('no-access')).toContainText(text.noAccess);
      await staffPage.goto('/cp/employees');
      await expect(staffPage.getByTestId('no-access')).toBeVisible();
    });

    await test.step('the owner sees them working, removes them, and the store is gone from their panel', async () => {
      await page.reload();
      const row = page.locator(`[data-testid="employee-row"][data-email="${email}"]`);
      await expect(row.getByTestId('employee-status')).toHaveText(text.active);
      await row.getByTestId('employee-remove').click();
      await page.getByTestId('confirm-remove-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.removed(email));
      await expect(row).toHaveCount(0);

      await staffPage.goto('/cp/orders');
      // No store left to work in: they are offered to create their own.
      await expect(staffPage).toHaveURL(/\/create-market$/);
    });
    await employee.close();
  });
}
