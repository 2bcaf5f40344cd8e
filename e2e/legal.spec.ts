import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, useLanguage } from './support';

// The platform's About, privacy policy and terms of service (issue 17), in each language: served
// whole by the server, linked from every public page's footer, from the registration form's terms
// checkbox and from a store's checkout on the platform's host. A custom domain's /about stays its
// store's own page.

const port = Number(process.env.E2E_PORT ?? 3199);
/** Seeded by scripts/e2e-seed.ts as a verified, active domain of the demo store. */
const DOMAIN = process.env.E2E_DOMAIN ?? 'shop.e2e.test';

const TEXT = {
  az: {
    about: 'Haqqımızda',
    privacy: 'Məxfilik siyasəti',
    terms: 'İstifadə şərtləri',
    contents: 'Mündəricat',
    rights: 'Hüquqlarınız',
    retention: 'Hesab bağlandıqdan sonra onları 2 ilədək saxlayırıq',
    adult: '18 yaşınız tamam olmalıdır',
    minor: 'Yaşınız 13 ilə 18 arasındadırsa, xidmətdən yalnız valideynin və ya qəyyumun nəzarəti altında',
    community: '7000-dən çox istifadəçidən ibarət icmadır',
    cta: 'Mağazanı yarat',
    registerTerms: 'istifadə şərtlərini',
    registerPrivacy: 'məxfilik siyasətini',
    processor: 'Bu sifarişi mağaza adından Shop builder emal edir',
  },
  en: {
    about: 'About us',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    contents: 'Contents',
    rights: 'Your rights',
    retention: 'After the account is closed we keep it for up to 2 years',
    adult: 'You must be 18 or older to use Shop builder',
    minor: 'If you are between 13 and 18, you may use it only under the supervision of a parent or guardian',
    community: 'a community of over 7000 users',
    cta: 'Create your store',
    registerTerms: 'terms of service',
    registerPrivacy: 'privacy policy',
    processor: 'Shop builder processes this order for the store',
  },
  ru: {
    about: 'О нас',
    privacy: 'Политика конфиденциальности',
    terms: 'Условия использования',
    contents: 'Содержание',
    rights: 'Ваши права',
    retention: 'После закрытия аккаунта мы храним их до 2 лет',
    adult: 'Пользоваться Shop builder можно с 18 лет',
    minor: 'Если вам от 13 до 18 лет, вы можете пользоваться сервисом только под присмотром родителя или опекуна',
    community: 'сообщество из более чем 7000 пользователей',
    cta: 'Создать магазин',
    registerTerms: 'условия использования',
    registerPrivacy: 'политику конфиденциальности',
    processor: 'Этот заказ обрабатывает Shop builder по поручению магазина',
  },
} as const;

type Language = keyof typeof TEXT;

async function expectPage(page: Page, language: Language, title: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · Shop builder`);
}

for (const language of ['az', 'en', 'ru'] as const) {
  const text = TEXT[language];

  test(`${language}: About, the privacy policy and the terms, in the language, linked from the footer`, async ({
    page,
  }) => {
    await useLanguage(page, language);

    const about = await page.goto('/about');
    expect(about?.status()).toBe(200);
    await expectPage(page, language, text.about);
    const article = page.getByTestId('platform-about');
    await expect(article).toContainText(text.community);
    await expect(article.getByTestId('about-register')).toHaveText(text.cta);
    await expect(article.getByTestId('about-register')).toHaveAttribute('href', '/register');
    // The platform's frame, not a store's.
    await expect(page.getByTestId('storefront')).toHaveCount(0);

    const footer = page.getByTestId('site-footer');
    await footer.getByRole('link', { name: text.privacy, exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expectPage(page, language, text.privacy);
    await expect(page.getByTestId('legal-privacy')).toContainText(text.retention);
    await expect(
      page.getByTestId('legal-privacy').getByRole('link', { name: 'privacy@shopbuilder.az' }).first(),
    ).toHaveAttribute('href', 'mailto:privacy@shopbuilder.az');

    await footer.getByRole('link', { name: text.terms, exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expectPage(page, language, text.terms);
    const terms = page.getByTestId('legal-terms');
    await expect(terms).toContainText(text.adult);
    await expect(terms).toContainText(text.minor);

    await footer.getByRole('link', { name: text.about, exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectPage(page, language, text.about);

    // Each answers on its own too, and the document is in the server's HTML (no script needed).
    for (const [path, title] of [
      ['/privacy', text.privacy],
      ['/terms', text.terms],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectPage(page, language, title);
      const html = await response?.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain('href="#contact"');
    }
  });

  test(`${language}: the registration form's terms checkbox links the terms and the privacy policy`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/reg-via-email');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const termsLink = page.getByTestId('register-terms-link');
    const privacyLink = page.getByTestId('register-privacy-link');
    await expect(termsLink).toHaveText(text.registerTerms);
    await expect(termsLink).toHaveAttribute('href', '/terms');
    await expect(privacyLink).toHaveText(text.registerPrivacy);
    await expect(privacyLink).toHaveAttribute('href', '/privacy');
    for (const link of [termsLink, privacyLink]) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
    // The links are the checkbox's label (its name), and following one leaves it as it was.
    const checkbox = page.getByTestId('register-terms');
    await expect(page.getByRole('checkbox', { name: text.registerPrivacy })).toHaveCount(1);
    const [tab] = await Promise.all([page.waitForEvent('popup'), privacyLink.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(text.privacy);
    await tab.close();
    await expect(checkbox).not.toBeChecked();
  });
}

test('the contents of a policy lead to its sections without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'language', value: 'az', domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.az.privacy);
  const contents = page.getByRole('navigation', { name: TEXT.az.contents });
  await contents.getByRole('link', { name: TEXT.az.rights }).click();
  await expect(page).toHaveURL(/\/privacy#rights$/);
  await expect(page.locator('#rights').getByRole('heading', { level: 2 })).toHaveText(TEXT.az.rights);
  await expect(page.locator('#rights')).toBeInViewport();
  await context.close();
});

/** The id of one of the demo store's products that goes into the cart as it is (no variant to pick). */
async function simpleDemoProduct(request: APIRequestContext): Promise<string> {
  const market = await (await request.get(`/api/Market/get-store-by-name/${DEMO.store}`)).json();
  const list = await (await request.get(`/api/Products/all/${market.data.id}?stock=in&pageSize=100`)).json();
  const product = (list.data.items as { id: string; inStock: boolean; variantCount: number }[]).find(
    (item) => item.inStock && item.variantCount === 0,
  );
  expect(product, 'the demo store has a product without variants in stock').toBeTruthy();
  return (product as { id: string }).id;
}

async function toCheckout(page: Page, productPath: string) {
  await page.goto(productPath);
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
}

test('a checkout on the platform says who processes the order and links the platform’s privacy policy', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const productId = await simpleDemoProduct(request);
  await toCheckout(page, `/${DEMO.store}/product/${productId}`);
  const note = page.getByTestId('processor-note');
  await expect(note).toContainText(TEXT.en.processor);
  const link = note.getByRole('link', { name: 'privacy policy' });
  await expect(link).toHaveAttribute('href', '/privacy');
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.privacy);
  await tab.close();

  // A store's own About is still the store's at /{marketName}/about.
  expect((await page.goto(`/${DEMO.store}/about`))?.status()).toBe(200);
  await expect(page.getByTestId('page-title')).toContainText(DEMO.store);
  await expect(page.getByTestId('platform-about')).toHaveCount(0);
});

test('on a custom domain /about is the store’s, and its checkout links the platform’s privacy policy at the platform’s address', async ({
  playwright,
  request,
}, testInfo) => {
  // The domain resolves to this machine inside this browser only.
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://${DOMAIN}:${port}` });
    await context.addCookies([{ name: 'language', value: 'ru', domain: DOMAIN, path: '/' }]);
    const page = await context.newPage();
    expect((await page.goto('/about'))?.status()).toBe(200);
    await expect(page.getByTestId('page-title')).toContainText(DEMO.store);
    await expect(page.getByTestId('platform-about')).toHaveCount(0);

    const productId = await simpleDemoProduct(request);
    await toCheckout(page, `/product/${productId}`);
    const note = page.getByTestId('processor-note');
    await expect(note).toContainText(TEXT.ru.processor);
    await expect(note.getByTestId('processor-privacy')).toHaveAttribute('href', `http://127.0.0.1:${port}/privacy`);
    await context.close();
  } finally {
    await browser.close();
  }
});
