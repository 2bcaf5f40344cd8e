import {
  type MessageKey,
  PRODUCT_SORTS,
  type ProductSort,
  type StorefrontLoadContext,
  type StorefrontMarket,
  type StoreListQuery,
} from '@shop/shared';
import { data } from 'react-router';

declare module 'react-router' {
  // The server (apps/server/src/web.ts) passes this to every loader.
  interface AppLoadContext extends StorefrontLoadContext {}
}

/**
 * The messages (SPEC §8) a shopper's page may show: the storefront's own, and every field
 * message of the checkout's schema. Only these travel with a store page.
 */
export const STOREFRONT_MESSAGES: readonly MessageKey[] = [
  'ERROR_LOADING_CART',
  'ERROR_LOADING_CHECKOUT',
  'ERROR_LOADING_STORE',
  'ADD_TO_CART_FAILED',
  'INVALID_SESSION_MARKET_PRODUCT',
  'BUY_NOW_FAILED',
  'UPDATE_QUANTITY_FAILED',
  'REMOVE_ITEM_FAILED',
  'INVALID_SESSION_OR_STORE',
  'CHECKOUT_FAILED',
  'PLACE_ORDER_FAILED',
  'CASH_ON_DELIVERY_UNAVAILABLE',
  'PAYMENT_FAILED',
  'TRY_AGAIN',
  'BASKET_EMPTY',
  'OUT_OF_STOCK',
  'PRICE_CHANGED',
  'ORDER_ALREADY_PAID',
  'CHECKOUT_CLOSED',
  'PAYMENT_PROVIDER_ERROR',
  'OFFER_ENDED',
  'chooseVariant',
  'codeFormat',
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_CODE_NOT_ACTIVE',
  'DISCOUNT_CODE_ENDED',
  'DISCOUNT_CODE_USED_UP',
  'DISCOUNT_CODE_CUSTOMER_LIMIT',
  'DISCOUNT_CODE_MINIMUM',
  'invalidQuantity',
  'regionRequired',
  'emailRequired',
  'firstNameRequired',
  'lastNameRequired',
  'address1Required',
  'cityRequired',
  'postCodeRequired',
  'tariffRequired',
  'tariffNotAvailable',
  'required',
  'tooLong',
  'invalidValue',
  'invalidEmail',
  'invalidPhone',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'NETWORK_ERROR',
  'TIMEOUT',
  'INTERNAL',
];

export interface ResolvedStore {
  market: StorefrontMarket;
  /** '' on a custom domain, '/{marketName}' otherwise (see useStorePath). */
  base: string;
  /** Absolute origin of the store's pages: canonical URLs, Open Graph, sitemap. */
  origin: string;
  /**
   * The theme editor's preview of the draft (never reused: it is the editor's alone) or a starting
   * theme on this store (customize-store-page: the same for everyone); neither is indexed.
   */
  previewing: 'draft' | 'template' | null;
}

const resolved = new WeakMap<object, Promise<ResolvedStore | null>>();

/**
 * The store of a request: by /{marketName}, or by the custom domain the request came to.
 * Looked up once per request although the layout and the page both ask (their loaders run
 * side by side and share the load context).
 */
export function resolveStore(context: StorefrontLoadContext, marketName: string | undefined) {
  let found = resolved.get(context);
  if (!found) {
    found = (async () => {
      const market =
        marketName !== undefined ? await context.storefront.marketByName(marketName) : context.domainMarket;
      if (!market) return null;
      const base = marketName !== undefined ? `/${market.name}` : '';
      const preview = context.previewToken
        ? await context.storefront.preview(market, context.previewToken)
        : context.previewTemplate
          ? context.storefront.templatePreview(market, context.previewTemplate)
          : null;
      return {
        market: preview ? { ...market, ...preview } : market,
        base,
        origin: context.origin,
        previewing: preview === null ? null : context.previewToken ? ('draft' as const) : ('template' as const),
      };
    })();
    resolved.set(context, found);
  }
  return found;
}

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The store or a 404 (unknown store, or a store page on a host that is no store's). */
export async function requireStore(context: StorefrontLoadContext, marketName: string | undefined) {
  return (await resolveStore(context, marketName)) ?? notFound();
}

export { requestLanguage } from '../../lib/request-language';

/** The list's view from the URL (SPEC §2: sort and stock filter in the URL, so links share it). */
export function listQueryOf(url: URL): Required<Pick<StoreListQuery, 'sort' | 'page'>> & StoreListQuery {
  const sort = url.searchParams.get('sort');
  const stock = url.searchParams.get('stock');
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : 'newest',
    stock: stock === 'in' || stock === 'out' ? stock : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Plain text of sanitized HTML, for descriptions in meta tags and JSON-LD. */
export function plainText(html: string | null | undefined, max = 300): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
