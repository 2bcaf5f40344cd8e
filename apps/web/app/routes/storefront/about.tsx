import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { requestLanguage, requireStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import { useStore } from '../../lib/store-context';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/about';

/** The store's own description (SPEC §2 about). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const texts = textsOf(requestLanguage(request), ['storefront']).storefront as { nav: { about: string } };
  return { seo: pageSeo(store, { path: '/about', title: texts.nav.about }) };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function About() {
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
