import fs from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { imageFile, liftFromKeyboard, parseCsv, signInAsDemo, toCsv, uniqueTag, useLanguage } from './support';

// What a merchant reads, per language: the catalog screens' texts and the messages of SPEC §8
// (packages/shared/src/messages.ts).
const TEXT = {
  en: {
    categoryWord: 'Shirts',
    categoryAbout: 'Light shirts for the summer.',
    titleWord: 'Linen shirt',
    lastWord: 'shirt',
    size: { name: 'Size', values: ['S', 'M'] },
    colour: { name: 'Colour', values: ['Red', 'Blue'] },
    main: 'Main',
    dndOver: 'Over position 1',
    imagePreview: 'Image preview',
    coverPreview: 'Cover image * preview',
    money: (amount: string) => `AZN ${amount}`,
    from: (price: string) => `from ${price}`,
    inStock: (count: number) => `${count} in stock`,
    oneProduct: '1 product',
    showingOne: '1–1 of 1',
    categoryCreated: (name: string) => `Category “${name}” created`,
    productCreated: 'The product has been added',
    productSaved: 'The product has been saved',
    collectionCreated: (title: string) => `Collection “${title}” created`,
    stockSaved: (title: string, stock: number) => `Stock of ${title} is now ${stock}`,
    stockFilterIn: 'In stock',
    stockFilterOut: 'Out of stock',
    noMatch: 'No products match these filters',
    importReady: 'The file is ready to import',
    importSummary: 'Products to create: 0. Products to update: 1.',
    importUpdate: 'Update',
    importDone: '1 product imported',
    importProblems: '1 problem in the file',
    cancel: 'Cancel',
    // SPEC §8
    titleRequired: "Title can't be blank",
    descriptionRequired: "Description can't be blank",
    imageRequired: 'At least one image is required',
    priceRequired: "Price can't be blank",
    categoryRequired: 'Please select a category',
    invalidStock: 'Stock must be a valid non-negative number',
    productNameTaken: 'product name must be unique',
    stockBelowZero: 'Stock can not go below zero',
    categoryInUse: 'This category still has products. Move them to another category first',
    unsavedTitle: 'Leave without saving?',
  },
  az: {
    categoryWord: 'Köynəklər',
    categoryAbout: 'Yay üçün yüngül köynəklər.',
    titleWord: 'Kətan köynək',
    lastWord: 'köynək',
    size: { name: 'Ölçü', values: ['S', 'M'] },
    colour: { name: 'Rəng', values: ['Qırmızı', 'Mavi'] },
    main: 'Əsas',
    dndOver: 'Mövqe 1 üzərində',
    imagePreview: 'Şəkil: önizləmə',
    coverPreview: 'Üz qabığı şəkli *: önizləmə',
    money: (amount: string) => `${amount.replace('.', ',')} ₼`,
    from: (price: string) => `ən azı ${price}`,
    inStock: (count: number) => `Stokda ${count} ədəd`,
    oneProduct: '1 məhsul',
    showingOne: '1 məhsuldan 1–1',
    categoryCreated: (name: string) => `«${name}» kateqoriyası yaradıldı`,
    productCreated: 'Məhsul əlavə edildi',
    productSaved: 'Məhsul yadda saxlanıldı',
    collectionCreated: (title: string) => `«${title}» kolleksiyası yaradıldı`,
    stockSaved: (title: string, stock: number) => `${title}: stok indi ${stock} ədəddir`,
    stockFilterIn: 'Stokda var',
    stockFilterOut: 'Stokda yoxdur',
    noMatch: 'Bu filtrlərə uyğun məhsul yoxdur',
    importReady: 'Fayl idxala hazırdır',
    importSummary: 'Yaradılacaq məhsullar: 0. Yenilənəcək məhsullar: 1.',
    importUpdate: 'Yenilənəcək',
    importDone: '1 məhsul idxal edildi',
    importProblems: 'Faylda 1 problem var',
    cancel: 'Ləğv et',
    // SPEC §8
    titleRequired: 'Başlıq boş ola bilməz',
    descriptionRequired: 'Təsvir boş ola bilməz',
    imageRequired: 'Ən azı bir şəkil tələb olunur',
    priceRequired: 'Qiymət boş ola bilməz',
    categoryRequired: 'Kateqoriya seçin',
    invalidStock: 'Stok düzgün, mənfi olmayan rəqəm olmalıdır',
    productNameTaken: 'məhsul adı unikal olmalıdır',
    stockBelowZero: 'Stok sıfırdan aşağı düşə bilməz',
    categoryInUse: 'Bu kateqoriyada hələ məhsullar var. Əvvəlcə onları başqa kateqoriyaya köçürün',
    unsavedTitle: 'Yadda saxlamadan çıxılsın?',
  },
} as const;

const RED = { r: 200, g: 30, b: 40 };
const BLUE = { r: 30, g: 60, b: 200 };
const GREEN = { r: 30, g: 160, b: 70 };

const byData = (page: Page, testId: string, attribute: string, value: string) =>
  page.locator(`[data-testid="${testId}"][data-${attribute}="${value}"]`);

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

/** Picks an option of a Mantine select by its visible name. */
async function choose(page: Page, select: Locator, option: string, search = false) {
  if (search) await select.fill(option);
  else await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The id part of an upload URL (/uploads/{owner}/{id}.webp), which every rendition shares. */
const uploadId = (url: string) => url.replace(/\.webp$/, '');

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a category, a product with variants, a collection, stock, search and filters, and a CSV round trip`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, language);
    const tag = uniqueTag();
    const categoryName = `${text.categoryWord} ${tag}`;
    const title = `${text.titleWord} ${tag}`;
    const collectionTitle = `${language === 'az' ? 'Yay' : 'Summer'} ${tag}`;
    const [s, m] = text.size.values;
    const [red, blue] = text.colour.values;
    const variant = (size: string, colour: string) => `${size} / ${colour}`;
    const skuOf = (size: string, colour: string) => `LS-${tag}-${size}-${colour === red ? 'R' : 'B'}`.toUpperCase();
    const stocks: [string, string, number][] = [
      [s, red, 3],
      [s, blue, 5],
      [m, red, 7],
      [m, blue, 9],
    ];

    await signInAsDemo(page, request);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await test.step('a category with a description and an image, from the sidebar', async () => {
      await page.getByTestId('nav-categories').click();
      await expect(page).toHaveURL(/\/cp\/categories$/);
      await page.getByTestId('add-category').click();
      await expect(page).toHaveURL(/\/cp\/add-category$/);
      await page.getByTestId('category-name').fill(categoryName);
      await page.getByTestId('category-description').fill(text.categoryAbout);
      await page.getByTestId('category-image').setInputFiles(await imageFile('category.png', GREEN));
      await expect(page.getByRole('img', { name: text.imagePreview })).toHaveAttribute('src', /^\/uploads\//);
      await page.getByTestId('category-save').click();

      await expect(page).toHaveURL(/\/cp\/categories$/);
      await expect(page.getByTestId('notice')).toContainText(text.categoryCreated(categoryName));
      const row = byData(page, 'category-row', 'name', categoryName);
      await expect(row).toBeVisible();
      await expect(row).toContainText(text.categoryAbout);
      await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\//);
    });

    let firstImage = '';
    let secondImage = '';
    await test.step('a product: rich description, two images reordered, category, prices, 2 × 2 variants', async () => {
      await page.getByTestId('nav-products').click();
      await page.getByTestId('add-product').click();
      await expect(page).toHaveURL(/\/cp\/add-product$/);
      await page.getByTestId('product-title').fill(title);

      const description = page.getByTestId('product-description');
      await description.click();
      await page.keyboard.type('Soft ');
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type('linen');
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type(' for hot days.');
      await expect(description.locator('strong')).toHaveText('linen');

      // Two pictures chosen at once: they arrive in the order chosen, the first is the main one.
      await page
        .getByTestId('product-images')
        .setInputFiles([await imageFile('red.png', RED), await imageFile('blue.jpg', BLUE, 'jpeg')]);
      const images = page.getByTestId('product-image');
      await expect(images).toHaveCount(2);
      firstImage = (await images.nth(0).getAttribute('data-url')) ?? '';
      secondImage = (await images.nth(1).getAttribute('data-url')) ?? '';
      expect(firstImage).toMatch(/^\/uploads\//);
      expect(secondImage).toMatch(/^\/uploads\//);
      await expect(images.nth(0)).toContainText(text.main);

      // The second picture becomes the main one, moved from the keyboard: lift (the handle is
      // pressed), left (screen readers hear where it is), drop.
      const handle = images.nth(1).getByRole('button').first();
      await liftFromKeyboard(page, handle);
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('status').filter({ hasText: text.dndOver })).toBeAttached();
      await page.keyboard.press('Space');
      await expect(images.nth(0)).toHaveAttribute('data-url', secondImage);
      await expect(images.nth(1)).toHaveAttribute('data-url', firstImage);
      await expect(images.nth(0)).toContainText(text.main);
      await expect(images.nth(1)).not.toContainText(text.main);

      await choose(page, page.getByTestId('product-category'), categoryName, true);
      await page.getByTestId('product-price').fill('25');
      await page.getByTestId('product-compare-at').fill('40');

      await page.getByTestId('add-option').click();
      await page.getByTestId('option-name-0').fill(text.size.name);
      for (const value of text.size.values) {
        await page.getByTestId('option-values-0').fill(value);
        await page.getByTestId('option-values-0').press('Enter');
      }
      await page.getByTestId('add-option').click();
      await page.getByTestId('option-name-1').fill(text.colour.name);
      for (const value of text.colour.values) {
        await page.getByTestId('option-values-1').fill(value);
        await page.getByTestId('option-values-1').press('Enter');
      }
      const rows = page.getByTestId('variant-row');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(0)).toHaveAttribute('data-variant', variant(s, red));
      await expect(rows.nth(3)).toHaveAttribute('data-variant', variant(m, blue));
      for (const [size, colour, stock] of stocks) {
        const row = byData(page, 'variant-row', 'variant', variant(size, colour));
        // New variants start from the product's prices.
        await expect(row.getByTestId('variant-price')).toHaveValue('25.00');
        await expect(row.getByTestId('variant-compare-at')).toHaveValue('40.00');
        await row.getByTestId('variant-sku').fill(skuOf(size, colour));
        await row.getByTestId('variant-stock').fill(String(stock));
      }

      await page.getByTestId('product-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.productCreated);
      await expect(page).toHaveURL(/\/cp\/products$/);
      const row = byData(page, 'product-row', 'title', title);
      await expect(row).toBeVisible();
      await expect(row).toContainText(text.from(text.money('25.00')));
      await expect(row).toContainText(text.money('40.00'));
      // Azerbaijani prices carry the manat sign: its own one-glyph face loads (app.css), so the
      // sign shows even where the system's fonts lack it (this machine's do).
      const manatLoaded = () =>
        page.evaluate(() => [...document.fonts].some((f) => f.family === 'Manat' && f.status === 'loaded'));
      await expect.poll(manatLoaded).toBe(language === 'az');
      await expect(row).toContainText(text.inStock(3 + 5 + 7 + 9));
      await expect(row).toContainText(categoryName);
      await expect(row.locator('td').last()).toHaveText('4');
      // The list shows the main picture: the one moved to the front.
      await expect(row.locator('img')).toHaveAttribute('src', new RegExp(`^${uploadId(secondImage)}`));
    });

    await test.step('a collection with a cover and the product, found through the picker search', async () => {
      await page.getByTestId('nav-collections').click();
      await expect(page).toHaveURL(/\/cp\/collections$/);
      await page.getByTestId('add-collection').click();
      await page.getByTestId('collection-title').fill(collectionTitle);
      await page.getByTestId('collection-cover').setInputFiles(await imageFile('cover.jpg', GREEN, 'jpeg'));
      await expect(page.getByRole('img', { name: text.coverPreview })).toHaveAttribute('src', /^\/uploads\//);
      await page.getByTestId('collection-product-search').fill(tag);
      await byData(page, 'collection-product-option', 'title', title).click();
      await expect(byData(page, 'collection-product', 'title', title)).toBeVisible();
      await expect(page.getByTestId('collection-product-count')).toHaveText(text.oneProduct);
      await page.getByTestId('collection-save').click();

      await expect(page).toHaveURL(/\/cp\/collections$/);
      await expect(page.getByTestId('notice')).toContainText(text.collectionCreated(collectionTitle));
      const card = byData(page, 'collection-card', 'title', collectionTitle);
      await expect(card.getByTestId('collection-product-count')).toHaveText(text.oneProduct);
      await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\//);
      await card.getByRole('link', { name: collectionTitle }).click();
      await expect(page).toHaveURL(/\/cp\/edit-collection\//);
      await expect(byData(page, 'collection-product', 'title', title)).toBeVisible();
    });

    const mBlue = skuOf(m, blue);
    await test.step("a variant's stock changed on the product, then adjusted on the inventory page", async () => {
      await page.getByTestId('nav-products').click();
      await byData(page, 'product-row', 'title', title).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(/\/cp\/edit-product\//);
      await expect(page.getByTestId('product-form-title')).toHaveText(title);
      // What was saved comes back: the order of the pictures and the bold word.
      await expect(page.getByTestId('product-image').first()).toHaveAttribute('data-url', secondImage);
      await expect(page.getByTestId('product-description').locator('strong')).toHaveText('linen');
      const row = byData(page, 'variant-row', 'variant', variant(m, blue));
      await expect(row.getByTestId('variant-stock')).toHaveValue('9');
      await row.getByTestId('variant-stock').fill('12');
      await page.getByTestId('product-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.productSaved);

      await page.getByTestId('nav-inventory').click();
      await expect(page).toHaveURL(/\/cp\/inventory/);
      await page.getByTestId('inventory-search').fill(mBlue);
      const line = byData(page, 'inventory-row', 'sku', mBlue);
      await expect(page.getByTestId('inventory-row')).toHaveCount(1);
      await expect(line).toContainText(title);
      await expect(line).toContainText(variant(m, blue));
      await expect(line.getByTestId('inventory-stock')).toHaveText('12');

      await line.getByTestId('inventory-adjust').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('adjust-direction-remove').check();
      await dialog.getByTestId('adjust-quantity').fill('13');
      await dialog.getByTestId('adjust-save').click();
      await expect(fieldOf(dialog.getByTestId('adjust-quantity'))).toContainText(text.stockBelowZero);
      await expect(line.getByTestId('inventory-stock')).toHaveText('12');

      await dialog.getByTestId('adjust-quantity').fill('1');
      await dialog.getByTestId('adjust-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.stockSaved(`${title} — ${variant(m, blue)}`, 11));
      await expect(dialog).toBeHidden();
      await expect(line.getByTestId('inventory-stock')).toHaveText('11');
    });

    await test.step('found by title and SKU, narrowed by category, collection and stock; the URL keeps it', async () => {
      await page.getByTestId('nav-products').click();
      await expect(page).toHaveURL(/\/cp\/products$/);
      const rows = page.getByTestId('product-row');
      const ours = byData(page, 'product-row', 'title', title);
      const search = page.getByTestId('product-search');

      // A fragment of the title, partly in other letter case.
      const fragment = `${text.lastWord.toLocaleUpperCase(language)} ${tag}`;
      await search.fill(fragment);
      await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(fragment).replaceAll('%20', '(\\+|%20)')}`));
      await expect(rows).toHaveCount(1);
      await expect(ours).toBeVisible();
      await expect(page.getByTestId('products-total')).toHaveText(text.showingOne);

      await search.fill(mBlue);
      await expect(page).toHaveURL(new RegExp(`search=${mBlue}`));
      await expect(rows).toHaveCount(1);
      await expect(ours).toBeVisible();
      await search.fill('');
      await expect(page).not.toHaveURL(/search=/);

      await choose(page, page.getByTestId('filter-category'), categoryName, true);
      await expect(page).toHaveURL(/categoryId=[0-9a-f-]{36}/);
      await choose(page, page.getByTestId('filter-collection'), collectionTitle, true);
      await expect(page).toHaveURL(/collectionId=[0-9a-f-]{36}/);
      await choose(page, page.getByTestId('filter-stock'), text.stockFilterIn);
      await expect(page).toHaveURL(/stock=in/);
      await expect(rows).toHaveCount(1);
      await expect(ours).toContainText(text.inStock(3 + 5 + 7 + 11));

      await page.reload();
      await expect(page.getByTestId('filter-category')).toHaveValue(categoryName);
      await expect(page.getByTestId('filter-collection')).toHaveValue(collectionTitle);
      await expect(page.getByTestId('filter-stock')).toHaveValue(text.stockFilterIn);
      await expect(rows).toHaveCount(1);
      await expect(ours).toBeVisible();

      await choose(page, page.getByTestId('filter-stock'), text.stockFilterOut);
      await expect(page).toHaveURL(/stock=out/);
      await expect(page.getByTestId('products-no-match')).toContainText(text.noMatch);
      await page.getByTestId('reset-filters').click();
      await expect(page).toHaveURL(/\/cp\/products$/);
      await expect(ours).toBeVisible();
    });

    await test.step('CSV: export, change a price, import it; a broken copy is refused', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-csv').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('demo-store-products.csv');
      const [header = [], ...records] = parseCsv(await fs.readFile(await download.path(), 'utf8'));
      const column = (name: string) => {
        const index = header.indexOf(name);
        expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
        return index;
      };
      const ours = records.filter((r) => r[column('title')] === title);
      expect(ours).toHaveLength(4);
      expect(
        ours.map((r) => [r[column('option1_value')], r[column('option2_value')], r[column('sku')], r[column('stock')]]),
      ).toEqual([
        [s, red, skuOf(s, red), '3'],
        [s, blue, skuOf(s, blue), '5'],
        [m, red, skuOf(m, red), '7'],
        [m, blue, mBlue, '11'],
      ]);
      expect(ours.map((r) => r[column('price')])).toEqual(['25.00', '25.00', '25.00', '25.00']);

      // The merchant lowers one variant's price in the file (lines: header 1, variants 2–5).
      const changed = ours.map((r) => [...r]);
      (changed[1] as string[])[column('price')] = '19.90';
      const broken = changed.map((r) => [...r]);
      (broken[2] as string[])[column('stock')] = '-2';
      const file = (name: string, rows: string[][]) => ({
        name,
        mimeType: 'text/csv',
        buffer: Buffer.from(toCsv([header, ...rows])),
      });

      await page.getByTestId('import-csv').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('import-file').setInputFiles(file('products.csv', changed));
      const preview = dialog.getByTestId('import-preview');
      await expect(preview).toContainText(text.importReady);
      await expect(preview).toContainText(text.importSummary);
      await expect(preview.getByTestId('import-products').locator('tbody tr')).toHaveCount(1);
      await expect(preview.getByTestId('import-products').locator('tbody tr')).toContainText(title);
      await expect(preview.getByTestId('import-products').locator('tbody tr')).toContainText(text.importUpdate);
      await expect(preview.getByTestId('import-error')).toHaveCount(0);
      await expect(dialog.getByTestId('import-confirm')).toBeEnabled();
      await dialog.getByTestId('import-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.importDone);
      await expect(dialog).toBeHidden();
      await expect(byData(page, 'product-row', 'title', title)).toContainText(text.from(text.money('19.90')));

      await byData(page, 'product-row', 'title', title).getByRole('link', { name: title }).click();
      await expect(page.getByTestId('product-form-title')).toHaveText(title);
      await expect(byData(page, 'variant-row', 'variant', variant(s, blue)).getByTestId('variant-price')).toHaveValue(
        '19.90',
      );
      await expect(byData(page, 'variant-row', 'variant', variant(s, red)).getByTestId('variant-price')).toHaveValue(
        '25.00',
      );

      await page.getByTestId('back-to-products').click();
      await page.getByTestId('import-csv').click();
      await dialog.getByTestId('import-file').setInputFiles(file('broken.csv', broken));
      await expect(preview).toContainText(text.importProblems);
      const error = preview.getByTestId('import-error');
      await expect(error).toHaveCount(1);
      await expect(error.locator('td').nth(0)).toHaveText('4');
      await expect(error.locator('td').nth(1)).toHaveText('stock');
      await expect(error.locator('td').nth(2)).toHaveText(text.invalidStock);
      await expect(dialog.getByTestId('import-confirm')).toBeDisabled();
      await dialog.getByRole('button', { name: text.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
      // Nothing of the broken file was imported.
      await expect(byData(page, 'product-row', 'title', title)).toContainText(text.inStock(3 + 5 + 7 + 11));
    });
  });

  test(`${language}: the product form shows each message at its field, refuses a taken title, and guards unsaved changes; a category in use stays`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    const tag = uniqueTag();
    const categoryName = `${text.categoryWord} ${tag}`;
    const title = `${text.titleWord} ${tag}`;
    const sameTitle = `${text.titleWord.toLocaleUpperCase(language)} ${tag}`;

    await signInAsDemo(page, request);

    // What this test starts from, made through the API with the merchant's session: a category
    // with one product in it.
    const api = page.request;
    const markets = await api.get('/api/Market/get-all-store');
    expect(markets.ok()).toBe(true);
    const marketId = ((await markets.json()) as { data: { id: string; name: string }[] }).data.find(
      (m) => m.name === 'demo-store',
    )?.id;
    expect(marketId).toBeTruthy();
    const upload = await api.post('/api/Media/upload', { multipart: { file: await imageFile('a.png', RED) } });
    expect(upload.status()).toBe(201);
    const { url } = ((await upload.json()) as { data: { url: string } }).data;
    const category = await api.post('/api/Category/create', { data: { marketId, name: categoryName } });
    expect(category.ok()).toBe(true);
    const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
    const product = await api.post('/api/Products/create', {
      data: { marketId, title, description: '<p>Cotton.</p>', categoryId, images: [url], price: 1500 },
    });
    expect(product.ok()).toBe(true);

    await page.getByTestId('nav-products').click();
    await page.getByTestId('add-product').click();
    await expect(page).toHaveURL(/\/cp\/add-product$/);

    await test.step('an empty product: every message at its field, in the language of the page', async () => {
      await page.getByTestId('product-save').click();
      await expect(fieldOf(page.getByTestId('product-title'))).toContainText(text.titleRequired);
      await expect(page.getByTestId('product-title')).toHaveAttribute('aria-invalid', 'true');
      await expect(fieldOf(page.getByTestId('product-description'))).toContainText(text.descriptionRequired);
      await expect(fieldOf(page.getByTestId('product-images'))).toContainText(text.imageRequired);
      await expect(fieldOf(page.getByTestId('product-price'))).toContainText(text.priceRequired);
      await expect(fieldOf(page.getByTestId('product-category'))).toContainText(text.categoryRequired);
      await expect(page).toHaveURL(/\/cp\/add-product$/);
    });

    await test.step('the stock takes no minus sign, and an empty stock is not a number of units', async () => {
      const stock = page.getByTestId('product-stock');
      await stock.fill('');
      await stock.pressSequentially('-4');
      await expect(stock).toHaveValue('4');
      await stock.fill('');
      await page.getByTestId('product-save').click();
      await expect(fieldOf(stock)).toContainText(text.invalidStock);
      await stock.fill('4');
    });

    await test.step('the title of another product, in other letter case, is refused at the title', async () => {
      await page.getByTestId('product-title').fill(sameTitle);
      await page.getByTestId('product-description').click();
      await page.keyboard.type('Another one.');
      await page.getByTestId('product-images').setInputFiles(await imageFile('b.png', BLUE));
      await expect(page.getByTestId('product-image')).toHaveCount(1);
      await choose(page, page.getByTestId('product-category'), categoryName, true);
      await page.getByTestId('product-price').fill('15');
      await page.getByTestId('product-save').click();
      await expect(fieldOf(page.getByTestId('product-title'))).toContainText(text.productNameTaken);
      for (const message of [text.descriptionRequired, text.imageRequired, text.priceRequired, text.invalidStock]) {
        await expect(page.getByTestId('product-form')).not.toContainText(message);
      }
      await expect(page).toHaveURL(/\/cp\/add-product$/);
    });

    await test.step('leaving the unsaved form from the sidebar asks first', async () => {
      await page.getByTestId('nav-categories').click();
      const dialog = page.getByTestId('unsaved-dialog');
      await expect(page.getByRole('dialog', { name: text.unsavedTitle })).toBeVisible();
      await dialog.getByTestId('unsaved-stay').click();
      await expect(page).toHaveURL(/\/cp\/add-product$/);
      await expect(page.getByTestId('product-title')).toHaveValue(sameTitle);

      await page.getByTestId('nav-categories').click();
      await page.getByTestId('unsaved-leave').click();
      await expect(page).toHaveURL(/\/cp\/categories$/);
    });

    await test.step('a category that still has products is not deleted', async () => {
      const row = byData(page, 'category-row', 'name', categoryName);
      // One product: the one it started with, not the refused copy.
      await expect(row.getByTestId('category-product-count')).toHaveText(text.oneProduct);
      await row.getByTestId('category-delete').click();
      const dialog = page.getByTestId('confirm-delete');
      await dialog.getByTestId('confirm-delete-confirm').click();
      await expect(dialog.getByTestId('confirm-delete-error')).toHaveText(text.categoryInUse);
      await expect(dialog.getByTestId('confirm-delete-confirm')).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(row).toBeVisible();
      await page.reload();
      await expect(row).toBeVisible();
    });
  });
}
