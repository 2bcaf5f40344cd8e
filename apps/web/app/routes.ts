import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// The route table mirrors SPEC §2.
export default [
  route('maintenance', 'routes/marketing/maintenance.tsx'),
  route('not-found', 'routes/marketing/not-found.tsx'),
  // What the theme editor can do, its templates live on the demo store (issue 16).
  route('customize-store-page', 'routes/marketing/customize-store-page.tsx'),

  // The platform's public site (issue 17), in one frame with every public page in its footer.
  // Its About is the root's `about` (a custom domain's /about is its store's: storefront/about.tsx).
  route('blogs/rss.xml', 'routes/site/blogs-rss.ts'),
  layout('routes/site/layout.tsx', [
    route('privacy', 'routes/site/privacy.tsx'),
    route('terms', 'routes/site/terms.tsx'),
    route('blogs', 'routes/site/blogs.tsx'),
    route('blogs/:id', 'routes/site/blog.tsx'),
    route('tutorials', 'routes/site/tutorials.tsx'),
    route('tutorials/:id', 'routes/site/tutorial.tsx'),
    route('help-center', 'routes/site/help-center.tsx'),
    route('help-center/:id', 'routes/site/help-article.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    // Careers (SPEC §2 apply, apply/{id}, apply/{id}/motivation-letter): open positions, the
    // applicant's applications and the two steps of applying.
    route('apply', 'routes/site/apply.tsx'),
    route('apply/:id', 'routes/site/apply-vacancy.tsx'),
    route('apply/:id/motivation-letter', 'routes/site/apply-letter.tsx'),
    // The one site page with a script: its files upload as they are chosen, its voice note records.
    route('bug-report', 'routes/site/bug-report.tsx'),
    // Where a visitor lands after sending any of the site's forms (SPEC §2 root routes).
    route('success-page', 'routes/site/success-page.tsx'),
  ]),

  // The account screens, the control panel and the dev pages share the query cache and every
  // text namespace (routes/panel.tsx); the storefront and marketing pages carry neither.
  layout('routes/panel.tsx', [
    route('dev-mailbox', 'routes/dev/mailbox.tsx'),

    layout('routes/auth/layout.tsx', [
      route('login', 'routes/auth/login.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('reg-via-email', 'routes/auth/reg-via-email.tsx'),
      route('email-verification', 'routes/auth/email-verification.tsx'),
      route('login-verification', 'routes/auth/login-verification.tsx'),
      route('forgot-pass', 'routes/auth/forgot-pass.tsx'),
      route('re-enter-pass', 'routes/auth/re-enter-pass.tsx'),
      route('choose-market', 'routes/auth/choose-market.tsx'),
      route('create-market', 'routes/auth/create-market.tsx'),
      route('create-market-finish', 'routes/auth/create-market-finish.tsx'),
      route('invitation/:token', 'routes/auth/invitation.tsx'),
    ]),

    route('cp/manage-account', 'routes/cp/manage-account.tsx'),
    route('cp', 'routes/cp/layout.tsx', [
      index('routes/cp/index.tsx'),
      route('settings', 'routes/cp/settings.tsx'),
      route('home', 'routes/cp/home.tsx'),
      route('general', 'routes/cp/general.tsx'),
      route('payments', 'routes/cp/payments.tsx'),
      route('balance-payout', 'routes/cp/balance-payout.tsx'),
      route('payout-details/:marketId/:id', 'routes/cp/payout-details.tsx'),
      route('products', 'routes/cp/products.tsx'),
      route('add-product', 'routes/cp/add-product.tsx'),
      route('edit-product/:marketId/:id', 'routes/cp/edit-product.tsx'),
      route('categories', 'routes/cp/categories.tsx'),
      route('add-category', 'routes/cp/add-category.tsx'),
      route('edit-category/:marketId/:id', 'routes/cp/edit-category.tsx'),
      route('collections', 'routes/cp/collections.tsx'),
      route('add-collection', 'routes/cp/add-collection.tsx'),
      route('edit-collection/:marketId/:id', 'routes/cp/edit-collection.tsx'),
      route('inventory', 'routes/cp/inventory.tsx'),
      route('shipping-and-delivery', 'routes/cp/shipping-and-delivery.tsx'),
      route('policies', 'routes/cp/policies.tsx'),
      route('content', 'routes/cp/content.tsx'),
      route('customize-store', 'routes/cp/customize-store.tsx'),
      route('domains', 'routes/cp/domains.tsx'),
      route('employees', 'routes/cp/employees.tsx'),
      route('analytics-integration', 'routes/cp/analytics-integration.tsx'),
      route('analytics/:marketId', 'routes/cp/analytics.tsx'),
      route('orders', 'routes/cp/orders.tsx'),
      route('order-details/:marketId/:orderId', 'routes/cp/order-details.tsx'),
      route('customers', 'routes/cp/customers.tsx'),
      route('customers/:marketId/:id', 'routes/cp/customer.tsx'),
      route('abandoned-checkouts', 'routes/cp/abandoned-checkouts.tsx'),
      route('pop-up', 'routes/cp/pop-up.tsx'),
      route('add-pop-up', 'routes/cp/add-pop-up.tsx'),
      route('edit-pop-up/:marketId/:id', 'routes/cp/edit-pop-up.tsx'),
      route('bundle', 'routes/cp/bundle.tsx'),
      route('select-bundle', 'routes/cp/select-bundle.tsx'),
      route('create-bundle-1', 'routes/cp/create-bundle-1.tsx'),
      route('create-bundle-2', 'routes/cp/create-bundle-2.tsx'),
      route('edit-bundle/:marketId/:id', 'routes/cp/edit-bundle.tsx'),
      // Discount codes are beyond SPEC §2's screens (issue 13: merchants expect them).
      route('discount-codes', 'routes/cp/discount-codes.tsx'),
    ]),

    // The platform's staff (issue 17): every store's balances and their corrections.
    route('staff', 'routes/staff/layout.tsx', [
      index('routes/staff/index.tsx'),
      route('stores', 'routes/staff/stores.tsx'),
      route('stores/:marketId', 'routes/staff/store.tsx'),
      // The platform's writing: blog posts, tutorials and help articles (issue 17).
      route('articles', 'routes/staff/articles.tsx'),
      route('articles/new', 'routes/staff/article-new.tsx'),
      route('articles/:id', 'routes/staff/article-edit.tsx'),
      // Visitors' help requests and contact messages (issue 17).
      route('requests', 'routes/staff/requests.tsx'),
      // The platform's vacancies and the applications to them, with their CVs (issue 17).
      route('vacancies', 'routes/staff/vacancies.tsx'),
      route('vacancies/new', 'routes/staff/vacancy-new.tsx'),
      route('vacancies/:id', 'routes/staff/vacancy-edit.tsx'),
      route('applications', 'routes/staff/applications.tsx'),
      // Visitors' bug reports with their files (issue 17, SPEC §2 the staff's bug-report page).
      route('bug-reports', 'routes/staff/bug-reports.tsx'),
    ]),
  ]),

  // The storefront's texts, a file named by its content that browsers keep (lib/i18n.ts loadStoreTexts).
  route('store-texts/:file', 'routes/storefront/store-texts.ts'),
  // The storefront (SPEC §2 Public storefront) at /{marketName} …
  route(':marketName', 'routes/storefront/layout.tsx', { id: 'store' }, storefront('store')),
  // … and the same modules at the root, under their own ids: a request whose Host is a verified,
  // active custom domain of a market gets that store (DESIGN §1); any other host gets the landing
  // page at / and not-found for the rest. The payment result pages (SPEC §2 root routes) live
  // here too, so that a custom domain shows them in its store's frame.
  layout('routes/storefront/layout.tsx', { id: 'domain' }, [
    index('routes/storefront/root-home.tsx', { id: 'domain-home' }),
    ...storefront('domain'),
    route('card-success', 'routes/storefront/payment-success.tsx', { id: 'card-success' }),
    route('success', 'routes/storefront/payment-success.tsx', { id: 'success' }),
    route('card-failed', 'routes/storefront/payment-failed.tsx', { id: 'card-failed' }),
    route('failed', 'routes/storefront/payment-failed.tsx', { id: 'failed' }),
  ]),

  route('*', 'routes/marketing/catch-all.tsx'),
] satisfies RouteConfig;

/** The store's pages below its layout; `prefix` keeps the route ids apart. */
function storefront(prefix: 'store' | 'domain') {
  const page = (path: string, file: string) =>
    route(path, `routes/storefront/${file}`, {
      id: `${prefix}-${file.replace(/\.tsx?$/, '')}`,
    });
  return [
    ...(prefix === 'store' ? [index('routes/storefront/home.tsx', { id: 'store-home' })] : []),
    page('about', 'about.tsx'),
    // A store's policies (issue 15: return and refund, privacy, terms, shipping, contact).
    page('policies/:type', 'policy.tsx'),
    // The store's own pages and all its products (cp/content: what its menus link to).
    page('pages/:slug', 'page.tsx'),
    page('products', 'products.tsx'),
    // The store's search results (issue 16; the header's box suggests as the shopper types).
    page('search', 'search.tsx'),
    page('category/:id', 'category.tsx'),
    page('collection/:id', 'collection.tsx'),
    page('product/:id', 'product.tsx'),
    page('checkout/:id', 'checkout.tsx'),
    // An abandoned checkout's recovery link: its lines back into this browser's cart.
    page('recover/:token', 'recover.tsx'),
    page('sitemap.xml', 'sitemap.ts'),
    page('robots.txt', 'robots.ts'),
    ...(prefix === 'store' ? [route('*', 'routes/storefront/not-found.tsx', { id: 'store-not-found' })] : []),
  ];
}
