import { minorToDecimal, type StoreProduct } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductView } from '../../features/storefront/product-view';
import { seoMeta } from '../../features/storefront/seo';
import { absoluteImage, pageSeo } from '../../features/storefront/seo.server';
import { notFound, plainText, type ResolvedStore, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import css from '../../features/storefront/storefront.module.css';
import { useStorePath } from '../../lib/store-context';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const [found, bundles] = await Promise.all([
    context.storefront.product(store.market, params.id),
    // Null when the server does not read them: the page reads them in the browser.
    context.storefront.liveBundles(store.market, params.id),
  ]);
  const product = found ?? notFound();
  const description = plainText(product.description, 160);
  const seo = pageSeo(store, {
    path: `/product/${product.id}`,
    title: product.title,
    description,
    image: product.images[0],
    type: 'product',
  });
  return { product, bundles, seo: { ...seo, jsonLd: productJsonLd(store, product, seo.url) } };
}

/** schema.org Product with its Offer(s): price in AZN as a decimal, availability. */
function productJsonLd(store: ResolvedStore, product: StoreProduct, url: string) {
  const availability = (available: number | null) =>
    available === null || available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const units = product.variants.length ? product.variants : [product];
  const prices = units.map((u) => u.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const anyAvailable = units.some((u) => u.available === null || u.available > 0);
  const offers =
    low === high
      ? {
          '@type': 'Offer',
          url,
          price: minorToDecimal(low),
          priceCurrency: 'AZN',
          availability: anyAvailable ? availability(null) : availability(0),
        }
      : {
          '@type': 'AggregateOffer',
          url,
          lowPrice: minorToDecimal(low),
          highPrice: minorToDecimal(high),
          offerCount: units.length,
          priceCurrency: 'AZN',
          availability: anyAvailable ? availability(null) : availability(0),
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: plainText(product.description, 5000) || product.title,
    image: product.images.map((image) => absoluteImage(store, image)),
    url,
    ...(product.category ? { category: product.category.name } : {}),
    brand: { '@type': 'Brand', name: store.market.name },
    offers,
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

/** The variant in the URL only picks the first choice: changing it needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const path = useStorePath();
  const [params] = useSearchParams();
  const { product, bundles } = loaderData;
  return (
    <>
      <nav className={css.breadcrumbs} aria-label={t('storefront.nav.breadcrumbs')}>
        <StoreLink to={path()}>{t('storefront.nav.home')}</StoreLink>
        {product.category && (
          <>
            <span aria-hidden="true">/</span>
            <StoreLink to={path(`/category/${product.category.id}`)} data-testid="breadcrumb-category">
              {product.category.name}
            </StoreLink>
          </>
        )}
      </nav>
      {/* A new product (client navigation) starts with its own choices. */}
      <ProductView key={product.id} product={product} variantId={params.get('variant')} bundles={bundles} />
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
