import {
  PAGE_CACHE_HEADER,
  type Page,
  STORE_SEARCH,
  STORE_SEARCH_SORTS,
  type StoreProductCard,
  type StoreSearchSort,
  storeSearchTerm,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductList } from '../../features/storefront/product-list';
import css from '../../features/storefront/search-box.module.css';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { listQueryOf, requestLanguage, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import sf from '../../features/storefront/storefront.module.css';
import { useStorePath } from '../../lib/store-context';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/search';

/**
 * The store's search results (issue 16): `/search?q=…` with the lists' sorts, stock filter and
 * pages, best match first. Search engines are asked not to keep it (noindex), and the server does
 * not keep it for everyone either (see `headers`): every term would be a page of its own.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const url = new URL(request.url);
  const term = storeSearchTerm(url.searchParams.get('q'));
  const asked = url.searchParams.get('sort');
  const sort = STORE_SEARCH_SORTS.includes(asked as StoreSearchSort) ? (asked as StoreSearchSort) : 'relevance';
  const view = { ...listQueryOf(url), sort };
  const tooShort = term !== '' && Array.from(term).length < STORE_SEARCH.minLength;
  const page: Page<StoreProductCard> =
    term && !tooShort
      ? await context.storefront.search(store.market, { q: term, ...view })
      : { items: [], total: 0, page: 1, pageSize: 1 };
  const texts = textsOf(requestLanguage(request), ['storefront']).storefront as {
    search: { title: string; resultsFor: string };
  };
  return {
    term,
    tooShort,
    page,
    view,
    seo: pageSeo(store, {
      path: `/search${term ? `?q=${encodeURIComponent(term)}` : ''}`,
      title: term ? texts.search.resultsFor.replace('{{term}}', term) : texts.search.title,
      noindex: true,
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

/**
 * Not kept in the server's page cache (storefront/page-cache.ts): terms are endless, and each
 * would take the place of a product page there. The results come from the database each time.
 */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.delete(PAGE_CACHE_HEADER);
  return headers;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { term, tooShort, page, view } = loaderData;
  const nothing = term !== '' && !tooShort && page.total === 0 && !view.stock;
  return (
    <>
      <nav className={sf.breadcrumbs} aria-label={t('storefront.nav.breadcrumbs')}>
        <StoreLink to={path()}>{t('storefront.nav.home')}</StoreLink>
        <span aria-hidden="true">/</span>
        <span>{t('storefront.search.title')}</span>
      </nav>
      <h1 className={sf.pageTitle} data-testid="page-title">
        {term ? t('storefront.search.resultsFor', { term }) : t('storefront.search.title')}
      </h1>
      {term === '' || tooShort || nothing ? (
        <div className={css.noResults} data-testid="search-empty">
          <p className={css.noResultsTitle}>
            {term === ''
              ? t('storefront.search.prompt')
              : tooShort
                ? t('storefront.search.tooShort', { count: STORE_SEARCH.minLength })
                : t('storefront.search.empty', { term })}
          </p>
          {nothing && <p className={sf.lead}>{t('storefront.search.emptyHint')}</p>}
          <StoreLink to={path('/products')} className={sf.primary} data-testid="search-all-products">
            {t('storefront.search.allProducts')}
          </StoreLink>
        </div>
      ) : (
        <ProductList page={page} view={view} search={term} />
      )}
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
