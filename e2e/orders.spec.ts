import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '@shop/shared';
import {
  apiData,
  imageFile,
  mailsTo,
  merchantWithNewStore,
  parseCsv,
  uniqueEmail,
  uniqueTag,
  useLanguage,
} from './support';

// Orders in the control panel (issue 5): a shopper pays for two products; the merchant finds the
// order in cp/orders, opens it, fulfils one item, refunds the other, and the statuses, the
// timeline and the shopper's e-mails say so — in Azerbaijani and in English. The order settings
// of cp/general number it.

const TEXT = {
  en: {
    title: 'Orders',
    money: (amount: string) => `AZN ${amount}`,
    paid: 'Paid',
    unfulfilled: 'Unfulfilled',
    partial: 'Partially fulfilled',
    fulfilled: 'Fulfilled',
    partiallyRefunded: 'Partially refunded',
    open: 'Open',
    closed: 'Closed',
    items: '2 items',
    region: 'Baku',
    settingsSaved: 'Order settings saved',
    fulfilDone: (name: string) => `1 item of ${name} fulfilled`,
    refundDone: (amount: string) => `AZN ${amount} refunded`,
    tooMuch: (amount: string) => `You can refund at most AZN ${amount}`,
    mails: {
      confirmation: 'Your order is confirmed',
      fulfillment: 'Your order is on its way',
      refund: 'Your money has been refunded',
    },
  },
  az: {
    title: 'Sifarişlər',
    money: (amount: string) => `${amount.replace('.', ',')} ₼`,
    paid: 'Ödənilib',
    unfulfilled: 'İcra olunmayıb',
    partial: 'Qismən icra olunub',
    fulfilled: 'İcra olunub',
    partiallyRefunded: 'Qismən geri qaytarılıb',
    open: 'Açıq',
    closed: 'Bağlı',
    items: '2 məhsul',
    region: 'Bakı',
    settingsSaved: 'Sifariş tənzimləmələri yadda saxlanıldı',
    fulfilDone: (name: string) => `${name} sifarişindən 1 məhsul icra olundu`,
    refundDone: (amount: string) => `${amount.replace('.', ',')} ₼ geri qaytarıldı`,
    tooMuch: (amount: string) => `Ən çox ${amount.replace('.', ',')} ₼ geri qaytarmaq olar`,
    mails: {
      confirmation: 'Sifarişiniz qəbul olundu',
      fulfillment: 'Sifarişiniz yola salındı',
      refund: 'Pulunuz geri qaytarıldı',
    },
  },
} as const;

/**
 * A merchant of its own, signed in in this page's browser context (through the API, with the
 * mailed codes), with one store selling two shirts and one delivery rate: its orders start at 1001.
 */
async function merchantWithStore(page: Page, request: APIRequestContext) {
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'orders');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Shirts ${uniqueTag()}`,
    description: 'Shirts.',
  });
  const upload = async (name: string, colour: { r: number; g: number; b: number }) => {
    const response = await api.post('/api/Media/upload', { multipart: { file: await imageFile(name, colour) } });
    expect(response.ok()).toBe(true);
    return ((await response.json()).data as { url: string }).url;
  };
  const base = { marketId: market.id, categoryId: category.id, description: '<p>A good shirt.</p>' };
  const alpha = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Alpha shirt',
    sku: 'ALPHA-1',
    images: [await upload('red.png', { r: 200, g: 30, b: 30 })],
    price: 3000,
    stock: 5,
  });
  const beta = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    ...base,
    title: 'Beta shirt',
    images: [await upload('blue.png', { r: 30, g: 30, b: 200 })],
    price: 1000,
    stock: 3,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Courier', price: 500 });
  return { market, alpha: alpha.id, beta: beta.id };
}

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

/** The shopper buys one of each shirt through the storefront and pays with the approving test card. */
async function buyBoth(page: Page, store: string, products: { alpha: string; beta: string }, email: string) {
  await page.goto(`/${store}/product/${products.alpha}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto(`/${store}/product/${products.beta}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
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
  await page.getByTestId('field-note').fill('Ring twice');
  await page.getByTestId('pay').click();

  await expect(page.getByTestId('sandbox-amount')).toBeVisible();
  await page.locator('#card').fill(SANDBOX_CARDS.approve);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="action"][value="pay"]').click();
  await expect(page).toHaveURL(/\/card-success\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-success')).toBeVisible();
}

const lineOf = (scope: Page | Locator, title: string) => scope.locator(`[data-testid$="line"][data-title="${title}"]`);

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a paid order is found in cp/orders, one item fulfilled, the other refunded, and the shopper told`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(page, language);
    const { market, alpha, beta } = await merchantWithStore(page, request);
    const shopper = uniqueEmail(`shopper-${language}`);
    const name = 'SB-1001-AZ';

    await test.step('order settings on cp/general: a prefix and a suffix, previewed, then saved', async () => {
      await page.goto('/cp/general');
      const settings = page.getByTestId('order-settings');
      await expect(settings.getByTestId('order-name-preview')).toHaveText('#1001');
      await settings.getByTestId('order-prefix').fill('SB-');
      await settings.getByTestId('order-suffix').fill('-AZ');
      await expect(settings.getByTestId('order-name-preview')).toHaveText(name);
      await settings.getByTestId('order-settings-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.settingsSaved);
      await page.reload();
      await expect(page.getByTestId('order-prefix')).toHaveValue('SB-');
      await expect(page.getByTestId('order-suffix')).toHaveValue('-AZ');
    });

    await test.step('the shopper pays for one of each shirt', async () => {
      await buyBoth(page, market.name, { alpha, beta }, shopper);
      await expect(page.getByTestId('order-name')).toContainText(name);
    });

    await test.step('the order is listed: paid, unfulfilled, open, and found by the e-mail', async () => {
      await page.goto('/cp/orders');
      await expect(page.getByTestId('orders-title')).toHaveText(text.title);
      await expect(page.getByTestId('nav-ordersAll')).toHaveAttribute('aria-current', 'page');
      const row = page.locator(`[data-testid="order-row"][data-name="${name}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('order-customer')).toHaveText('Aysel Məmmədova');
      await expect(row.getByTestId('order-total')).toHaveText(text.money('45.00'));
      await expect(row.getByTestId('payment-status')).toHaveText(text.paid);
      await expect(row.getByTestId('fulfillment-status')).toHaveText(text.unfulfilled);
      await expect(row.getByTestId('order-items')).toHaveText(text.items);

      // The sidebar's views are the page's tabs, kept in the URL.
      await page.getByTestId('nav-ordersUnfulfilled').click();
      await expect(page).toHaveURL(/\/cp\/orders\?view=unfulfilled$/);
      await expect(page.getByTestId('orders-view-unfulfilled')).toHaveAttribute('aria-selected', 'true');
      await expect(row).toBeVisible();
      await page.getByTestId('orders-view-closed').click();
      await expect(page).toHaveURL(/\?view=closed$/);
      await expect(page.getByTestId('orders-empty')).toBeVisible();
      await page.getByTestId('orders-view-all').click();

      await page.getByTestId('orders-search').fill(shopper);
      await expect(page).toHaveURL(/search=/);
      await expect(page.getByTestId('order-row')).toHaveCount(1);
      await page.getByTestId('orders-search').fill('no-such-shopper@shop.az');
      await expect(page.getByTestId('orders-no-match')).toBeVisible();
      await page.getByTestId('orders-reset-filters').click();
      await expect(row).toBeVisible();

      // A date range is part of the shared link too: a month long ago has none of it.
      await page.goto('/cp/orders?from=2020-01-01&to=2020-01-31');
      await expect(page.getByTestId('orders-no-match')).toBeVisible();
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/cp/orders?from=${day(-1)}&to=${day(1)}`);
      await expect(row).toBeVisible();
    });

    await test.step('its page: contact, addresses, note, money and the payment', async () => {
      await page.locator(`[data-testid="order-row"][data-name="${name}"]`).getByTestId('order-customer').click();
      await expect(page).toHaveURL(new RegExp(`/cp/order-details/${market.id}/[0-9a-f-]{36}$`));
      await expect(page.getByTestId('order-title')).toHaveText(name);
      // The sidebar keeps Orders marked on an order's page.
      await expect(page.getByTestId('nav-orders')).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('order-email')).toHaveText(shopper);
      await expect(page.getByTestId('order-phone')).toContainText('10 234 56 78');
      const address = page.getByTestId('order-shipping-address');
      await expect(address).toContainText('Aysel Məmmədova');
      await expect(address).toContainText('Nizami küçəsi 10');
      await expect(address).toContainText(`Bakı, ${text.region}`);
      await expect(page.getByTestId('order-note')).toContainText('Ring twice');
      await expect(page.getByTestId('order-subtotal')).toHaveText(text.money('40.00'));
      await expect(page.getByTestId('order-shipping')).toHaveText(text.money('5.00'));
      await expect(page.getByTestId('order-total')).toHaveText(text.money('45.00'));
      await expect(page.getByTestId('order-card')).toHaveText(/4242/);
      await expect(page.getByTestId('order-paid-at')).not.toHaveText('—');
      await expect(lineOf(page, 'Alpha shirt').getByTestId('line-sku')).toHaveText('ALPHA-1');
      await expect(page.locator('[data-testid="order-event"][data-kind="paid"]')).toHaveCount(1);
      await expect(page.getByTestId('order-state')).toHaveText(text.open);

      // Archiving closes it by hand; unarchiving opens it again.
      await page.getByTestId('toggle-archive').click();
      await expect(page.getByTestId('order-archived')).toBeVisible();
      await expect(page.getByTestId('order-state')).toHaveText(text.closed);
      await page.getByTestId('toggle-archive').click();
      await expect(page.getByTestId('order-archived')).toHaveCount(0);
      await expect(page.getByTestId('order-state')).toHaveText(text.open);
    });

    await test.step('the Alpha shirt is fulfilled; the order is partly fulfilled', async () => {
      await page.getByTestId('open-fulfil').click();
      const dialog = page.getByTestId('fulfil-modal').getByRole('dialog');
      // All that remains is chosen at first.
      await expect(lineOf(dialog, 'Alpha shirt').getByTestId('fulfil-quantity')).toHaveValue('1');
      await lineOf(dialog, 'Beta shirt').getByTestId('fulfil-quantity').fill('0');
      await dialog.getByTestId('fulfil-submit').click();
      await expect(page.getByTestId('notice')).toContainText(text.fulfilDone(name));
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('fulfillment-status')).toHaveText(text.partial);
      await expect(lineOf(page, 'Alpha shirt')).toHaveAttribute('data-fulfilled', '1');
      await expect(lineOf(page, 'Beta shirt')).toHaveAttribute('data-fulfilled', '0');
      await expect(page.locator('[data-testid="order-event"][data-kind="fulfilled"]')).toHaveCount(1);
    });

    await test.step('the Beta shirt is refunded and restocked; never more than can be refunded', async () => {
      await page.getByTestId('open-refund').click();
      const dialog = page.getByTestId('refund-modal').getByRole('dialog');
      await expect(dialog.getByTestId('refund-amount')).toHaveValue('45.00');
      await dialog.getByTestId('refund-amount').fill('45.01');
      await dialog.getByTestId('refund-submit').click();
      await expect(dialog).toContainText(text.tooMuch('45.00'));

      await lineOf(dialog, 'Beta shirt').getByTestId('refund-restock').fill('1');
      await dialog.getByTestId('refund-use-items').click();
      await expect(dialog.getByTestId('refund-amount')).toHaveValue('10.00');
      await dialog.getByTestId('refund-reason').fill('Out of blue dye');
      await dialog.getByTestId('refund-submit').click();
      await expect(page.getByTestId('notice')).toContainText(text.refundDone('10.00'));
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('payment-status')).toHaveText(text.partiallyRefunded);
      await expect(page.getByTestId('order-refunded')).toHaveText(`−${text.money('10.00')}`);
      await expect(page.getByTestId('order-net')).toHaveText(text.money('35.00'));
      await expect(lineOf(page, 'Beta shirt')).toHaveAttribute('data-refunded', '1');
      const refunded = page.locator('[data-testid="order-event"][data-kind="refunded"]');
      await expect(refunded).toHaveCount(1);
      await expect(refunded).toContainText('Out of blue dye');
      // What was left to send was refunded: nothing more to fulfil.
      await expect(page.getByTestId('fulfillment-status')).toHaveText(text.fulfilled);
      await expect(page.getByTestId('order-state')).toHaveText(text.closed);
      await expect(page.getByTestId('open-fulfil')).toHaveCount(0);
    });

    await test.step('the shopper got the confirmation, the shipping and the refund e-mails, in their language', async () => {
      await expect
        .poll(async () => (await mailsTo(request, shopper)).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      const mails = await mailsTo(request, shopper);
      for (const mail of mails) expect(mail.subject).toContain(name);
      expect(mails.some((m) => m.subject.startsWith(text.mails.confirmation))).toBe(true);
      for (const subject of Object.values(text.mails)) {
        expect(
          mails.filter((m) => m.subject.startsWith(subject)),
          subject,
        ).toHaveLength(1);
      }
      const refundMail = mails.find((m) => m.subject.startsWith(text.mails.refund));
      // (Money is written with a no-break space.)
      expect(refundMail?.text.replace(/\s/g, ' ')).toContain(text.money('10.00'));
      await expect(page.locator('[data-testid="order-event"][data-kind="email_sent"]')).toHaveCount(3);
    });

    await test.step('the list follows: fulfilled, partly refunded, among the closed orders', async () => {
      await page.getByTestId('order-back').click();
      await page.getByTestId('nav-ordersClosed').click();
      const row = page.locator(`[data-testid="order-row"][data-name="${name}"]`);
      await expect(row.getByTestId('fulfillment-status')).toHaveText(text.fulfilled);
      await expect(row.getByTestId('payment-status')).toHaveText(text.paid);

      // The CSV of the view: the order with what happened to it.
      const download = page.waitForEvent('download');
      await page.getByTestId('orders-export').click();
      const file = await (await download).path();
      const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
      const record = Object.fromEntries((header ?? []).map((column, i) => [column, rows[0]?.[i]]));
      expect(rows).toHaveLength(1);
      expect(record).toMatchObject({
        order: name,
        email: shopper,
        payment_status: 'paid',
        fulfillment_status: 'fulfilled',
        total: '45.00',
        refunded: '10.00',
        closed: 'yes',
      });

      await page.getByTestId('nav-ordersOpen').click();
      await expect(page.getByTestId('orders-empty')).toBeVisible();
    });
  });
}

test('a fulfilment or a refund that fails says "Failed to fulfill order" / "Failed to refund order" with the reason under it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  const { market, alpha, beta } = await merchantWithStore(page, request);
  await buyBoth(page, market.name, { alpha, beta }, uniqueEmail('shopper-failures'));
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  const orderApi = (action: 'fulfill' | 'cancel') =>
    apiData(page.request, 'PUT', `/Order/${action}/${orderId}?marketId=${market.id}`, {});
  await page.goto(`/cp/order-details/${market.id}/${orderId}`);

  // Another tab sends everything while this dialog is open.
  await page.getByTestId('open-fulfil').click();
  const fulfil = page.getByTestId('fulfil-modal').getByRole('dialog');
  await expect(fulfil.getByTestId('fulfil-submit')).toBeEnabled();
  await orderApi('fulfill');
  await fulfil.getByTestId('fulfil-submit').click();
  const fulfilFailure = fulfil.getByTestId('fulfil-failure');
  await expect(fulfilFailure).toContainText('Failed to fulfill order');
  await expect(fulfilFailure).toContainText('Every item of this order is already fulfilled');
  await expect(page.getByTestId('notice')).toContainText('Failed to fulfill order');
  await fulfil.getByRole('button', { name: 'Cancel' }).click();

  // … and refunds it all while this one is open.
  await page.getByTestId('open-refund').click();
  const refund = page.getByTestId('refund-modal').getByRole('dialog');
  await expect(refund.getByTestId('refund-amount')).toHaveValue('45.00');
  await orderApi('cancel');
  await refund.getByTestId('refund-submit').click();
  const refundFailure = refund.getByTestId('refund-failure');
  await expect(refundFailure).toContainText('Failed to refund order');
  await expect(refundFailure).toContainText('This order is canceled or refunded in full');
  await expect(page.getByTestId('notice')).toContainText('Failed to refund order');
});
