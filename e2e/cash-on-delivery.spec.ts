import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney, type OrderDetails } from '@shop/shared';
import { apiData, imageFile, mailsTo, merchantWithNewStore, uniqueEmail, uniqueTag, useLanguage } from './support';

// Cash on delivery (issue 14): a store offers it with its courier, for a 3.00 ₼ fee. A shopper
// chooses it at checkout — the fee and the new total shown, gone with a tariff it does not go
// with — places the order without paying, is told on the result page and by e-mail to pay the
// courier; the merchant's API shows the order unpaid, in cash, its unit taken; in the control
// panel the merchant finds the setting, ships the order unpaid and marks it paid when the courier
// brings the cash, which the balance page names apart from payouts. In Azerbaijani and in English.

const TEXT = {
  en: {
    payment: 'Payment',
    card: 'Card',
    cash: 'Cash on delivery',
    cashHint: 'Pay the courier in cash on delivery',
    cashFee: 'Cash on delivery fee',
    pay: 'Pay',
    placeOrder: 'Place order',
    unavailable: 'Cash on delivery is not available for this order. Choose another delivery or pay by card',
    placedTitle: 'Thank you! Your order is placed',
    payCourier: (total: string) => `Pay ${total} in cash to the courier on delivery.`,
    settingOn: 'Offer cash on delivery',
    methodCash: 'Cash on delivery',
    markPaid: 'Mark as paid',
    paidDone: 'Marked as paid: the cash is recorded',
    cashCollected: 'Cash collected on delivery',
    mail: {
      subject: 'Your order is confirmed',
      payCourier: (total: string) => `Pay ${total} in cash to the courier on delivery.`,
      cashFee: 'Cash on delivery fee',
    },
  },
  az: {
    payment: 'Ödəniş',
    card: 'Kart',
    cash: 'Qapıda nağd ödəniş',
    cashHint: 'Çatdırılanda kuryerə nağd ödəyin',
    cashFee: 'Qapıda ödəniş haqqı',
    pay: 'Ödə',
    placeOrder: 'Sifarişi təsdiqlə',
    unavailable: 'Bu sifariş üçün qapıda nağd ödəniş mümkün deyil. Başqa çatdırılma seçin və ya kartla ödəyin',
    placedTitle: 'Təşəkkür edirik! Sifarişiniz qəbul olundu',
    payCourier: (total: string) => `Çatdırılanda kuryerə ${total} nağd ödəyin.`,
    settingOn: 'Qapıda nağd ödəniş təklif et',
    methodCash: 'Qapıda nağd ödəniş',
    markPaid: 'Ödənildi kimi qeyd et',
    paidDone: 'Ödənildi kimi qeyd olundu: nağd pul qeydə alındı',
    cashCollected: 'Nağd pul çatdırılma zamanı alındı',
    mail: {
      subject: 'Sifarişiniz qəbul olundu',
      payCourier: (total: string) => `Çatdırılanda kuryerə ${total} nağd ödəyin.`,
      cashFee: 'Qapıda ödəniş haqqı',
    },
  },
} as const;

/**
 * A new merchant (signed in on `api`) with a store selling one shirt (20.00 ₼, 5 in stock), a
 * courier (5.00 ₼) and a free pickup; cash on delivery on with the courier only, for 3.00 ₼.
 */
async function storeWithCash(api: APIRequestContext, request: APIRequestContext) {
  const market = await merchantWithNewStore(api, request, 'cod');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Shirts ${uniqueTag()}`,
    description: 'Shirts.',
  });
  const picture = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('green.png', { r: 30, g: 160, b: 60 }) },
  });
  expect(picture.ok()).toBe(true);
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Cotton shirt',
    description: '<p>A good shirt.</p>',
    images: [((await picture.json()).data as { url: string }).url],
    price: 2000,
    stock: 5,
  });
  const courier = await apiData<{ id: string }>(api, 'POST', '/ShippingTariff/create', {
    marketId: market.id,
    name: 'Courier',
    price: 500,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Pickup', price: 0, isFree: true });
  const cash = (enabled: boolean) =>
    apiData(api, 'PUT', `/PaymentSettings/${market.id}`, {
      cashOnDelivery: { enabled, fee: 300, tariffIds: [courier.id] },
    });
  await cash(true);
  return { market, product: product.id, cash };
}

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

/** The tariff of the checkout named `name`. */
const tariffNamed = (page: Page, name: string) => page.getByTestId('tariff').filter({ hasText: name });

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];
  const money = (minor: number) => formatMoney(minor, language);

  test(`${language}: a shopper pays the courier in cash; the fee is in the total, the order placed unpaid`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const { market, product, cash } = await storeWithCash(request, request);
    const shopper = uniqueEmail(`cod-${language}`);
    let checkoutUrl = '';
    let orderId = '';

    await test.step('the shopper puts the shirt in the cart and fills in the checkout', async () => {
      await page.goto(`/${market.name}/product/${product}`);
      await hydrated(page);
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await page.getByTestId('cart-checkout').click();
      await expect(page).toHaveURL(new RegExp(`/${market.name}/checkout/[0-9a-f-]{36}$`));
      checkoutUrl = page.url();
      await expect(page.getByTestId('summary-line')).toContainText('Cotton shirt');
      // Nothing known of cash before a tariff is chosen: card only, as ever.
      await expect(page.getByTestId('payment-methods')).toBeHidden();
      await expect(page.getByTestId('pay')).toHaveText(text.pay);

      await page.getByTestId('field-email').fill(shopper);
      await page.getByTestId('field-phone').fill('10 234 56 78');
      await page.getByTestId('field-shippingAddress.firstName').fill('Aysel');
      await page.getByTestId('field-shippingAddress.lastName').fill('Məmmədova');
      await page.getByTestId('field-shippingAddress.address1').fill('Nizami küçəsi 10');
      await page.getByTestId('field-shippingAddress.city').fill('Bakı');
      await page.getByTestId('field-shippingAddress.postCode').fill('AZ1000');
      await page.getByTestId('field-shippingAddress.region').selectOption('baku');
      await expect(page.getByTestId('tariff')).toHaveCount(2);
    });

    await test.step('with the courier, cash on delivery is offered beside the card, its fee said', async () => {
      await tariffNamed(page, 'Courier').locator('input').check();
      const methods = page.getByTestId('payment-methods');
      await expect(methods).toBeVisible();
      await expect(methods.locator('legend')).toHaveText(text.payment);
      await expect(page.getByRole('radiogroup', { name: text.payment })).toBeVisible();
      await expect(page.getByTestId('payment-method-card')).toBeChecked();
      await expect(page.getByTestId('payment-method-card-option')).toContainText(text.card);
      const cashOption = page.getByTestId('payment-method-cash-option');
      await expect(cashOption).toContainText(text.cash);
      await expect(cashOption).toContainText(text.cashHint);
      await expect(cashOption).toContainText(`+${money(300)}`);
      await expect(page.getByTestId('summary-total')).toHaveText(money(2500));
      await expect(page.getByTestId('summary-cash-fee')).toBeHidden();

      await page.getByRole('radio', { name: new RegExp(text.cash) }).check();
      await expect(page.getByTestId('payment-method-cash')).toBeChecked();
      await expect(page.getByTestId('summary-shipping')).toHaveText(money(500));
      await expect(page.getByTestId('summary-cash-fee')).toHaveText(money(300));
      await expect(page.getByTestId('summary-total')).toHaveText(money(2800));
      await expect(page.getByTestId('summary-bar-total')).toHaveText(money(2800));
      await expect(page.getByTestId('pay')).toHaveText(text.placeOrder);
    });

    await test.step('the pickup has no cash on delivery: the card again, no fee', async () => {
      await tariffNamed(page, 'Pickup').locator('input').check();
      await expect(page.getByTestId('payment-methods')).toBeHidden();
      await expect(page.getByTestId('summary-cash-fee')).toBeHidden();
      await expect(page.getByTestId('summary-total')).toHaveText(money(2000));
      await expect(page.getByTestId('pay')).toHaveText(text.pay);

      // Back with the courier, the card is chosen until the shopper picks cash again.
      await tariffNamed(page, 'Courier').locator('input').check();
      await expect(page.getByTestId('payment-method-card')).toBeChecked();
      await expect(page.getByTestId('summary-total')).toHaveText(money(2500));
      await page.getByTestId('payment-method-cash').check();
      await expect(page.getByTestId('summary-total')).toHaveText(money(2800));
    });

    await test.step('the store takes cash on delivery back meanwhile: the order is refused, the card again', async () => {
      await cash(false);
      await page.getByTestId('pay').click();
      await expect(page.getByTestId('notice')).toContainText(text.unavailable);
      await expect(page.getByTestId('cash-unavailable')).toHaveText(text.unavailable);
      await expect(page.getByTestId('payment-methods')).toBeHidden();
      await expect(page.getByTestId('summary-total')).toHaveText(money(2500));
      await expect(page.getByTestId('pay')).toHaveText(text.pay);
      await expect(page).toHaveURL(checkoutUrl);

      // On again: the checkout, opened anew, offers it with its courier.
      await cash(true);
      await page.reload();
      await expect(tariffNamed(page, 'Courier').locator('input')).toBeChecked();
      await expect(page.getByTestId('payment-method-card')).toBeChecked();
      await page.getByTestId('payment-method-cash').check();
      await expect(page.getByTestId('summary-total')).toHaveText(money(2800));
    });

    await test.step('the order is placed without a card: the page says to pay the courier', async () => {
      await page.getByTestId('pay').click();
      await expect(page).toHaveURL(/\/success\?orderId=[0-9a-f-]{36}$/);
      orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      const placed = page.getByTestId('order-placed');
      await expect(placed).toBeVisible();
      await expect(placed.locator('h1')).toHaveText(text.placedTitle);
      await expect(page.getByTestId('order-name')).toContainText('#1001');
      await expect(page.getByTestId('cash-due')).toHaveText(text.payCourier(money(2800)));
      await expect(placed.getByTestId('summary-line')).toContainText('Cotton shirt');
      await expect(placed.getByTestId('summary-cash-fee')).toHaveText(money(300));
      await expect(placed.getByTestId('summary-total')).toHaveText(money(2800));
      await expect(placed).toContainText('Nizami küçəsi 10');
      await expect(page.getByTestId('payment-success')).toHaveCount(0);
      await expect(page.getByTestId('payment-failed')).toHaveCount(0);

      // Its checkout, opened again, has nothing left to pay: it leads to the same page.
      await page.goto(checkoutUrl);
      await expect(page).toHaveURL(new RegExp(`/success\\?orderId=${orderId}$`));
      await expect(page.getByTestId('order-placed')).toBeVisible();
    });

    await test.step('the confirmation e-mail tells the shopper to pay the courier', async () => {
      const confirmation = async () =>
        (await mailsTo(request, shopper)).find((mail) => mail.subject.startsWith(text.mail.subject));
      await expect.poll(async () => (await confirmation())?.subject, { timeout: 15_000 }).toContain('#1001');
      const mail = await confirmation();
      expect(mail?.text).toContain(text.mail.payCourier(money(2800)));
      expect(mail?.text).toContain(`${text.mail.cashFee}: ${money(300)}`);
    });

    await test.step('the merchant sees the order unpaid, in cash, and its unit taken', async () => {
      const order = await apiData<OrderDetails>(request, 'GET', `/Order/${orderId}?marketId=${market.id}`);
      expect(order).toMatchObject({
        paymentStatus: 'unpaid',
        paymentMethod: 'cash',
        cashFee: 300,
        total: 2800,
        shippingPrice: 500,
        language,
      });
      const shirt = await apiData<{ stock: number }>(request, 'GET', `/Products/${market.id}/${product}`);
      expect(shirt.stock).toBe(4);
    });

    await test.step('in the control panel the merchant sees the setting, ships the order unpaid and marks it paid', async () => {
      const { cookies } = await request.storageState();
      await page.context().addCookies(cookies);
      await page.goto('/cp/payments');
      const form = page.getByTestId('cash-form');
      await expect(form.getByRole('switch', { name: text.settingOn })).toBeChecked();
      await expect(page.getByTestId('cash-fee')).toHaveValue('3.00');

      await page.goto(`/cp/order-details/${market.id}/${orderId}`);
      await expect(page.getByTestId('order-payment-method')).toContainText(text.methodCash);
      await expect(page.getByTestId('order-cash-fee')).toContainText(money(300));
      await expect(page.getByTestId('order-cash-due')).toContainText(money(2800));
      // Shipped before the cash comes: the courier collects it.
      await page.getByTestId('open-fulfil').click();
      await page.getByTestId('fulfil-submit').click();
      await expect(page.getByTestId('open-fulfil')).toHaveCount(0);
      await page.getByTestId('order-mark-paid').click();
      await expect(page.getByTestId('notice')).toContainText(text.paidDone);
      await expect(page.getByTestId('order-mark-paid')).toHaveCount(0);
      await expect(page.getByTestId('order-timeline')).toContainText(text.cashCollected);

      await page.goto('/cp/balance-payout');
      await expect(page.getByTestId('balance-collected')).toContainText(money(2800));
      await expect(page.getByTestId('balance-available-amount')).toHaveText(money(0));
    });
  });
}
