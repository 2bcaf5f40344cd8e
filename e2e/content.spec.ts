import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, test } from '@playwright/test';
import { liftFromKeyboard, merchantWithNewStore, useLanguage } from './support';

// The store's own pages and menus (SPEC §2 cp/content; issue 16): a merchant writes an "about us"
// page, puts it and another site in the header menu (refused first with a javascript: address),
// moves a link from the keyboard, and a shopper finds both in the store's header — on a phone too,
// behind the menu button — and reads the page. What a merchant reads, per language
// (locales/*/content.json, cp.json, storefront.json and the messages of packages/shared).
const TEXT = {
  az: {
    nav: 'Səhifələr və menyular',
    empty: 'Hələ səhifə yoxdur',
    title: 'Haqqımızda',
    slug: 'haqqimizda',
    sentence: 'Biz Şəkidə əl işi ipək kəlağayılar toxuyuruq.',
    pageSaved: '«Haqqımızda» yadda saxlanıldı',
    menuSaved: 'Başlıq menyusu yadda saxlanıldı',
    urlInvalid: 'https:// ilə başlayan tam veb ünvan daxil edin',
    catalog: 'Bütün məhsullar',
    over: (position: number) => `«Bütün məhsullar» ${position} / 3 mövqeyinə keçdi.`,
    notFound: 'Səhifə tapılmadı',
  },
  en: {
    nav: 'Pages and menus',
    empty: 'No pages yet',
    title: 'About us',
    slug: 'about-us',
    sentence: 'We weave silk scarves by hand in Shaki.',
    pageSaved: '“About us” saved',
    menuSaved: 'Header menu saved',
    urlInvalid: 'Enter a full web address starting with https://',
    catalog: 'All products',
    over: (position: number) => `“All products” is over place ${position} of 3.`,
    notFound: 'Page not found',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: an about page and a header menu written in the panel, found by a shopper on a computer and a phone`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, language);
    const store = await merchantWithNewStore(page.request, request, `content-${language}`);

    await test.step('the panel: a page written, its address made from the title', async () => {
      await page.goto('/cp/home');
      await page.getByTestId('nav-content').click();
      await expect(page).toHaveURL(/\/cp\/content$/);
      await expect(page.getByTestId('cp-content-title')).toHaveText(text.nav);
      await expect(page.getByTestId('nav-content')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('pages-empty')).toContainText(text.empty);

      await page.getByTestId('page-add').click();
      await page.getByTestId('page-title').fill(text.title);
      await expect(page.getByTestId('page-slug')).toHaveAttribute('placeholder', text.slug);
      await page.getByTestId('page-content').click();
      await page.keyboard.type(text.sentence);
      await page.getByTestId('page-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.pageSaved);
      await expect(page).toHaveURL(/\/cp\/content\?page=[0-9a-f-]{36}$/);
      await expect(page.getByTestId('page-form-view')).toHaveAttribute('href', `/${store.name}/pages/${text.slug}`);
      await page.getByTestId('page-back').click();
      await expect(page.getByTestId('page-row')).toHaveAttribute('data-slug', text.slug);
    });

    const header = page.getByTestId('menu-header');
    const rows = header.getByTestId('menu-row');
    await test.step('the header menu: the page, all products and another site; javascript: refused at its field', async () => {
      await header.getByTestId('menu-header-add').click();
      const dialog = page.getByTestId('link-dialog');
      await dialog.getByTestId('link-target').selectOption({ label: text.title });
      await dialog.getByTestId('link-submit').click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-title', text.title);

      await header.getByTestId('menu-header-add').click();
      await dialog.getByTestId('link-kind').selectOption('url');
      await dialog.getByTestId('link-url').fill('javascript:alert(document.cookie)');
      await dialog.getByTestId('link-label').fill('Instagram');
      await dialog.getByTestId('link-submit').click();
      await expect(fieldOf(dialog.getByTestId('link-url'))).toContainText(text.urlInvalid);
      await dialog.getByTestId('link-url').fill('https://instagram.com/shaki.silk');
      await dialog.getByTestId('link-submit').click();

      await header.getByTestId('menu-header-add').click();
      await dialog.getByTestId('link-kind').selectOption('catalog');
      await dialog.getByTestId('link-submit').click();
      await expect(rows).toHaveCount(3);

      // All products moves to the top from the keyboard: lifted, up twice, dropped.
      const handle = rows.nth(2).getByTestId('menu-row-handle');
      await liftFromKeyboard(page, handle);
      // Each step is announced before the next (screen readers hear where it is).
      for (const position of [2, 1]) {
        await page.keyboard.press('ArrowUp');
        await expect(page.getByRole('status').filter({ hasText: text.over(position) })).toBeAttached();
      }
      await page.keyboard.press('Space');
      await expect(rows.nth(0)).toHaveAttribute('data-title', text.catalog);
      await expect(rows.nth(1)).toHaveAttribute('data-title', text.title);
      await expect(rows.nth(2)).toHaveAttribute('data-title', 'Instagram');

      await header.getByTestId('menu-header-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.menuSaved);
      await expect(header.getByTestId('menu-header-save')).toBeDisabled();

      // The screen as a keyboard or screen reader meets it: no serious or critical WCAG 2.1 AA violation.
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
        [],
      );
    });

    const links = page.getByTestId('store-nav').getByTestId('nav-menu-link');
    await test.step('a shopper: the header shows the menu, in its order; the page reads as written', async () => {
      await page.goto(`/${store.name}`);
      await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
      await expect(links).toHaveText([text.catalog, text.title, /^Instagram/]);
      // Room for the links on a computer: no menu button.
      await expect(page.getByTestId('store-menu-button')).toBeHidden();
      await expect(links.nth(2)).toHaveAttribute('href', 'https://instagram.com/shaki.silk');
      await expect(links.nth(2)).toHaveAttribute('rel', 'noopener noreferrer');
      await links.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`/${store.name}/pages/${text.slug}$`));
      await expect(page.getByTestId('page-title')).toHaveText(text.title);
      await expect(page.getByTestId('store-page-content')).toHaveText(text.sentence);
      await expect(page).toHaveTitle(`${text.title} · ${store.name}`);
      await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
    });

    await test.step('on a phone the links open from the menu button, and close once one is followed', async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      const button = page.getByTestId('store-menu-button');
      await expect(button).toBeVisible();
      await expect(links.first()).toBeHidden();
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(links.first()).toBeVisible();
      await links.first().click();
      await expect(page).toHaveURL(new RegExp(`/${store.name}/products$`));
      await expect(page.getByTestId('page-title')).toHaveText(text.catalog);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(links.first()).toBeHidden();
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    await test.step('on a phone before the script has run, the menu button opens the links too', async () => {
      // A slow phone's first seconds: the page as the server sent it, no JavaScript at all.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: true,
      });
      const early = await context.newPage();
      await useLanguage(early, language);
      await early.goto(`/${store.name}`);
      const earlyLinks = early.getByTestId('store-nav').getByTestId('nav-menu-link');
      await expect(earlyLinks.first()).toBeHidden();
      await early.getByTestId('store-menu-button').tap();
      await expect(earlyLinks.first()).toBeVisible();
      await earlyLinks.nth(1).tap();
      await expect(early).toHaveURL(new RegExp(`/${store.name}/pages/${text.slug}$`));
      await expect(early.getByTestId('page-title')).toHaveText(text.title);
      await context.close();
    });

    await test.step('a page the store does not have is not found, inside the store', async () => {
      const response = await page.goto(`/${store.name}/pages/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText(text.notFound);
      await expect(page.getByTestId('store-brand')).toContainText(store.name);
    });
  });
}
