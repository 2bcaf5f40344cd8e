import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatMoney, percentOff } from '@shop/shared';
import { apiData, imageFile, merchantWithNewStore, uniqueTag, useLanguage } from './support';

// What a merchant reads on the bundle screens, per language (locales/*/bundles.json, titles.json
// and the messages of packages/shared/src/messages.ts).
const TEXT = {
  en: {
    title: 'Bundles',
    emptyTitle: 'No bundles yet',
    tabTitle: 'New bundle · Control panel',
    step: (step: number) => `Step ${step} of 2`,
    chosen: (count: number) => `${count} of 3`,
    tooMany: 'You can select up to 3 products only',
    allFieldsRequired: 'All fields required',
    name: 'Autumn set',
    headerTitle: 'Made for each other',
    blockTitle: 'Three together, 20% off',
    footerText: 'While stocks last.',
    buttonText: 'Take all three',
    badge: (percent: number) => `−${percent}%`,
    created: (name: string) => `Bundle “${name}” created`,
    saved: (name: string) => `Bundle “${name}” saved`,
    deleted: (name: string) => `Bundle “${name}” deleted`,
    live: 'Live',
    ribbon: 'Ribbon',
    products: '3 products',
  },
  az: {
    title: 'Dəstlər',
    emptyTitle: 'Hələ dəst yoxdur',
    tabTitle: 'Yeni dəst · İdarə paneli',
    step: (step: number) => `Addım ${step} / 2`,
    chosen: (count: number) => `${count} / 3`,
    tooMany: 'Ən çox 3 məhsul seçə bilərsiniz',
    allFieldsRequired: 'Bütün xanalar doldurulmalıdır',
    name: 'Payız dəsti',
    headerTitle: 'Bir-biri üçün yaradılıb',
    blockTitle: 'Üçü birlikdə, 20% endirimlə',
    footerText: 'Stok bitənədək.',
    buttonText: 'Üçünü də al',
    badge: (percent: number) => `−${percent}%`,
    created: (name: string) => `«${name}» dəsti yaradıldı`,
    saved: (name: string) => `«${name}» dəsti yadda saxlanıldı`,
    deleted: (name: string) => `«${name}» dəsti silindi`,
    live: 'Aktivdir',
    ribbon: 'Lent',
    products: '3 məhsul',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');
const byData = (page: Page, testId: string, attribute: string, value: string) =>
  page.locator(`[data-testid="${testId}"][data-${attribute}="${value}"]`);

/** Qəpik: the four products' prices; the first three make the bundle. */
const PRICES = [3000, 2000, 1000, 500] as const;
const bundlePriceOf = (prices: readonly number[], percent: number) =>
  prices.reduce((sum, price) => sum + price - percentOff(price, percent), 0);

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a bundle is made in two steps beside its preview, listed, edited and deleted`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const api = page.request;
    const store = await merchantWithNewStore(api, request, `bundle-${language}`);

    // Four products of the store, made through the API with the merchant's session.
    const tag = uniqueTag();
    const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
      marketId: store.id,
      name: `Bundle goods ${tag}`,
    });
    const titles = ['Mug', 'Kettle', 'Spoon', 'Tray'].map((word) => `${word} ${tag}`);
    for (const [index, title] of titles.entries()) {
      const upload = await api.post('/api/Media/upload', {
        multipart: { file: await imageFile(`p${index}.png`, { r: 40 * index, g: 120, b: 200 - 40 * index }) },
      });
      expect(upload.ok()).toBe(true);
      const { url } = ((await upload.json()) as { data: { url: string } }).data;
      await apiData(api, 'POST', '/Products/create', {
        marketId: store.id,
        categoryId: category.id,
        title,
        description: '<p>For the kitchen.</p>',
        images: [url],
        price: PRICES[index],
        stock: 10,
      });
    }
    const [first, second, third, fourth] = titles as [string, string, string, string];

    // By its address (the sidebar's Discounts leads here too).
    await page.goto('/cp/bundle');
    await expect(page.getByTestId('bundles-title')).toHaveText(text.title);
    await expect(page.getByTestId('bundles-empty')).toContainText(text.emptyTitle);

    await test.step('the three looks are shown on sample products; one is chosen', async () => {
      await page.getByTestId('create-bundle').click();
      await expect(page).toHaveURL(/\/cp\/select-bundle$/);
      for (const template of ['classic', 'spotlight', 'ribbon']) {
        const card = byData(page, 'bundle-template-card', 'template', template);
        await expect(card.getByTestId('bundle-block')).toHaveAttribute('data-template', template);
        await expect(card.getByTestId('bundle-product')).toHaveCount(3);
      }
      await page.getByTestId('choose-template-spotlight').click();
      await expect(page).toHaveURL(/\/cp\/create-bundle-1\?template=spotlight$/);
      await expect(page).toHaveTitle(text.tabTitle);
      await expect(page.getByTestId('bundle-step')).toHaveText(text.step(1));
    });

    await test.step('step 1: three products at most, the discount, the end as offered', async () => {
      await page.getByTestId('collection-product-search').fill(tag);
      for (const title of [first, second, third]) {
        await byData(page, 'collection-product-option', 'title', title).click();
        await expect(byData(page, 'bundle-product-chosen', 'title', title)).toBeVisible();
      }
      await expect(page.getByTestId('bundle-product-count')).toHaveText(text.chosen(3));
      // A fourth is refused, and the merchant is told why.
      await byData(page, 'collection-product-option', 'title', fourth).click();
      await expect(page.getByTestId('bundle-too-many')).toHaveText(text.tooMany);
      await expect(page.getByTestId('bundle-products')).toHaveAttribute('data-count', '3');
      await expect(byData(page, 'collection-product-option', 'title', fourth)).toHaveAttribute('data-chosen', 'false');

      await page.getByTestId('bundle-percent').fill('20');
      const preview = page.getByTestId('bundle-preview');
      await expect(preview.getByTestId('bundle-block')).toHaveAttribute('data-template', 'spotlight');
      await expect(preview.getByTestId('bundle-product')).toHaveCount(3);
      await expect(preview.getByTestId('bundle-badge')).toHaveText(text.badge(20));
      await expect(preview.getByTestId('bundle-price')).toContainText(
        formatMoney(bundlePriceOf(PRICES.slice(0, 3), 20), language),
      );
      await page.getByTestId('bundle-next').click();
      await expect(page).toHaveURL(/\/cp\/create-bundle-2$/);
      await expect(page.getByTestId('bundle-step')).toHaveText(text.step(2));
    });

    await test.step('step 2: a reload keeps the draft; every text is required; the preview counts down', async () => {
      await page.reload();
      await expect(page).toHaveURL(/\/cp\/create-bundle-2$/);
      const summary = page.getByTestId('bundle-summary');
      for (const title of [first, second, third]) await expect(summary).toContainText(title);

      await page.getByTestId('bundle-save').click();
      await expect(fieldOf(page.getByTestId('bundle-name'))).toContainText(text.allFieldsRequired);

      await page.getByTestId('bundle-name').fill(text.name);
      await page.getByTestId('bundle-headerTitle').fill(text.headerTitle);
      await page.getByTestId('bundle-title').fill(text.blockTitle);
      await page.getByTestId('bundle-footerText').fill(text.footerText);
      await page.getByTestId('bundle-buttonText').fill(text.buttonText);
      await page.getByTestId('bundle-colour').fill('#2b8a3e');
      // The colour picker's dropdown closes, the highlight switch is under it.
      await page.keyboard.press('Escape');
      await page.getByTestId('bundle-highlight').check();
      await expect(page.getByTestId('bundle-highlight')).toBeChecked();

      const preview = page.getByTestId('bundle-preview');
      const block = preview.getByTestId('bundle-block');
      // The preview is inert (a picture of the block), so its parts are found by tag, not by role.
      await expect(block.locator('h3')).toHaveText(text.blockTitle);
      await expect(block).toContainText(text.headerTitle);
      await expect(block).toContainText(text.footerText);
      await expect(block.locator('button')).toHaveText(text.buttonText);
      await expect(block.getByTestId('bundle-total-price')).toContainText(formatMoney(6000, language));
      await expect(block.getByTestId('bundle-price')).toContainText(
        formatMoney(bundlePriceOf(PRICES.slice(0, 3), 20), language),
      );
      // The timer is all zeros: the countdown shows the whole time, and it runs.
      const countdown = block.getByTestId('bundle-countdown');
      await expect(countdown).toHaveText(/\d{2}:\d{2}:\d{2}$/);
      await expect(block.locator('[role="timer"]')).toHaveAttribute('aria-label', /\d/);
      const shown = await countdown.textContent();
      await expect(countdown).not.toHaveText(shown ?? '', { timeout: 5_000 });

      await page.getByTestId('bundle-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.created(text.name));
      await expect(page).toHaveURL(/\/cp\/bundle$/);
      const row = byData(page, 'bundle-row', 'name', text.name);
      await expect(row.getByTestId('bundle-row-percent')).toHaveText(text.badge(20));
      await expect(row.getByTestId('bundle-row-count')).toHaveText(text.products);
      await expect(row.locator('[data-status="live"]')).toHaveText(text.live);

      const bundles = await apiData<
        {
          name: string;
          percent: number;
          template: string;
          colour: string;
          highlight: boolean;
          products: { title: string }[];
        }[]
      >(api, 'GET', `/Discount/bundles?marketId=${store.id}`);
      expect(bundles).toHaveLength(1);
      expect(bundles[0]).toMatchObject({
        name: text.name,
        percent: 20,
        template: 'spotlight',
        colour: '#2b8a3e',
        highlight: true,
      });
      expect(bundles[0]?.products.map((p) => p.title)).toEqual([first, second, third]);
    });

    await test.step('edited: another look and discount are saved', async () => {
      await page.getByRole('link', { name: text.name }).click();
      await expect(page).toHaveURL(/\/cp\/edit-bundle\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('bundle-form-title')).toHaveText(text.name);
      await page.getByTestId('bundle-template').getByText(text.ribbon).click();
      await page.getByTestId('bundle-percent').fill('25');
      const block = page.getByTestId('bundle-preview').getByTestId('bundle-block');
      await expect(block).toHaveAttribute('data-template', 'ribbon');
      await expect(block.getByTestId('bundle-price')).toContainText(
        formatMoney(bundlePriceOf(PRICES.slice(0, 3), 25), language),
      );
      await page.getByTestId('bundle-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.saved(text.name));
      await expect(page).toHaveURL(/\/cp\/bundle$/);
      await expect(byData(page, 'bundle-row', 'name', text.name).getByTestId('bundle-row-percent')).toHaveText(
        text.badge(25),
      );
      const bundles = await apiData<{ percent: number; template: string }[]>(
        api,
        'GET',
        `/Discount/bundles?marketId=${store.id}`,
      );
      expect(bundles[0]).toMatchObject({ percent: 25, template: 'ribbon' });
    });

    await test.step('deleted from the list after a confirmation', async () => {
      await byData(page, 'bundle-row', 'name', text.name).getByTestId('bundle-row-delete').click();
      await expect(page.getByTestId('confirm-delete')).toContainText(text.name);
      await page.getByTestId('confirm-delete-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.deleted(text.name));
      await expect(page.getByTestId('bundles-empty')).toContainText(text.emptyTitle);
      expect(await apiData<unknown[]>(api, 'GET', `/Discount/bundles?marketId=${store.id}`)).toEqual([]);
    });
  });
}
