import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiData, DEMO, useLanguage } from './support';

// Browser-tab titles and descriptions (issue 12): every page says them in its own language — the
// server's HTML, which search engines and link previews read, and the tab after hydration — and a
// store's pages take theirs from the store's own data.

const LANGUAGES = ['az', 'en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];
type Texts = Record<string, unknown>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const routesDir = path.join(root, 'apps/web/app/routes');
const texts = (language: Language, namespace: string): Texts =>
  JSON.parse(fs.readFileSync(path.join(root, `apps/web/app/locales/${language}/${namespace}.json`), 'utf8'));
const at = (node: unknown, dotted: string): string => {
  const value = dotted.split('.').reduce<unknown>((n, key) => (n as Texts | undefined)?.[key], node);
  if (typeof value !== 'string') throw new Error(`no text at ${dotted}`);
  return value;
};

/** What a page's <title> should be in a language, from the locale files. */
type Expected = (language: Language) => string;
const common =
  (key: string): Expected =>
  (l) =>
    `${at(texts(l, 'common'), key)} · ${at(texts(l, 'common'), 'brand')}`;
const account =
  (key: string): Expected =>
  (l) =>
    `${at(texts(l, 'titles'), `auth.${key}`)} · ${at(texts(l, 'common'), 'brand')}`;
const panel =
  (key: string): Expected =>
  (l) =>
    `${at(texts(l, 'titles'), `cp.${key}`)} · ${at(texts(l, 'titles'), 'controlPanel')}`;
const staff =
  (key: string): Expected =>
  (l) =>
    `${at(texts(l, 'titles'), `staff.${key}`)} · ${at(texts(l, 'titles'), 'staffArea')}`;

const site =
  (key: string): Expected =>
  (l) =>
    `${at(texts(l, 'site'), `pages.${key}.title`)} · ${at(texts(l, 'common'), 'brand')}`;

const ID = '11111111-1111-4111-8111-111111111111';

/** Every page of the platform, by the route module that renders it. */
const PLATFORM: { module: string; path: string; title: Expected }[] = [
  { module: 'marketing/landing.tsx', path: '/', title: (l) => at(texts(l, 'landing'), 'meta.title') },
  { module: 'marketing/not-found.tsx', path: '/not-found', title: common('notFound.title') },
  {
    module: 'marketing/customize-store-page.tsx',
    path: '/customize-store-page',
    title: (l) => at(texts(l, 'showcase'), 'metaTitle'),
  },
  { module: 'marketing/catch-all.tsx', path: '/no-such-page', title: common('notFound.title') },
  { module: 'marketing/maintenance.tsx', path: '/maintenance', title: common('maintenance.pageTitle') },
  { module: 'dev/mailbox.tsx', path: '/dev-mailbox', title: account('mailbox') },
  { module: 'auth/login.tsx', path: '/login', title: account('login') },
  { module: 'auth/register.tsx', path: '/register', title: account('register') },
  { module: 'auth/reg-via-email.tsx', path: '/reg-via-email', title: account('regViaEmail') },
  { module: 'auth/email-verification.tsx', path: '/email-verification', title: account('emailVerification') },
  { module: 'auth/login-verification.tsx', path: '/login-verification', title: account('loginVerification') },
  { module: 'auth/forgot-pass.tsx', path: '/forgot-pass', title: account('forgotPass') },
  { module: 'auth/re-enter-pass.tsx', path: '/re-enter-pass', title: account('reEnterPass') },
  { module: 'auth/choose-market.tsx', path: '/choose-market', title: account('chooseMarket') },
  { module: 'auth/create-market.tsx', path: '/create-market', title: account('createMarket') },
  { module: 'auth/create-market-finish.tsx', path: '/create-market-finish', title: account('createMarketFinish') },
  { module: 'auth/invitation.tsx', path: `/invitation/${'x'.repeat(43)}`, title: account('invitation') },
  { module: 'cp/manage-account.tsx', path: '/cp/manage-account', title: panel('manageAccount') },
  { module: 'cp/home.tsx', path: '/cp/home', title: panel('home') },
  { module: 'cp/general.tsx', path: '/cp/general', title: panel('general') },
  { module: 'cp/payments.tsx', path: '/cp/payments', title: panel('payments') },
  { module: 'cp/balance-payout.tsx', path: '/cp/balance-payout', title: panel('balancePayout') },
  { module: 'cp/payout-details.tsx', path: `/cp/payout-details/${ID}/${ID}`, title: panel('payoutDetails') },
  { module: 'cp/products.tsx', path: '/cp/products', title: panel('products') },
  { module: 'cp/add-product.tsx', path: '/cp/add-product', title: panel('addProduct') },
  { module: 'cp/edit-product.tsx', path: `/cp/edit-product/${ID}/${ID}`, title: panel('editProduct') },
  { module: 'cp/categories.tsx', path: '/cp/categories', title: panel('categories') },
  { module: 'cp/add-category.tsx', path: '/cp/add-category', title: panel('addCategory') },
  { module: 'cp/edit-category.tsx', path: `/cp/edit-category/${ID}/${ID}`, title: panel('editCategory') },
  { module: 'cp/collections.tsx', path: '/cp/collections', title: panel('collections') },
  { module: 'cp/add-collection.tsx', path: '/cp/add-collection', title: panel('addCollection') },
  { module: 'cp/edit-collection.tsx', path: `/cp/edit-collection/${ID}/${ID}`, title: panel('editCollection') },
  { module: 'cp/inventory.tsx', path: '/cp/inventory', title: panel('inventory') },
  { module: 'cp/shipping-and-delivery.tsx', path: '/cp/shipping-and-delivery', title: panel('shipping') },
  { module: 'cp/policies.tsx', path: '/cp/policies', title: panel('policies') },
  { module: 'cp/content.tsx', path: '/cp/content', title: panel('content') },
  { module: 'cp/customize-store.tsx', path: '/cp/customize-store', title: panel('customizeStore') },
  { module: 'cp/domains.tsx', path: '/cp/domains', title: panel('domains') },
  { module: 'cp/employees.tsx', path: '/cp/employees', title: panel('employees') },
  { module: 'cp/analytics-integration.tsx', path: '/cp/analytics-integration', title: panel('analyticsIntegration') },
  { module: 'cp/analytics.tsx', path: `/cp/analytics/${ID}`, title: panel('analytics') },
  { module: 'cp/orders.tsx', path: '/cp/orders', title: panel('orders') },
  { module: 'cp/order-details.tsx', path: `/cp/order-details/${ID}/${ID}`, title: panel('order') },
  { module: 'cp/customers.tsx', path: '/cp/customers', title: panel('customers') },
  { module: 'cp/customer.tsx', path: `/cp/customers/${ID}/${ID}`, title: panel('customer') },
  { module: 'cp/abandoned-checkouts.tsx', path: '/cp/abandoned-checkouts', title: panel('abandonedCheckouts') },
  { module: 'cp/pop-up.tsx', path: '/cp/pop-up', title: panel('popups') },
  { module: 'cp/add-pop-up.tsx', path: '/cp/add-pop-up', title: panel('addPopup') },
  { module: 'cp/edit-pop-up.tsx', path: `/cp/edit-pop-up/${ID}/${ID}`, title: panel('editPopup') },
  { module: 'cp/discount-codes.tsx', path: '/cp/discount-codes', title: panel('discountCodes') },
  { module: 'cp/bundle.tsx', path: '/cp/bundle', title: panel('bundles') },
  { module: 'cp/select-bundle.tsx', path: '/cp/select-bundle', title: panel('selectBundle') },
  { module: 'cp/create-bundle-1.tsx', path: '/cp/create-bundle-1', title: panel('createBundle') },
  { module: 'cp/create-bundle-2.tsx', path: '/cp/create-bundle-2', title: panel('createBundle') },
  { module: 'cp/edit-bundle.tsx', path: `/cp/edit-bundle/${ID}/${ID}`, title: panel('editBundle') },
  { module: 'staff/stores.tsx', path: '/staff/stores', title: staff('stores') },
  { module: 'staff/store.tsx', path: `/staff/stores/${ID}`, title: staff('store') },
  { module: 'staff/articles.tsx', path: '/staff/articles', title: staff('articles') },
  { module: 'staff/article-new.tsx', path: '/staff/articles/new', title: staff('newArticle') },
  { module: 'staff/article-edit.tsx', path: `/staff/articles/${ID}`, title: staff('editArticle') },
  { module: 'staff/requests.tsx', path: '/staff/requests', title: staff('requests') },
  { module: 'staff/vacancies.tsx', path: '/staff/vacancies', title: staff('vacancies') },
  { module: 'staff/vacancy-new.tsx', path: '/staff/vacancies/new', title: staff('newVacancy') },
  { module: 'staff/vacancy-edit.tsx', path: `/staff/vacancies/${ID}`, title: staff('editVacancy') },
  { module: 'staff/applications.tsx', path: '/staff/applications', title: staff('applications') },
  { module: 'staff/bug-reports.tsx', path: '/staff/bug-reports', title: staff('bugReports') },
  { module: 'site/privacy.tsx', path: '/privacy', title: site('privacy') },
  { module: 'site/terms.tsx', path: '/terms', title: site('terms') },
  { module: 'site/blogs.tsx', path: '/blogs', title: site('blogs') },
  { module: 'site/tutorials.tsx', path: '/tutorials', title: site('tutorials') },
  { module: 'site/help-center.tsx', path: '/help-center', title: site('helpCenter') },
  { module: 'site/contact.tsx', path: '/contact', title: site('contact') },
  {
    module: 'site/bug-report.tsx',
    path: '/bug-report',
    title: (l) => `${at(texts(l, 'bugs'), 'page.title')} · ${at(texts(l, 'common'), 'brand')}`,
  },
  { module: 'site/success-page.tsx', path: '/success-page', title: site('success') },
  {
    module: 'site/apply.tsx',
    path: '/apply',
    title: (l) => `${at(texts(l, 'careers'), 'title')} · ${at(texts(l, 'common'), 'brand')}`,
  },
  // A vacancy (and its second step) names itself by its position; one that is not there is not found.
  { module: 'site/apply-vacancy.tsx', path: `/apply/${ID}`, title: common('notFound.title') },
  { module: 'site/apply-letter.tsx', path: `/apply/${ID}/motivation-letter`, title: common('notFound.title') },
  // An article names itself by its own title in every language (e2e/site.spec.ts); one that is not
  // there is the not-found page, named in the page's language.
  { module: 'site/blog.tsx', path: `/blogs/${ID}`, title: common('notFound.title') },
  { module: 'site/tutorial.tsx', path: `/tutorials/${ID}`, title: common('notFound.title') },
  { module: 'site/help-article.tsx', path: `/help-center/${ID}`, title: common('notFound.title') },
];

/** The <title>s and the description of a page as the server sends it, in `language`. */
async function head(request: APIRequestContext, url: string, language: Language) {
  const response = await request.get(url, { headers: { cookie: `language=${language}` }, maxRedirects: 0 });
  expect(response.status(), url).toBeLessThan(500);
  const html = await response.text();
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] as string)),
    description: ((d) => (d ? decode(d) : null))(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]),
  };
}

test('every page of the platform is titled in its language, by the locale files', async ({ request }) => {
  // Every route module that names its page is walked here (a new one must be added).
  const withMeta = fs
    .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    // The frames' titles are for their pages' errors (a page names itself), the store's pages are below.
    .filter((file) => /\.tsx$/.test(file) && !file.startsWith('storefront/') && !file.endsWith('layout.tsx'))
    .filter((file) => /export (const|function) meta\b/.test(fs.readFileSync(path.join(routesDir, file), 'utf8')));
  expect(withMeta.filter((file) => !PLATFORM.some((p) => p.module === file))).toEqual([]);

  for (const page of PLATFORM) {
    const seen = {} as Record<Language, string>;
    for (const language of LANGUAGES) {
      const { titles } = await head(request, page.path, language);
      // One title, the page's own, in the page's language.
      expect(titles, `${language} ${page.path}`).toEqual([page.title(language)]);
      seen[language] = titles[0] as string;
    }
    // Where the texts differ, so do the titles: no English on an Azerbaijani or a Russian page.
    for (const language of ['az', 'ru'] as const) {
      if (page.title(language) !== page.title('en')) expect(seen[language], page.path).not.toBe(seen.en);
    }
    expect(new Set(Object.values(seen)).size, page.path).toBe(3);
  }

  // The landing page's description too.
  for (const language of LANGUAGES) {
    expect((await head(request, '/', language)).description).toBe(at(texts(language, 'landing'), 'meta.description'));
  }
});

test('a store’s pages are titled and described from the store’s own data, their own words in the page’s language', async ({
  request,
}) => {
  const market = await apiData<{ id: string; name: string; description: string | null }>(
    request,
    'GET',
    `/Market/get-store-by-name/${DEMO.store}`,
  );
  const product = (
    await apiData<{ items: { id: string; title: string }[] }>(request, 'GET', `/Products/all/${market.id}`)
  ).items[0];
  const category = (
    await apiData<{ id: string; name: string; description: string | null }[]>(
      request,
      'GET',
      `/Category/all/${market.id}`,
    )
  )[0];
  const collection = (
    await apiData<{ id: string; title: string }[]>(request, 'GET', `/Collection/get-all-collections/${market.id}`)
  )[0];
  expect(product && category && collection).toBeTruthy();
  const store = market.name;
  const storefront = (l: Language, key: string) => at(texts(l, 'storefront'), key);

  // The store's own data: the same title and description whatever the shopper's language.
  const byData: [string, string][] = [
    [`/${store}`, store],
    [`/${store}/product/${product?.id}`, `${product?.title} · ${store}`],
    [`/${store}/category/${category?.id}`, `${category?.name} · ${store}`],
    [`/${store}/collection/${collection?.id}`, `${collection?.title} · ${store}`],
  ];
  for (const [url, title] of byData) {
    const pages = await Promise.all(LANGUAGES.map((l) => head(request, url, l)));
    for (const page of pages) expect(page.titles, url).toEqual([title]);
    expect(pages[0]?.description, url).toBeTruthy();
    expect(new Set(pages.map((p) => p.description)).size, url).toBe(1);
  }
  expect((await head(request, `/${store}`, 'en')).description).toBe(market.description || store);

  // The store's pages without data of their own: the interface's words, in the page's language.
  const byTexts: [string, (l: Language) => string][] = [
    [`/${store}/about`, (l) => `${storefront(l, 'nav.about')} · ${store}`],
    [`/${store}/products`, (l) => `${storefront(l, 'nav.catalog')} · ${store}`],
    [`/${store}/checkout/${ID}`, (l) => `${storefront(l, 'checkout.title')} · ${store}`],
    [`/${store}/recover/not-a-token`, (l) => `${at(texts(l, 'abandoned'), 'recover.title')} · ${store}`],
    [`/${store}/no-such-page`, (l) => `${storefront(l, 'notFound.title')} · ${store}`],
    ['/card-success', (l) => storefront(l, 'result.title')],
    ['/card-failed', (l) => storefront(l, 'result.title')],
    ['/success', (l) => storefront(l, 'result.title')],
    ['/failed', (l) => storefront(l, 'result.title')],
  ];
  for (const [url, title] of byTexts) {
    const seen = new Set<string>();
    for (const language of LANGUAGES) {
      const { titles } = await head(request, url, language);
      expect(titles, `${language} ${url}`).toEqual([title(language)]);
      seen.add(titles[0] as string);
    }
    expect(seen.size, url).toBe(3);
  }
});

test('the tab follows the language switch without a reload', async ({ page }) => {
  await useLanguage(page, 'az');
  await page.goto('/login');
  await expect(page).toHaveTitle(`${at(texts('az', 'titles'), 'auth.login')} · Shop builder`);
  await page.getByTestId('language-switch').selectOption('ru');
  await expect(page).toHaveTitle(`${at(texts('ru', 'titles'), 'auth.login')} · Shop builder`);
  // A page reached inside the app names itself in the same language.
  await page.getByRole('link', { name: at(texts('ru', 'auth'), 'login.forgot') }).click();
  await expect(page).toHaveURL(/\/forgot-pass$/);
  await expect(page).toHaveTitle(`${at(texts('ru', 'titles'), 'auth.forgotPass')} · Shop builder`);
});
