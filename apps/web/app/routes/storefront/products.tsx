import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductList } from '../../features/storefront/product-list';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { listQueryOf, requestLanguage, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import css from '../../features/storefront/storefront.module.css';
import { useStorePath } from '../../lib/store-context';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/products';

/** Every product of the store (a menu's "All products", cp/content), sorted and filtered like a category. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const view = listQueryOf(new URL(request.url));
  const page = await context.storefront.products(store.market, view);
  const texts = textsOf(requestLanguage(request), ['storefront']).storefront as { nav: { catalog: string } };
  const pageSuffix = view.page > 1 ? `?page=${view.page}` : '';
  return {
    page,
    view,
    seo: pageSeo(store, {
      path: `/products${pageSuffix}`,
      title: texts.nav.catalog,
      image: page.items[0]?.imageUrl,
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { page, view } = loaderData;
  return (
    <>
      <nav className={css.breadcrumbs} aria-label={t('storefront.nav.breadcrumbs')}>
        <StoreLink to={path()}>{t('storefront.nav.home')}</StoreLink>
        <span aria-hidden="true">/</span>
        <span>{t('storefront.nav.catalog')}</span>
      </nav>
      <h1 className={css.pageTitle} data-testid="page-title">
        {t('storefront.nav.catalog')}
      </h1>
      <ProductList page={page} view={view} />
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
