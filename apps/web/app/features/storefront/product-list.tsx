import {
  type Page,
  PRODUCT_SORTS,
  STORE_SEARCH_SORTS,
  type StoreProductCard,
  type StoreSearchSort,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ProductGrid } from './product-card';
import { StoreLink } from './store-link';
import css from './storefront.module.css';

export interface ListView {
  /** 'relevance' only on the search's results. */
  sort: StoreSearchSort;
  stock?: 'in' | 'out';
  page: number;
}

/**
 * The URL of the same list with some of its view changed (sort and filter go back to page 1); the
 * search's results keep their term, and are by best match unless sorted otherwise.
 */
function listHref(pathname: string, view: ListView, change: Partial<ListView>, search?: string) {
  const next = { ...view, page: 1, ...change };
  const params = new URLSearchParams();
  if (search !== undefined) params.set('q', search);
  if (next.sort !== (search === undefined ? 'newest' : 'relevance')) params.set('sort', next.sort);
  if (next.stock) params.set('stock', next.stock);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A product list with its sort, stock filter and pages (SPEC §2), all in the URL so that a
 * link shares the view; plain links, so it works before the JavaScript arrives.
 */
export function ProductList({
  page,
  view,
  search,
}: {
  page: Page<StoreProductCard>;
  view: ListView;
  /** The term of the search's results page (issue 16): kept by every link, and its order offered. */
  search?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hrefOf = (at: string, current: ListView, change: Partial<ListView>) => listHref(at, current, change, search);
  const sorts = search === undefined ? PRODUCT_SORTS : STORE_SEARCH_SORTS;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const stockFilters: { value: ListView['stock']; label: string }[] = [
    { value: undefined, label: t('storefront.list.all') },
    { value: 'in', label: t('storefront.stock.in') },
    { value: 'out', label: t('storefront.stock.out') },
  ];
  return (
    <section aria-label={t('storefront.list.label')}>
      <div className={css.toolbar}>
        <div className={css.chips} role="group" aria-label={t('storefront.list.availability')}>
          {stockFilters.map((filter) => (
            <StoreLink
              key={filter.value ?? 'all'}
              to={hrefOf(pathname, view, { stock: filter.value })}
              className={css.chip}
              aria-current={view.stock === filter.value ? 'true' : undefined}
              data-testid={`stock-filter-${filter.value ?? 'all'}`}
              preventScrollReset
            >
              {filter.label}
            </StoreLink>
          ))}
        </div>
        <form method="get" action={pathname}>
          {search !== undefined && <input type="hidden" name="q" value={search} />}
          {view.stock && <input type="hidden" name="stock" value={view.stock} />}
          <label>
            <span className={css.visuallyHidden}>{t('storefront.list.sortLabel')}</span>
            <select
              name="sort"
              className={css.select}
              value={view.sort}
              data-testid="sort"
              onChange={(event) =>
                navigate(hrefOf(pathname, view, { sort: event.target.value as StoreSearchSort }), {
                  preventScrollReset: true,
                })
              }
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(sort === 'relevance' ? 'storefront.search.relevance' : `storefront.sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">{t('storefront.list.apply')}</button>
          </noscript>
        </form>
      </div>
      <p className={css.count} data-testid="product-count">
        {t('storefront.list.count', { count: page.total })}
      </p>
      <ProductGrid products={page.items} />
      {pages > 1 && (
        <nav className={css.pagination} aria-label={t('storefront.list.pages')} data-testid="pagination">
          {view.page > 1 ? (
            <StoreLink to={hrefOf(pathname, view, { page: view.page - 1 })} rel="prev">
              {t('storefront.list.previous')}
            </StoreLink>
          ) : (
            <span aria-disabled="true">{t('storefront.list.previous')}</span>
          )}
          {pageNumbers(view.page, pages).map((n, i) =>
            n === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity.
              <span key={`gap-${i}`} aria-hidden="true">
                …
              </span>
            ) : (
              <StoreLink
                key={n}
                to={hrefOf(pathname, view, { page: n })}
                aria-current={n === view.page ? 'page' : undefined}
              >
                {n}
              </StoreLink>
            ),
          )}
          {view.page < pages ? (
            <StoreLink to={hrefOf(pathname, view, { page: view.page + 1 })} rel="next" data-testid="next-page">
              {t('storefront.list.next')}
            </StoreLink>
          ) : (
            <span aria-disabled="true">{t('storefront.list.next')}</span>
          )}
        </nav>
      )}
    </section>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and the neighbours of the current page. */
function pageNumbers(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n - (sorted[i - 1] as number) > 1) out.push(null);
    out.push(n);
  }
  return out;
}
