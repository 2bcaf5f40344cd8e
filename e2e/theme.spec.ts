import { expect, type Page, test } from '@playwright/test';
import { apiData, imageFile, liftFromKeyboard, merchantWithNewStore, uniqueTag, useLanguage } from './support';

// The theme editor (issue 16, cp/customize-store): a merchant picks a template, changes palette and
// font, adds a hero banner and a featured collection, reorders, publishes — and a shopper sees it,
// on a desktop and on a 375 px phone. Texts as locales/*/theme.json writes them.
const TEXT = {
  az: {
    title: 'Mağazanın dizaynı',
    unpublished: 'Dərc edilməmiş dəyişikliklər',
    published: 'Dərc edildi: alıcılar artıq yeni görünüşü görür',
    featured: 'Seçilmiş kolleksiya',
    movedOver: (place: number) => `«Seçilmiş kolleksiya» indi ${place} nömrəli yerdədir.`,
  },
  en: {
    title: 'Customize store',
    unpublished: 'Unpublished changes',
    published: 'Published: shoppers see the new look now',
    featured: 'Featured collection',
    movedOver: (place: number) => `Featured collection is now at place ${place}.`,
  },
} as const;

/** A new merchant signed in on `page`, with a store selling one product in a collection. */
async function storeWithCollection(page: Page, request: Parameters<typeof merchantWithNewStore>[1]) {
  const api = page.request;
  const market = await merchantWithNewStore(api, request, 'theme');
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Köynəklər ${uniqueTag()}`,
  });
  const upload = await api.post('/api/Media/upload', {
    multipart: { file: await imageFile('shirt.png', { r: 200, g: 90, b: 60 }) },
  });
  const image = ((await upload.json()).data as { url: string }).url;
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Kətan köynək',
    description: '<p>Yay üçün.</p>',
    images: [image],
    price: 4500,
    stock: 5,
  });
  const collection = await apiData<{ id: string; title: string }>(
    api,
    'POST',
    '/Collection/create-collection-and-product-collection',
    { marketId: market.id, title: 'Yay kolleksiyası', coverImageUrl: image, productIds: [product.id] },
  );
  return { market, collection };
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: template, palette, font, a hero banner and a featured collection, reordered, published — on the store at desktop and phone width`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const { market, collection } = await storeWithCollection(page, request);
    await page.goto('/cp/customize-store');
    await expect(page.getByTestId('cp-customize-title')).toHaveText(text.title);
    const preview = page.frameLocator('[data-testid="theme-preview"]');
    await expect(preview.getByTestId('storefront')).toBeVisible();

    await test.step('a template sets the look in one step, as a draft', async () => {
      await page.getByTestId('theme-tab-templates').click();
      await page.getByTestId('theme-template-bold').getByRole('button').click();
      await page.getByTestId('theme-template-confirm-confirm').click();
      await expect(page.getByTestId('theme-unpublished')).toHaveText(text.unpublished);
    });

    await test.step('the boutique palette and a serif heading font', async () => {
      await page.getByTestId('theme-tab-colours').click();
      await page.locator('[data-testid="theme-palette"][data-palette="boutique"]').click();
      await expect(page.locator('[data-testid="theme-palette"][data-palette="boutique"]')).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await page.getByTestId('theme-tab-fonts').click();
      await page.getByTestId('theme-font-heading').click();
      await page.getByRole('option', { name: 'Lora' }).click();
      await expect(page.getByTestId('theme-font-heading')).toHaveValue('Lora');
    });

    await test.step('a hero slide with a picture and a heading, and a featured collection moved above it', async () => {
      await page.getByTestId('theme-tab-sections').click();
      const rows = page.getByTestId('theme-section');
      // The bold template starts with an empty hero: open it and give it a slide.
      const hero = page.locator('[data-testid="theme-section"][data-type="hero"]');
      await hero.getByTestId('theme-section-open').click();
      await hero.getByTestId('theme-add-slide').click();
      await hero
        .getByTestId('theme-slide-image')
        .setInputFiles(await imageFile('banner.jpg', { r: 30, g: 90, b: 140 }, 'jpeg'));
      await expect(hero.getByTestId('theme-slide').locator('img')).toBeVisible();
      await hero.getByTestId('theme-slide-heading').fill('Yay endirimi');
      await expect(preview.getByRole('heading', { name: 'Yay endirimi' })).toBeVisible();

      await page.getByTestId('theme-add-section').click();
      await page.getByTestId('theme-add-featuredCollection').click();
      const featured = page.locator('[data-testid="theme-section"][data-type="featuredCollection"]');
      await expect(featured.getByTestId('theme-section-open')).toContainText(text.featured);
      await featured.getByTestId('theme-field-collection').click();
      await page.getByRole('option', { name: collection.title }).click();
      // To the top: by keyboard on the drag handle (Space, arrows, Space), then the buttons.
      const count = await rows.count();
      await featured.getByTestId('theme-section-open').click();
      const handle = featured.getByRole('button').first();
      await liftFromKeyboard(page, handle);
      await page.keyboard.press('ArrowUp');
      // Dropped once it is over the section above (a screen reader hears its new place).
      await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(text.movedOver(count - 1));
      await page.keyboard.press('Space');
      await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
      await expect(rows.nth(count - 2)).toHaveAttribute('data-type', 'featuredCollection');
      for (let i = count - 2; i > 0; i--) await rows.nth(i).getByTestId('theme-section-up').click();
      await expect(rows.first()).toHaveAttribute('data-type', 'featuredCollection');
      await expect(preview.locator('[data-testid="home-section"]').first()).toHaveAttribute(
        'data-section',
        'featuredCollection',
      );
    });

    await test.step('published: shoppers see the new look', async () => {
      await page.getByTestId('theme-publish').click();
      await expect(page.getByText(text.published)).toBeVisible();
      await expect(page.getByTestId('theme-up-to-date')).toBeVisible();
    });

    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 375, height: 740 },
    ]) {
      await test.step(`a shopper on a ${viewport.name}`, async () => {
        const shopper = await (await browser.newContext({ viewport })).newPage();
        await useLanguage(shopper, language);
        await shopper.goto(`/${market.name}`);
        const sections = shopper.getByTestId('home-section');
        await expect(sections.first()).toHaveAttribute('data-section', 'featuredCollection');
        await expect(sections.first().getByRole('heading', { name: collection.title })).toBeVisible();
        await expect(sections.first().getByTestId('product-card')).toContainText('Kətan köynək');
        await expect(shopper.getByRole('heading', { name: 'Yay endirimi' })).toBeVisible();
        const look = await shopper.getByTestId('storefront').evaluate((el) => {
          const style = getComputedStyle(el);
          const heading = el.querySelector('h2');
          return {
            accent: style.getPropertyValue('--sf-primary').trim(),
            background: style.backgroundColor,
            headingFont: heading ? getComputedStyle(heading).fontFamily : '',
            overflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        // The boutique palette (theme.ts PRESET_PALETTES) and Lora, served by the platform.
        expect(look.accent).toBe('#8c5a4a');
        expect(look.background).toBe('rgb(251, 247, 244)');
        expect(look.headingFont).toContain('Lora');
        expect(look.overflow).toBeLessThanOrEqual(0);
        await expect.poll(() => shopper.evaluate(() => document.fonts.check('700 16px Lora', 'Əə'))).toBe(true);
        await shopper.screenshot({
          path: testInfo.outputPath(`store-${language}-${viewport.name}.png`),
          fullPage: true,
        });
        await shopper.context().close();
      });
    }
  });
}

test('the three templates, rendered on a real store (screenshots kept as artefacts)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await useLanguage(page, 'en');
  const { market } = await storeWithCollection(page, request);
  const api = page.request;
  for (const template of ['minimal', 'bold', 'boutique'] as const) {
    await apiData(api, 'POST', `/Section/apply-template/${market.id}`, { template });
    await apiData(api, 'POST', `/Section/publish/${market.id}`);
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 375, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/${market.name}`);
      await expect(page.getByTestId('home-section').first()).toBeVisible();
      const path = testInfo.outputPath(`template-${template}-${viewport.name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${template} (${viewport.name})`, { path, contentType: 'image/png' });
    }
  }
});
