import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// The route table mirrors SPEC §2.
export default [
  index('routes/marketing/landing.tsx'),
  route('maintenance', 'routes/marketing/maintenance.tsx'),
  route('not-found', 'routes/marketing/not-found.tsx'),
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
  ]),

  route('cp/manage-account', 'routes/cp/manage-account.tsx'),
  route('cp', 'routes/cp/layout.tsx', [
    index('routes/cp/index.tsx'),
    route('settings', 'routes/cp/settings.tsx'),
    route('home', 'routes/cp/home.tsx'),
    route('general', 'routes/cp/general.tsx'),
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
  ]),

  route('*', 'routes/marketing/catch-all.tsx'),
] satisfies RouteConfig;
