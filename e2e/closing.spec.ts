import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiData, imageFile, merchantWithNewStore, PASSWORD, uniqueTag, useLanguage } from './support';

// Closing a store (issue 15, SPEC §9, decision 023): the owner downloads the store's data, sees
// what is still going on, is refused a wrong password, closes the store — offline for shoppers at
// once, the panel saying so — and reopens it as it was. Texts: locales/*/closing.json, messages.
const TEXT = {
  az: {
    noOpenOrders: 'Göndərilməyi və ya ödənilməyi gözləyən sifariş yoxdur.',
    wrongPassword: 'Hazırkı şifrə yanlışdır',
    closedTitle: (store: string) => `${store} bağlıdır`,
    notFound: 'Səhifə tapılmadı',
    reopened: (store: string) => `${store} yenidən açıqdır`,
  },
  en: {
    noOpenOrders: 'No orders wait to be sent or paid.',
    wrongPassword: 'The current password is incorrect',
    closedTitle: (store: string) => `${store} is closed`,
    notFound: 'Page not found',
    reopened: (store: string) => `${store} is open again`,
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

/** A new merchant signed in on `page`, with a store selling one product. */
async function storeWithProduct(page: Page, request: Parameters<typeof merchantWithNewStore>[1]) {
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'closing');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Vases ${uniqueTag()}`,
  });
  const upload = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('vase.png', { r: 40, g: 120, b: 160 }) },
  });
  const image = ((await upload.json()).data as { url: string }).url;
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Blue vase',
    description: '<p>A vase.</p>',
    images: [image],
    price: 2500,
    stock: 3,
  });
  return { market, product: product.id };
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: the owner downloads the store's data, closes it with the password — offline at once — and reopens it`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const { market, product } = await storeWithProduct(page, request);
    const shopper = await (await browser.newContext()).newPage();
    await useLanguage(shopper, language);
    await shopper.goto(`/${market.name}/product/${product}`);
    await expect(shopper.getByRole('heading', { name: 'Blue vase' })).toBeVisible();

    await test.step('the store’s data downloads as one ZIP', async () => {
      await page.goto('/cp/general');
      const download = page.waitForEvent('download');
      await page.getByTestId('store-export').click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`^${market.name}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    });

    await test.step('closing says what is going on, and needs the right password', async () => {
      await page.getByTestId('close-store-open').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('closing-open-orders')).toHaveText(text.noOpenOrders);
      const password = dialog.getByTestId('close-store-password');
      await password.fill('Not-My-Password-1!');
      await dialog.getByTestId('close-store-confirm').click();
      await expect(fieldOf(password)).toContainText(text.wrongPassword);
      await password.fill(PASSWORD);
      await dialog.getByTestId('close-store-confirm').click();
      await expect(page.getByTestId('store-closed')).toContainText(text.closedTitle(market.name));
      // Every screen of the panel says the same until it is reopened.
      await page.goto('/cp/products');
      await expect(page.getByTestId('store-closed')).toBeVisible();
    });

    await test.step('shoppers find no store', async () => {
      await shopper.reload();
      await expect(shopper.getByRole('heading', { name: text.notFound })).toBeVisible();
    });

    await test.step('reopened, it is back as it was', async () => {
      await page.getByTestId('store-reopen').click();
      await expect(page.getByTestId('notice')).toContainText(text.reopened(market.name));
      await expect(page.getByTestId('store-closed')).toHaveCount(0);
      await expect(page.getByTestId('products-table').or(page.getByText('Blue vase')).first()).toBeVisible();
      await shopper.reload();
      await expect(shopper.getByRole('heading', { name: 'Blue vase' })).toBeVisible();
    });
  });
}
