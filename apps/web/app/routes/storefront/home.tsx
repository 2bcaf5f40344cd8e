import { imageSrcSet, imageUrl } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StoreBundles } from '../../features/storefront/bundles';
import { Section, StoreErrorBoundary } from '../../features/storefront/frame';
import { ProductGrid } from '../../features/storefront/product-card';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { resolveStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import { useStore, useStorePath } from '../../lib/store-context';
import Landing, { meta as landingMeta } from '../marketing/landing';
import type { Route } from './+types/home';

/**
 * The store's home (SPEC §2 index): featured categories, collections and the newest products.
 * At the platform's own root it is the landing page instead (the root serves a store only on
 * that store's custom domain).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await resolveStore(context, params.marketName);
  if (!store) return { landing: true as const };
  const [home, bundles] = await Promise.all([
    context.storefront.home(store.market),
    // Null when the server does not read them: the page reads them in the browser.
    context.storefront.liveBundles(store.market, null),
  ]);
  return {
    landing: false as const,
    home,
    bundles,
    seo: pageSeo(store, { path: '', description: store.market.description }),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data || data.landing) return landingMeta({ matches });
  return seoMeta(data.seo);
}

export default function StoreHome({ loaderData }: Route.ComponentProps) {
  if (loaderData.landing) return <Landing />;
  return <Home home={loaderData.home} bundles={loaderData.bundles} />;
}

type HomeData = Extract<Route.ComponentProps['loaderData'], { landing: false }>;

function Home({ home, bundles }: { home: HomeData['home']; bundles: HomeData['bundles'] }) {
  const { t } = useTranslation();
  const store = useStore();
  const path = useStorePath();
  return (
    <>
      <div className={css.hero} data-testid="store-hero">
        <h1>{store?.name}</h1>
        {store?.description && <p>{store.description}</p>}
      </div>
      {/* Banners and sections of the theme editor go here, above the catalog blocks. */}
      <StoreBundles bundles={bundles} />
      {home.categories.length > 0 && (
        <Section title={t('storefront.home.categories')}>
          <div className={css.tiles}>
            {home.categories.map((category) => (
              <Link
                key={category.id}
                to={path(`/category/${category.id}`)}
                className={`${css.tile} ${category.imageUrl ? '' : css.tilePlain}`}
                data-testid="home-category"
              >
                {category.imageUrl && (
                  <img
                    src={imageUrl(category.imageUrl, 400)}
                    srcSet={imageSrcSet(category.imageUrl)}
                    sizes="240px"
                    alt=""
                    loading="lazy"
                  />
                )}
                <span>{category.name}</span>
              </Link>
            ))}
          </div>
        </Section>
      )}
      {home.collections.length > 0 && (
        <Section title={t('storefront.home.collections')}>
          <div className={css.tiles}>
            {home.collections.map((collection) => (
              <Link
                key={collection.id}
                to={path(`/collection/${collection.id}`)}
                className={css.tile}
                data-testid="home-collection"
              >
                <img
                  src={imageUrl(collection.coverImageUrl, 400)}
                  srcSet={imageSrcSet(collection.coverImageUrl)}
                  sizes="320px"
                  alt=""
                  loading="lazy"
                />
                <span>{collection.title}</span>
              </Link>
            ))}
          </div>
        </Section>
      )}
      <Section title={t('storefront.home.newest')}>
        <ProductGrid products={home.products} />
      </Section>
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
