import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductList } from '../../features/storefront/product-list';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { listQueryOf, notFound, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import css from '../../features/storefront/storefront.module.css';
import { useStorePath } from '../../lib/store-context';
import type { Route } from './+types/collection';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const collection = (await context.storefront.collection(store.market, params.id)) ?? notFound();
  const view = listQueryOf(new URL(request.url));
  const page = await context.storefront.products(store.market, { ...view, collectionId: collection.id });
  const pageSuffix = view.page > 1 ? `?page=${view.page}` : '';
  return {
    collection,
    page,
    view,
    seo: pageSeo(store, {
      path: `/collection/${collection.id}${pageSuffix}`,
      title: collection.title,
      description: collection.description,
      image: collection.coverImageUrl,
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { collection, page, view } = loaderData;
  return (
    <>
      <nav className={css.breadcrumbs} aria-label={t('storefront.nav.breadcrumbs')}>
        <StoreLink to={path()}>{t('storefront.nav.home')}</StoreLink>
        <span aria-hidden="true">/</span>
        <span>{collection.title}</span>
      </nav>
      <h1 className={css.pageTitle} data-testid="page-title">
        {collection.title}
      </h1>
      {collection.description && <p className={css.lead}>{collection.description}</p>}
      <ProductList page={page} view={view} />
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
