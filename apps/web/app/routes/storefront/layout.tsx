import {
  ANALYTICS,
  ANALYTICS_KINDS,
  type AnalyticsIds,
  PAGE_CACHE_HEADER,
  STORE_PAGE_HEADER,
  STORE_PIXELS_HEADER,
  type StoreCategory,
} from '@shop/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import { Cart, CartContext } from '../../features/storefront/cart';
import { CartDrawer, useCartErrors } from '../../features/storefront/cart-drawer';
import {
  StoreErrorBoundary,
  StoreFonts,
  StoreFooter,
  StoreHeader,
  StoreIcons,
  type SuspendedPage,
  themeStyle,
  WhatsAppButton,
} from '../../features/storefront/frame';
import { storeLook, storeSocialLinks } from '../../features/storefront/look.server';
import { StorePopup } from '../../features/storefront/popup';
import { requestLanguage, resolveStore, STOREFRONT_MESSAGES } from '../../features/storefront/store.server';
import { storeTextsUrl } from '../../features/storefront/store-texts.server';
import css from '../../features/storefront/storefront.module.css';
import { AnalyticsPixels } from '../../lib/analytics/pixels';
import { countStorePage, trackPageView } from '../../lib/analytics/track';
import { loadStoreTexts, storeTextsAt, useAddTexts } from '../../lib/i18n';
import { commonTitle } from '../../lib/page-title';
import { rememberStore, StoreContext, type StoreInfo } from '../../lib/store-context';
import { catalogueOf, textsOf } from '../../lib/texts.server';
import type { Route } from './+types/layout';

/**
 * The frame of a store: at /{marketName}, or at the root of its custom domain. On the
 * platform's own host without a store name (the landing page, payment results) it adds only
 * the storefront's texts.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  // The storefront's texts are a file the browser keeps, not loader data of every page.
  const textsUrl = storeTextsUrl(language);
  const found = await resolveStore(context, params.marketName);
  if (!found) {
    if (params.marketName !== undefined) throw new Response(null, { status: 404 });
    return { store: null, categories: [], analytics: null, textsUrl };
  }
  const { market, base, previewing } = found;
  // A store with a primary domain is at home there (issue 15): its other addresses send shoppers
  // on, for good (301). Not a checkout or a recovery link: a shopper's cart lives in the browser's
  // storage of the address it was filled at.
  const url = new URL(request.url);
  const rest = url.pathname.slice(base.length) || '/';
  if (market.primaryDomain && context.host !== market.primaryDomain && !/^\/(checkout|recover)\//.test(rest)) {
    throw redirect(`${context.domainOrigin(market.primaryDomain)}${rest}${url.search}`, 301);
  }
  // A suspended store (its subscription unpaid) shows shoppers it is closed for now; nothing of
  // its catalogue is read or shown, and no search engine keeps the page (503 is temporary).
  if (market.suspended) {
    // A closed-for-now page is rare and ends here: its texts travel with it.
    const page: SuspendedPage = {
      suspended: { name: market.name, logoUrl: market.logoUrl, look: storeLook(market.theme) },
      texts: textsOf(language, ['storefront']),
      catalogue: catalogueOf(language, STOREFRONT_MESSAGES),
    };
    throw data(page, { status: 503, headers: { 'retry-after': '3600' } });
  }
  const store: StoreInfo = {
    id: market.id,
    name: market.name,
    description: market.description,
    logoUrl: market.logoUrl,
    faviconUrl: market.faviconUrl,
    social: storeSocialLinks(market.social),
    look: storeLook(market.theme),
    base,
    language,
    policies: market.policies,
    menus: market.menus,
  };
  const categories = await context.storefront.categories(market);
  // Nothing of the visitor is in a store page (cart and checkout are the browser's): the server
  // may reuse it for everyone while the catalog is at this version (apps/server page-cache.ts).
  // Not the editor's preview of a draft either: it is the editor's alone.
  const reusable = !url.pathname.includes('/checkout/') && previewing !== 'draft';
  return data(
    // A preview is the merchant's own look at a draft or a template: no pixel counts it.
    { store, categories, analytics: previewing ? null : market.analytics, textsUrl },
    {
      headers: {
        [STORE_PAGE_HEADER]: market.id,
        // The services this store runs: only their hosts enter the page's CSP (the server's).
        [STORE_PIXELS_HEADER]: ANALYTICS_KINDS.filter((kind) => market.analytics?.[ANALYTICS[kind].field]).join(','),
        ...(reusable ? { [PAGE_CACHE_HEADER]: `${market.id}:${market.catalogVersion}` } : {}),
        ...(previewing ? { 'x-robots-tag': 'noindex' } : {}),
        ...(previewing === 'draft' ? { 'cache-control': 'no-store' } : {}),
      },
    },
  );
}

/**
 * Only an error page below the frame goes by the frame's meta (every store page names itself): a
 * store's not-found names itself with the store's name (StoreErrorBoundary); the rest is named
 * like the platform's, in the page's language.
 */
export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound && loaderData?.store) return [];
  return commonTitle(matches, notFound ? 'notFound.title' : 'errorFallback.title');
}

/** Passes the store's marks on to the document (children inherit them). */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  for (const name of [STORE_PAGE_HEADER, PAGE_CACHE_HEADER, STORE_PIXELS_HEADER, 'x-robots-tag', 'cache-control']) {
    const mark = loaderHeaders.get(name);
    if (mark) merged.set(name, mark);
  }
  return merged;
}

/** The store's data changes with the store (or the language, through a revalidation). */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.marketName !== nextParams.marketName;
}

/**
 * In the browser, a navigation into a store from a page that has not loaded its texts (or to
 * another language's) loads them before the store renders.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadStoreTexts(data.textsUrl);
  return data;
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  // On the server the texts are in its i18n already (storeTextsUrl); in the browser, loaded.
  const loaded = storeTextsAt(loaderData.textsUrl);
  useAddTexts(loaded?.texts, loaded?.catalogue);
  const { store } = loaderData;
  // Fetched while the page is read (React moves the preload into <head>), used before hydrating.
  const texts = <link rel="preload" as="fetch" crossOrigin="anonymous" href={loaderData.textsUrl} />;
  if (!store) {
    return (
      <StoreContext value={null}>
        {texts}
        <Outlet />
      </StoreContext>
    );
  }
  return (
    <StoreContext value={store}>
      {texts}
      <StoreFrame store={store} categories={loaderData.categories} analytics={loaderData.analytics} />
    </StoreContext>
  );
}

function StoreFrame({
  store,
  categories,
  analytics,
}: {
  store: StoreInfo;
  categories: StoreCategory[];
  analytics: AnalyticsIds | null;
}) {
  const cart = useMemo(() => new Cart(store.id), [store.id]);
  const location = useLocation();
  // Set once React runs the page: buttons do something from then on (tests wait for it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The payment result pages (outside the store on the platform's host) lead back here.
  useEffect(() => rememberStore(store.base), [store.base]);
  // A page view per navigation for the store's pixels (the first page included: counted once),
  // and for our own counts every page after the first: the server counted the document.
  const page = `${location.pathname}${location.search}`;
  const countedPage = useRef(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one count per page reached.
  useEffect(() => {
    trackPageView(page);
    if (countedPage.current !== page) {
      countedPage.current = page;
      countStorePage(store.id);
    }
  }, [page]);
  const showError = useCartErrors();
  // The basket is the visitor's, fetched in the browser (the visitor id lives there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per store.
  useEffect(() => {
    cart.load().catch(showError);
  }, [cart]);
  return (
    <CartContext value={cart}>
      <div
        className={css.store}
        style={themeStyle(store)}
        data-testid="storefront"
        data-hydrated={hydrated || undefined}
      >
        <StoreFonts look={store.look} />
        <StoreIcons store={store} />
        <StoreHeader store={store} categories={categories} />
        <main className={css.main}>
          <Outlet />
        </main>
        <StoreFooter store={store} />
        <CartDrawer />
        <StorePopup storeId={store.id} />
        <WhatsAppButton links={store.social} />
        {analytics && <AnalyticsPixels ids={analytics} />}
      </div>
    </CartContext>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
