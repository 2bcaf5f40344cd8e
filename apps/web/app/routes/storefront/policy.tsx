import { POLICY_TYPES, type PolicyType } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { notFound, requestLanguage, requireStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import type { Route } from './+types/policy';

/** Baku's calendar: a store's "last updated" is the same day for every shopper. */
const STORE_TIME_ZONE = 'Asia/Baku';

/**
 * One of the store's policies (SPEC §3 Policy; issue 15) at /{store}/policies/{type}: its title
 * and its text as the merchant wrote it (sanitized when saved). A kind the store has no text for
 * is not found.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const type = params.type as PolicyType;
  if (!POLICY_TYPES.includes(type)) notFound();
  const policy = (await context.storefront.policy(store.market, type)) ?? notFound();
  // Formatted here, in the page's language: the browser's own date data may lack Azerbaijani.
  const updated = policy.updatedAt
    ? new Intl.DateTimeFormat(requestLanguage(request), { dateStyle: 'long', timeZone: STORE_TIME_ZONE }).format(
        new Date(policy.updatedAt),
      )
    : null;
  return { policy, updated, seo: pageSeo(store, { path: `/policies/${type}`, title: policy.title }) };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { policy, updated } = loaderData;
  return (
    <article data-testid="policy">
      <h1 className={css.pageTitle} data-testid="page-title">
        {policy.title}
      </h1>
      {updated && <p className={css.policyUpdated}>{t('storefront.policy.updated', { date: updated })}</p>}
      <div
        className={css.policy}
        data-testid="policy-content"
        // Sanitized by the server when the merchant saved it (platform/rich-text.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML of the store's own policy
        dangerouslySetInnerHTML={{ __html: policy.content }}
      />
    </article>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
