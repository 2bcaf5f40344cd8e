import { expect, type Locator, test } from '@playwright/test';
import { apiData, merchantWithNewStore, useLanguage } from './support';

// What a merchant reads on the pop-up screens, per language (locales/*/discounts.json and the
// messages of packages/shared/src/messages.ts).
const TEXT = {
  en: {
    title: 'Pop-ups',
    emptyTitle: 'No pop-ups yet',
    welcome: 'Welcome gift',
    autumn: 'Autumn sale',
    badge: (percent: number) => `−${percent}%`,
    accept: (percent: number) => `Get ${percent}% off`,
    created: (title: string) => `Pop-up “${title}” created`,
    saved: (title: string) => `Pop-up “${title}” saved`,
    deleted: (title: string) => `Pop-up “${title}” deleted`,
    live: 'Live',
    inactive: 'Inactive',
    filterInactive: 'Inactive',
    titleRequired: "Title can't be blank",
    invalidPercent: 'Enter a whole percent from 1 to 99',
    overlap: 'Another pop-up is live in these dates',
    tabTitle: 'New pop-up · Control panel',
    codesTitle: 'Discount codes',
    codeCreated: (code: string) => `Code ${code} created`,
    codeTaken: 'This store already has a discount with this code',
    codeFormat: 'A code is 3 to 32 letters, digits, dashes or underscores',
    usedOf: '0 of 50',
  },
  az: {
    title: 'Pop-up pəncərələr',
    emptyTitle: 'Hələ pop-up yoxdur',
    welcome: 'Xoş gəldin hədiyyəsi',
    autumn: 'Payız endirimi',
    badge: (percent: number) => `−${percent}%`,
    accept: (percent: number) => `${percent}% endirim əldə et`,
    created: (title: string) => `«${title}» pop-up-ı yaradıldı`,
    saved: (title: string) => `«${title}» pop-up-ı yadda saxlanıldı`,
    deleted: (title: string) => `«${title}» pop-up-ı silindi`,
    live: 'Aktivdir',
    inactive: 'Deaktiv',
    filterInactive: 'Deaktiv',
    titleRequired: 'Başlıq boş ola bilməz',
    invalidPercent: '1-dən 99-a qədər tam faiz daxil edin',
    overlap: 'Bu tarixlərdə başqa pop-up aktivdir',
    tabTitle: 'Yeni pop-up · İdarə paneli',
    codesTitle: 'Endirim kodları',
    codeCreated: (code: string) => `${code} kodu yaradıldı`,
    codeTaken: 'Bu mağazada bu kodla endirim artıq var',
    codeFormat: 'Kod 3-32 hərf, rəqəm, tire və ya alt xətdən ibarət olmalıdır',
    usedOf: '50 ədəddən 0',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a pop-up is written beside its preview, one is live at a time, and it is edited and deleted`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, language);
    const store = await merchantWithNewStore(page.request, request, `popup-${language}`);

    await page.goto('/cp/pop-up');
    await expect(page.getByTestId('popups-title')).toHaveText(text.title);
    await expect(page.getByTestId('popups-empty')).toContainText(text.emptyTitle);

    await test.step('the form says what is missing at its field; the preview follows what is typed', async () => {
      await page.getByTestId('add-popup').click();
      await expect(page).toHaveURL(/\/cp\/add-pop-up$/);
      await expect(page).toHaveTitle(text.tabTitle);
      await page.getByTestId('popup-percent').fill('0');
      await page.getByTestId('popup-save').click();
      await expect(fieldOf(page.getByTestId('popup-title'))).toContainText(text.titleRequired);
      await expect(fieldOf(page.getByTestId('popup-percent'))).toContainText(text.invalidPercent);

      await page.getByTestId('popup-title').fill(text.welcome);
      await page.getByTestId('popup-percent').fill('15');
      const preview = page.getByTestId('popup-preview');
      await expect(preview.getByRole('heading')).toHaveText(text.welcome);
      await expect(preview.getByTestId('popup-badge')).toHaveText(text.badge(15));
      await expect(preview.getByRole('button', { name: text.accept(15) })).toBeVisible();
      await page.getByTestId('popup-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.created(text.welcome));
      await expect(page).toHaveURL(/\/cp\/pop-up$/);
      const row = page.locator(`[data-testid="popup-row"][data-title="${text.welcome}"]`);
      await expect(row).toContainText(text.badge(15));
      await expect(row.locator('[data-status="live"]')).toHaveText(text.live);
    });

    await test.step('a second one in the same dates is refused under its dates; switched off, it may stay', async () => {
      await page.getByTestId('add-popup').click();
      await page.getByTestId('popup-title').fill(text.autumn);
      await page.getByTestId('popup-save').click();
      await expect(fieldOf(page.getByTestId('popup-starts'))).toContainText(text.overlap);
      await page.getByTestId('popup-status').getByText(text.inactive).click();
      await page.getByTestId('popup-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.created(text.autumn));
      await page.getByTestId('popups-filter').getByText(text.filterInactive).click();
      await expect(page.getByTestId('popup-row')).toHaveCount(1);
      await expect(page.getByTestId('popup-row')).toHaveAttribute('data-title', text.autumn);
    });

    await test.step('edited: the changes are saved; deleted after a confirmation', async () => {
      await page.getByRole('link', { name: text.autumn }).click();
      await expect(page.getByTestId('popup-form-title')).toHaveText(text.autumn);
      await page.getByTestId('popup-percent').fill('25');
      await page.getByTestId('popup-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.saved(text.autumn));
      const popups = await apiData<{ title: string; percent: number }[]>(
        page.request,
        'GET',
        `/Discount/popups?marketId=${store.id}`,
      );
      expect(popups.find((p) => p.title === text.autumn)?.percent).toBe(25);

      await page.getByRole('link', { name: text.autumn }).click();
      await page.getByTestId('popup-delete').click();
      await page.getByTestId('confirm-delete-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.deleted(text.autumn));
      await expect(page.locator(`[data-testid="popup-row"][data-title="${text.autumn}"]`)).toHaveCount(0);
    });

    await test.step('shoppers read only the live one', async () => {
      const live = await (await request.get(`/api/Discount/popups?marketId=${store.id}`)).json();
      expect(live.data.map((p: { title: string }) => p.title)).toEqual([text.welcome]);
      expect(inDays(0) < live.data[0].endsAt).toBe(true);
    });
  });

  test(`${language}: a discount code is made in its dialog, checked as typed, and listed with its limit`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, language);
    await merchantWithNewStore(page.request, request, `code-${language}`);
    await page.goto('/cp/discount-codes');
    await expect(page.getByTestId('codes-title')).toHaveText(text.codesTitle);

    await page.getByTestId('add-code').click();
    await page.getByTestId('code-code').fill('no spaces');
    await page.getByTestId('code-save').click();
    await expect(fieldOf(page.getByTestId('code-code'))).toContainText(text.codeFormat);
    await page.getByTestId('code-code').fill('WINTER-25');
    await page.getByTestId('code-percent').fill('25');
    await page.getByTestId('code-usage-limit').fill('50');
    await page.getByTestId('code-save').click();
    await expect(page.getByTestId('notice')).toContainText(text.codeCreated('WINTER-25'));
    const row = page.locator('[data-testid="code-row"][data-code="WINTER-25"]');
    await expect(row.getByTestId('code-value')).toHaveText('25%');
    await expect(row.getByTestId('code-used')).toHaveText(text.usedOf);

    // The same code in other letters' case is the same code.
    await page.getByTestId('add-code').click();
    await page.getByTestId('code-code').fill('winter-25');
    await page.getByTestId('code-save').click();
    await expect(fieldOf(page.getByTestId('code-code'))).toContainText(text.codeTaken);
  });
}
