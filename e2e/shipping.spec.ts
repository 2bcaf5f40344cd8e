import { expect, type Locator, type Page, test } from '@playwright/test';
import { codeFor, PASSWORD, uniqueEmail, uniqueStoreName, useLanguage } from './support';

// What a merchant reads on the shipping screen, per language (locales/*/shipping.json and the
// messages of packages/shared/src/messages.ts).
const TEXT = {
  en: {
    title: 'Shipping and delivery',
    emptyTitle: 'No delivery rates yet',
    courier: 'Baku courier',
    freeName: 'Free over 100',
    conditional: 'Conditional rate',
    byWeight: 'Order weight',
    baku: 'Baku',
    anyOrder: 'Any order',
    everywhere: 'All of Azerbaijan',
    oneToTwoDays: '1–2 days',
    money: (amount: string) => `AZN ${amount}`,
    free: 'Free',
    ordersFrom100: 'Orders from AZN 100.00',
    upTo2kg: 'Up to 2 kg',
    added: (name: string) => `Rate “${name}” added`,
    saved: (name: string) => `Rate “${name}” saved`,
    switchedOff: (name: string) => `“${name}” is no longer offered at checkout`,
    deleted: (name: string) => `Rate “${name}” deleted`,
    // The message catalogue
    required: 'Fill in the inputs completely',
    priceRequired: "Price can't be blank",
    invalidRange: 'The lower bound must not exceed the upper bound',
  },
  az: {
    title: 'Göndərmə və çatdırılma',
    emptyTitle: 'Hələ çatdırılma tarifi yoxdur',
    courier: 'Bakı kuryer',
    freeName: '100 manatdan yuxarı pulsuz',
    conditional: 'Şərti tarif',
    byWeight: 'Sifarişin çəkisi',
    baku: 'Bakı',
    anyOrder: 'İstənilən sifariş',
    everywhere: 'Bütün Azərbaycan',
    oneToTwoDays: '1–2 gün',
    money: (amount: string) => `${amount.replace('.', ',')} ₼`,
    free: 'Pulsuz',
    ordersFrom100: 'Sifariş məbləği ən azı 100,00 ₼',
    upTo2kg: 'Çəki ən çox 2 kq',
    added: (name: string) => `«${name}» tarifi əlavə edildi`,
    saved: (name: string) => `«${name}» tarifi yadda saxlanıldı`,
    switchedOff: (name: string) => `«${name}» artıq sifarişdə təklif olunmur`,
    deleted: (name: string) => `«${name}» tarifi silindi`,
    required: 'Xanaları tam doldurun',
    priceRequired: 'Qiymət boş ola bilməz',
    invalidRange: 'Aşağı hədd yuxarı həddən böyük ola bilməz',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

const rowOf = (page: Page, name: string) => page.locator(`[data-testid="tariff-row"][data-name="${name}"]`);

/**
 * A merchant of its own with one store, signed in in this page's browser context: registered,
 * confirmed and signed in through the API with the mailed codes (the screens for that are the
 * onboarding journey's), so the store starts without a single rate.
 */
async function freshMerchant(page: Page, request: Page['request']) {
  const email = uniqueEmail('shipping');
  const api = page.request;
  let since = Date.now();
  expect(
    (
      await api.post('/api/User/register', {
        data: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      })
    ).status(),
  ).toBe(200);
  const confirmed = await api.post('/api/User/confirm-email', {
    data: { email, code: await codeFor(request, email, since) },
  });
  expect(confirmed.status()).toBe(200);
  since = Date.now();
  expect((await api.post('/api/User/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  const signedIn = await api.post('/api/User/confirm-login', {
    data: { email, code: await codeFor(request, email, since) },
  });
  expect(signedIn.status()).toBe(200);
  const store = await api.post('/api/Market/create-store', { data: { name: uniqueStoreName('ship'), sectorId: 1 } });
  expect(store.status()).toBe(201);
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a flat rate for Baku and a free rate over 100 ₼, listed, edited, switched off and deleted`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, language);
    await freshMerchant(page, request);

    await page.goto('/cp/shipping-and-delivery');
    await expect(page.getByTestId('cp-shipping-title')).toHaveText(text.title);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('settings-tab-shipping')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('tariffs-empty')).toContainText(text.emptyTitle);

    const dialog = page.getByTestId('tariff-modal').getByRole('dialog');
    await test.step('a flat rate for Baku; the form says what is missing at its field', async () => {
      await page.getByTestId('add-tariff').click();
      await expect(page.getByTestId('tariff-name')).toBeFocused();
      await page.getByTestId('tariff-save').click();
      await expect(fieldOf(page.getByTestId('tariff-name'))).toContainText(text.required);
      await expect(fieldOf(page.getByTestId('tariff-form-price'))).toContainText(text.priceRequired);

      await page.getByTestId('tariff-name').fill(text.courier);
      await page.getByTestId('tariff-form-price').fill('5');
      await page.getByTestId('tariff-regions').click();
      await page.getByTestId('tariff-regions').fill(text.baku.slice(0, 3));
      await page.getByRole('option', { name: text.baku, exact: true }).click();
      await page.getByTestId('tariff-min-days').fill('3');
      await page.getByTestId('tariff-max-days').fill('2');
      await page.getByTestId('tariff-save').click();
      await expect(fieldOf(page.getByTestId('tariff-max-days'))).toContainText(text.invalidRange);
      await page.getByTestId('tariff-min-days').fill('1');
      await page.getByTestId('tariff-save').click();

      await expect(page.getByTestId('notice')).toContainText(text.added(text.courier));
      await expect(dialog).toBeHidden();
      const row = rowOf(page, text.courier);
      await expect(row.getByTestId('tariff-price')).toHaveText(text.money('5.00'));
      await expect(row.getByTestId('tariff-zone')).toHaveText(text.baku);
      await expect(row.getByTestId('tariff-condition')).toHaveText(text.anyOrder);
      await expect(row.getByTestId('tariff-days')).toHaveText(text.oneToTwoDays);
      await expect(row.getByTestId('tariff-active-toggle')).toBeChecked();
    });

    await test.step('a free conditional rate for orders over 100 ₼, everywhere', async () => {
      await page.getByTestId('add-tariff').click();
      await page.getByTestId('tariff-name').fill(text.freeName);
      await page.getByTestId('tariff-type').getByText(text.conditional).click();
      await page.getByTestId('tariff-condition-min').fill('100');
      await page.getByTestId('tariff-condition-max').fill('50');
      await page.getByTestId('tariff-free').click();
      await expect(page.getByTestId('tariff-form-price')).toBeHidden();
      await page.getByTestId('tariff-save').click();
      await expect(fieldOf(page.getByTestId('tariff-condition-max'))).toContainText(text.invalidRange);
      await page.getByTestId('tariff-condition-max').fill('');
      await page.getByTestId('tariff-save').click();

      await expect(page.getByTestId('notice')).toContainText(text.added(text.freeName));
      const row = rowOf(page, text.freeName);
      await expect(row.getByTestId('tariff-price')).toHaveText(text.free);
      await expect(row.getByTestId('tariff-condition')).toHaveText(text.ordersFrom100);
      await expect(row.getByTestId('tariff-zone')).toHaveText(text.everywhere);
      await expect(page.getByTestId('tariff-row')).toHaveCount(2);
      // In the order they were added.
      await expect(page.getByTestId('tariff-row').first()).toHaveAttribute('data-name', text.courier);
    });

    await test.step('the Baku rate edited: a new price (typed with a comma) and up to 2 kg only', async () => {
      const row = rowOf(page, text.courier);
      await row.getByTestId('tariff-edit').click();
      await expect(page.getByTestId('tariff-name')).toHaveValue(text.courier);
      await expect(page.getByTestId('tariff-form-price')).toHaveValue('5.00');
      await page.getByTestId('tariff-form-price').fill('7,5');
      await page.getByTestId('tariff-type').getByText(text.conditional).click();
      await page.getByTestId('tariff-form-condition').getByText(text.byWeight).click();
      await page.getByTestId('tariff-condition-max').fill('2');
      await page.getByTestId('tariff-save').click();

      await expect(page.getByTestId('notice')).toContainText(text.saved(text.courier));
      await expect(row.getByTestId('tariff-price')).toHaveText(text.money('7.50'));
      await expect(row.getByTestId('tariff-condition')).toHaveText(text.upTo2kg);
      await expect(row.getByTestId('tariff-zone')).toHaveText(text.baku);

      // Opened again, the form shows what was saved, in kilograms.
      await row.getByTestId('tariff-edit').click();
      await expect(page.getByTestId('tariff-condition-max')).toHaveValue('2');
      await expect(page.getByTestId('tariff-form-price')).toHaveValue('7.50');
      await dialog.getByRole('button', { name: language === 'az' ? 'Ləğv et' : 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the free rate switched off, and still off after a reload', async () => {
      const row = rowOf(page, text.freeName);
      await row.getByTestId('tariff-active-toggle').click({ force: true });
      await expect(page.getByTestId('notice')).toContainText(text.switchedOff(text.freeName));
      await expect(row).toHaveAttribute('data-active', 'false');
      await page.reload();
      await expect(rowOf(page, text.freeName)).toHaveAttribute('data-active', 'false');
      await expect(rowOf(page, text.freeName).getByTestId('tariff-active-toggle')).not.toBeChecked();
      await expect(rowOf(page, text.courier)).toHaveAttribute('data-active', 'true');
    });

    await test.step('the Baku rate deleted after confirming; nothing left on, which the page says', async () => {
      await rowOf(page, text.courier).getByTestId('tariff-delete').click();
      await expect(page.getByTestId('confirm-delete')).toContainText(text.courier);
      await page.getByTestId('confirm-delete-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.deleted(text.courier));
      await expect(page.getByTestId('tariff-row')).toHaveCount(1);
      await expect(rowOf(page, text.courier)).toHaveCount(0);
      await expect(page.getByTestId('tariffs-none-active')).toBeVisible();

      // What shoppers are offered follows: the only rate is off, so nothing.
      const marketId = await page.evaluate(() => localStorage.getItem('chooseMarket'));
      const offered = await request.get(`/api/ShippingTariff/for-checkout/${marketId}?region=baku&subtotal=20000`);
      expect(((await offered.json()) as { data: unknown[] }).data).toEqual([]);
    });
  });
}
