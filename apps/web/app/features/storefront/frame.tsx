import type { StoreCategory } from '@shop/shared';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, NavLink, useRouteError } from 'react-router';
import { useAddTexts } from '../../lib/i18n';
import { type StoreInfo, useStore, useStorePath } from '../../lib/store-context';
import { ErrorFallback } from '../../ui/error-fallback';
import { NotFound } from '../../ui/not-found';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import { CartButton } from './cart-drawer';
import css from './storefront.module.css';

/** The store's palette and font as CSS variables (a theme editor only has to set them). */
export function themeStyle(store: Pick<StoreInfo, 'theme'>): CSSProperties {
  return {
    '--sf-primary': store.theme.primary,
    '--sf-bg': store.theme.background,
    '--sf-text': store.theme.text,
    '--sf-accent': store.theme.accent,
    '--sf-font': store.theme.font,
  } as CSSProperties;
}

export function StoreHeader({ store, categories }: { store: StoreInfo; categories: StoreCategory[] }) {
  const { t } = useTranslation();
  const path = useStorePath();
  return (
    <header className={css.header}>
      <div className={css.headerInner}>
        <Link to={path()} className={css.brand} data-testid="store-brand">
          {store.logoUrl && <img src={store.logoUrl} alt="" width={40} height={40} />}
          <span>{store.name}</span>
        </Link>
        <nav className={css.nav} aria-label={t('storefront.nav.label')}>
          <NavLink to={path()} end>
            {t('storefront.nav.home')}
          </NavLink>
          {categories.slice(0, 6).map((category) => (
            <NavLink key={category.id} to={path(`/category/${category.id}`)} data-testid="nav-category">
              {category.name}
            </NavLink>
          ))}
          <NavLink to={path('/about')}>{t('storefront.nav.about')}</NavLink>
        </nav>
        <div className={css.tools}>
          <LanguageSwitch className="" />
          <ThemeToggle className={css.iconButton} />
          <CartButton className={css.iconButton} badgeClassName={css.badge} />
        </div>
      </div>
    </header>
  );
}

export function StoreFooter({ store }: { store: StoreInfo }) {
  const { t } = useTranslation();
  const path = useStorePath();
  return (
    <footer className={css.footer}>
      <div className={css.footerInner}>
        <span>
          © {new Date().getFullYear()} {store.name}
        </span>
        <Link to={path('/about')}>{t('storefront.nav.about')}</Link>
        {store.policies.length > 0 && (
          <nav aria-label={t('storefront.footer.policies')} className={css.footerLinks} data-testid="footer-policies">
            {store.policies.map((type) => (
              <Link key={type} to={path(`/policies/${type}`)}>
                {t(`storefront.policy.${type}`)}
              </Link>
            ))}
          </nav>
        )}
        <span>{t('storefront.footer.poweredBy')}</span>
      </div>
    </footer>
  );
}

export function StoreNotFound() {
  const { t } = useTranslation();
  const path = useStorePath();
  return (
    <div className={css.notFound} data-testid="not-found">
      <p>404</p>
      <h1>{t('storefront.notFound.title')}</h1>
      <p className={css.lead}>{t('storefront.notFound.text')}</p>
      <Link to={path()} className={css.primary}>
        {t('storefront.notFound.home')}
      </Link>
    </div>
  );
}

/** What a suspended store's layout throws (routes/storefront/layout.tsx): enough for its page. */
export interface SuspendedPage {
  suspended: { name: string; logoUrl: string | null; theme: StoreInfo['theme'] };
  texts: Parameters<typeof useAddTexts>[0];
  catalogue: Parameters<typeof useAddTexts>[1];
}

/**
 * A suspended store (its subscription unpaid, issue 14): shoppers see that it is closed for now —
 * the store's name and look, no catalogue, no cart — with a 503 that tells search engines it is
 * temporary.
 */
function StoreSuspended({ page }: { page: SuspendedPage }) {
  useAddTexts(page.texts, page.catalogue);
  const { t } = useTranslation();
  const store = page.suspended;
  return (
    <div className={css.store} style={themeStyle(store)} data-testid="store-suspended">
      <title>{`${t('storefront.suspended.title')} · ${store.name}`}</title>
      <main className={css.main}>
        <div className={css.closed}>
          {store.logoUrl ? (
            <img src={store.logoUrl} alt="" width={64} height={64} />
          ) : (
            <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
              <path
                d="M4 10v9a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-9M3 10l2-6h14l2 6M3 10h18M9 20v-5h6v5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <p className={css.closedStore}>{store.name}</p>
          <h1>{t('storefront.suspended.title')}</h1>
          <p className={css.lead}>{t('storefront.suspended.text')}</p>
        </div>
      </main>
    </div>
  );
}

/**
 * The error boundary of every store page: inside the store's frame (header and cart stay), a
 * not-found for 404 and the full-screen fallback otherwise; outside a store, the platform's.
 */
export function StoreErrorBoundary() {
  const error = useRouteError();
  const store = useStore();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 503 && (error.data as SuspendedPage | null)?.suspended) {
    return <StoreSuspended page={error.data as SuspendedPage} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!store) return notFound ? <NotFound /> : <ErrorFallback />;
  if (!notFound) {
    if (import.meta.env.DEV) console.error(error);
    return <ErrorFallback />;
  }
  return (
    <>
      <title>{`${t('storefront.notFound.title')} · ${store.name}`}</title>
      <StoreNotFound />
    </>
  );
}

export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={css.section}>
      <div className={css.sectionHead}>
        <h2>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
