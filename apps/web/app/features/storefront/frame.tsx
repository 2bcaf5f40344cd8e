import type { StoreCategory } from '@shop/shared';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useAddTexts } from '../../lib/i18n';
import { type StoreInfo, useStore, useStorePath } from '../../lib/store-context';
import { ErrorFallback } from '../../ui/error-fallback';
import { NotFound } from '../../ui/not-found';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import { CartButton } from './cart-drawer';
import { SearchBox } from './search-box';
import { StoreLink } from './store-link';
import { FooterLinks, HeaderNav } from './store-menu';
import css from './storefront.module.css';

/** The store's palette and fonts (look.server.ts) on the element that holds its pages. */
export function themeStyle(store: Pick<StoreInfo, 'look'>): CSSProperties {
  return store.look.style as CSSProperties;
}

/** The @font-face rules of the store's two fonts: a browser loads only these, only the subsets it needs. */
export function StoreFonts({ look }: { look: StoreInfo['look'] }) {
  return look.fontCss ? <style>{look.fontCss}</style> : null;
}

/** Sizes the server makes of a store's icon (modules/theme/icons.ts). */
const ICON_SIZES = { icon: [32, 192], apple: 180 } as const;

/**
 * The store's icon in the browser's tab and on a phone's home screen, at the sizes devices ask
 * for, made by the server from the one picture the merchant uploaded (or the logo).
 */
export function StoreIcons({ store }: { store: Pick<StoreInfo, 'id' | 'faviconUrl' | 'logoUrl'> }) {
  const source = store.faviconUrl ?? store.logoUrl;
  if (!source) return null;
  // The picture's own name changes with every upload: browsers keep the icon until it does.
  const version = source.slice(source.lastIndexOf('/') + 1, -'.webp'.length);
  const href = (size: number) => `/store-icon/${store.id}/${size}.png?v=${version}`;
  return (
    <>
      {ICON_SIZES.icon.map((size) => (
        <link key={size} rel="icon" type="image/png" sizes={`${size}x${size}`} href={href(size)} />
      ))}
      <link rel="apple-touch-icon" sizes="180x180" href={href(ICON_SIZES.apple)} />
    </>
  );
}

/** The store's social profiles, each an icon (drawn by CSS) with its name for screen readers. */
function SocialLinksList({ links }: { links: StoreInfo['social'] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('storefront.social.label')} className={css.social} data-testid="footer-social">
      {links.map((link) => (
        <a
          key={link.network}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          title={t(`storefront.social.${link.network}`)}
          data-network={link.network}
        >
          <span className={css.visuallyHidden}>{t(`storefront.social.${link.network}`)}</span>
        </a>
      ))}
    </nav>
  );
}

/** A WhatsApp number: a button at the corner of every page opens a chat with the store. */
export function WhatsAppButton({ links }: { links: StoreInfo['social'] }) {
  const { t } = useTranslation();
  const whatsapp = links.find((link) => link.network === 'whatsapp');
  if (!whatsapp) return null;
  return (
    <a
      className={css.whatsapp}
      href={whatsapp.url}
      target="_blank"
      rel="noopener noreferrer"
      data-network="whatsapp"
      data-testid="whatsapp-chat"
    >
      <span className={css.visuallyHidden}>{t('storefront.social.chat')}</span>
    </a>
  );
}

export function StoreHeader({ store, categories }: { store: StoreInfo; categories: StoreCategory[] }) {
  const path = useStorePath();
  return (
    <header className={css.header}>
      <div className={css.headerInner}>
        <StoreLink to={path()} className={css.brand} data-testid="store-brand">
          {store.logoUrl && <img src={store.logoUrl} alt="" width={40} height={40} />}
          <span>{store.name}</span>
        </StoreLink>
        <HeaderNav store={store} categories={categories} />
        <div className={css.tools}>
          <SearchBox />
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
  return (
    <footer className={css.footer}>
      <div className={css.footerInner}>
        <span>
          © {new Date().getFullYear()} {store.name}
        </span>
        <FooterLinks store={store} />
        <SocialLinksList links={store.social} />
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
      <StoreLink to={path()} className={css.primary}>
        {t('storefront.notFound.home')}
      </StoreLink>
    </div>
  );
}

/** What a suspended store's layout throws (routes/storefront/layout.tsx): enough for its page. */
export interface SuspendedPage {
  suspended: { name: string; logoUrl: string | null; look: StoreInfo['look'] };
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
