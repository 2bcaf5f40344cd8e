import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductList } from '../../features/storefront/product-list';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { listQueryOf, notFound, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import css from '../../features/storefront/storefront.module.css';
import { useStorePath } from '../../lib/store-context';
import type { Route } from './+types/category';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const category = (await context.storefront.category(store.market, params.id)) ?? notFound();
  const view = listQueryOf(new URL(request.url));
  const page = await context.storefront.products(store.market, { ...view, categoryId: category.id });
  const pageSuffix = view.page > 1 ? `?page=${view.page}` : '';
  return {
    category,
    page,
    view,
    seo: pageSeo(store, {
      path: `/category/${category.id}${pageSuffix}`,
      title: category.name,
      description: category.description,
      image: category.imageUrl ?? page.items[0]?.imageUrl,
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { category, page, view } = loaderData;
  return (
    <>
      <nav className={css.breadcrumbs} aria-label={t('storefront.nav.breadcrumbs')}>
        <StoreLink to={path()}>{t('storefront.nav.home')}</StoreLink>
        <span aria-hidden="true">/</span>
        <span>{category.name}</span>
      </nav>
      <h1 className={css.pageTitle} data-testid="page-title">
        {category.name}
      </h1>
      {category.description && <p className={css.lead}>{category.description}</p>}
      <ProductList page={page} view={view} />
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
