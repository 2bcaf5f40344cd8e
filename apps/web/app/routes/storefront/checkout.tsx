import { useTranslation } from 'react-i18next';
import { CheckoutPage } from '../../features/checkout/checkout-page';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { requestLanguage, requireStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/checkout';

/** The frame is rendered on the server; the checkout itself is the visitor's (browser). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const texts = textsOf(requestLanguage(request), ['storefront']).storefront as { checkout: { title: string } };
  return {
    checkoutId: params.id,
    // The platform's privacy policy, at the platform's address (a custom domain's /privacy is not ours).
    privacyUrl: context.domainMarket ? `${context.platformOrigin}/privacy` : '/privacy',
    seo: pageSeo(store, { path: `/checkout/${params.id}`, title: texts.checkout.title, noindex: true }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className={css.pageTitle}>{t('storefront.checkout.title')}</h1>
      <CheckoutPage
        checkoutId={loaderData.checkoutId}
        language={i18n.language as 'az' | 'en' | 'ru'}
        privacyUrl={loaderData.privacyUrl}
      />
    </>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
