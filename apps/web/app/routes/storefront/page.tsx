import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { notFound, plainText, requireStore } from '../../features/storefront/store.server';
import css from '../../features/storefront/storefront.module.css';
import type { Route } from './+types/page';

/**
 * One of the store's own pages (cp/content: about us, FAQ, size guide …) at /{store}/pages/{slug}:
 * its title and its text as the merchant wrote it (sanitized when saved). An address the store
 * has no page at is not found, inside the store's frame.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const page = (await context.storefront.page(store.market, params.slug)) ?? notFound();
  return {
    page,
    seo: pageSeo(store, {
      path: `/pages/${page.slug}`,
      title: page.title,
      description: plainText(page.content, 160) || null,
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article data-testid="store-page">
      <h1 className={css.pageTitle} data-testid="page-title">
        {page.title}
      </h1>
      <div
        className={css.policy}
        data-testid="store-page-content"
        // Sanitized by the server when the merchant saved it (platform/rich-text.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML of the store's own page
        dangerouslySetInnerHTML={{ __html: page.content }}
      />
    </article>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
