import { useTranslation } from 'react-i18next';
import { AboutPage } from '../../features/site/about-page';
import { siteMeta } from '../../features/site/meta';
import { SiteFrame } from '../../features/site/site-frame';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { notFound, requestLanguage, resolveStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import { useAddTexts } from '../../lib/i18n';
import type { Texts } from '../../lib/locales';
import { useStore } from '../../lib/store-context';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/about';

/**
 * The store's own description (SPEC §2 about), at /{marketName}/about and at /about of its custom
 * domain. On the platform's own host /about is no store's: it is the platform's About (issue 17),
 * in the public site's frame, with the texts of that frame (`site`) and of the page (`legal`).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const store = await resolveStore(context, params.marketName);
  if (!store) {
    if (params.marketName !== undefined) notFound();
    return { platform: true as const, scriptless: true, texts: textsOf(language, ['site', 'legal']) };
  }
  const texts = textsOf(language, ['storefront']).storefront as { nav: { about: string } };
  return { platform: false as const, seo: pageSeo(store, { path: '/about', title: texts.nav.about }) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  // siteMeta finds the `site` texts in this route's own loader data.
  if (data?.platform) return siteMeta(matches, { key: 'about' });
  return seoMeta(data?.seo);
}

export default function About({ loaderData }: Route.ComponentProps) {
  if (loaderData.platform) return <PlatformAbout texts={loaderData.texts} />;
  return <StoreAbout />;
}

function PlatformAbout({ texts }: { texts: Texts }) {
  useAddTexts(texts);
  return (
    <SiteFrame>
      <AboutPage />
    </SiteFrame>
  );
}

function StoreAbout() {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <article>
      <h1 className={css.pageTitle} data-testid="page-title">
        {t('storefront.about.title', { name: store?.name })}
      </h1>
      <p className={css.prose} data-testid="store-description">
        {store?.description || t('storefront.about.empty')}
      </p>
    </article>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
