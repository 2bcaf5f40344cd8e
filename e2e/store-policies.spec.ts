import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { policyTemplate } from '@shop/shared';
import { apiData, imageFile, merchantWithNewStore, uniqueTag, useLanguage } from './support';

// A store's policies on its storefront (issue 15): those with text are linked from the footer of
// every page and open on their own page; the checkout names the terms and the return policy it
// agrees to; the sitemap lists them; one emptied leaves the store at once. (The merchant writes
// them at cp/policies: e2e/policies.spec.ts.)

const port = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;

const TEXT = {
  az: {
    returns: 'Qaytarma və geri ödəniş',
    terms: 'İstifadə şərtləri',
    updated: /^Son yenilənmə: \d{1,2} \p{L}+ \d{4}/u,
    agreement: 'Sifarişi verməklə mağazanın istifadə şərtləri və qaytarma siyasəti ilə razılaşırsınız.',
    termsOnly: 'Sifarişi verməklə mağazanın istifadə şərtləri ilə razılaşırsınız.',
    notFound: 'Səhifə tapılmadı',
  },
  en: {
    returns: 'Returns and refunds',
    terms: 'Terms of service',
    updated: /^Last updated [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    agreement: 'By placing the order you agree to the store’s terms of service and return policy.',
    termsOnly: 'By placing the order you agree to the store’s terms of service.',
    notFound: 'Page not found',
  },
} as const;

interface Store {
  api: APIRequestContext;
  id: string;
  name: string;
  productId: string;
}

/** A merchant's new store with a product, a tariff, and its return policy and terms from the templates. */
async function storeWithPolicies(language: 'az' | 'en'): Promise<Store> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const market = await merchantWithNewStore(api, api, `pol-${language}`);
  const file = await imageFile('policy.png', { r: 40, g: 120, b: 90 });
  const upload = await api.post('/api/Media/upload', { multipart: { file } });
  const image = ((await upload.json()).data as { url: string }).url;
  const category = await apiData<{ id: string }>(api, 'POST', '/Category/create', {
    marketId: market.id,
    name: `Gifts ${uniqueTag()}`,
  });
  const product = await apiData<{ id: string }>(api, 'POST', '/Products/create', {
    marketId: market.id,
    categoryId: category.id,
    title: 'Gift box',
    description: '<p>A box of good things.</p>',
    images: [image],
    price: 2500,
    stock: 20,
  });
  await apiData(api, 'POST', '/ShippingTariff/create', { marketId: market.id, name: 'Courier', price: 500 });
  const facts = { store: market.name, email: 'hello@store.az', phone: '+994 50 123 45 67' };
  for (const type of ['returnAndRefund', 'termsOfService'] as const) {
    const template = policyTemplate(type, language, facts);
    await apiData(api, 'PUT', `/Policy/${market.id}/${type}`, { title: template.title, content: template.html });
  }
  return { api, id: market.id, name: market.name, productId: product.id };
}

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a store’s policies are in its footer, on their own pages, in the sitemap and at checkout`, async ({
    page,
  }) => {
    const store = await storeWithPolicies(language);
    const returns = policyTemplate('returnAndRefund', language, {
      store: store.name,
      email: 'hello@store.az',
      phone: '+994 50 123 45 67',
    });
    await useLanguage(page, language);

    // Every page's footer links the policies the store shows, in their order.
    await page.goto(`/${store.name}`);
    await hydrated(page);
    const footer = page.getByTestId('footer-policies');
    await expect(footer.getByRole('link')).toHaveText([text.returns, text.terms]);
    await footer.getByRole('link', { name: text.returns }).click();
    await expect(page).toHaveURL(`${origin}/${store.name}/policies/returnAndRefund`);
    await expect(page.getByTestId('page-title')).toHaveText(returns.title);
    await expect(page).toHaveTitle(`${returns.title} · ${store.name}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByTestId('policy-content')).toContainText(store.name);
    await expect(
      page.getByTestId('policy-content').getByRole('link', { name: 'hello@store.az' }).first(),
    ).toHaveAttribute('href', 'mailto:hello@store.az');
    await expect(page.getByText(text.updated)).toBeVisible();

    const sitemap = await (await page.request.get(`/${store.name}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/${store.name}/policies/returnAndRefund</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/${store.name}/policies/termsOfService</loc>`);
    expect(sitemap).not.toContain('/policies/privacy');

    // The checkout says what ordering agrees to, each link opening its policy beside it.
    await page.goto(`/${store.name}/product/${store.productId}`);
    await hydrated(page);
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(new RegExp(`/${store.name}/checkout/[0-9a-f-]{36}$`));
    const agreement = page.getByTestId('policy-agreement');
    await expect(agreement).toHaveText(text.agreement);
    await expect(agreement.getByRole('link')).toHaveCount(2);
    const termsLink = agreement.getByRole('link').first();
    await expect(termsLink).toHaveAttribute('href', `/${store.name}/policies/termsOfService`);
    await expect(termsLink).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.waitForEvent('popup'), termsLink.click()]);
    await expect(tab.getByTestId('page-title')).toHaveText(
      policyTemplate('termsOfService', language, { store: store.name, email: '' }).title,
    );
    await tab.close();

    // Emptied, the return policy leaves the store at once: its link, its page, the checkout's words.
    await apiData(store.api, 'PUT', `/Policy/${store.id}/returnAndRefund`, { title: returns.title, content: '' });
    await page.reload();
    await expect(page.getByTestId('policy-agreement')).toHaveText(text.termsOnly);
    await expect(page.getByTestId('footer-policies').getByRole('link')).toHaveText([text.terms]);
    const gone = await page.goto(`/${store.name}/policies/returnAndRefund`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: text.notFound })).toBeVisible();
    expect((await page.request.get(`/${store.name}/policies/cookies`)).status()).toBe(404);
    await store.api.dispose();
  });
}
