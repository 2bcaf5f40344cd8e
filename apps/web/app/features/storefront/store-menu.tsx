import type { StoreCategory, StoreMenuLink } from '@shop/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type StoreInfo, useStorePath } from '../../lib/store-context';
import { StoreLink } from './store-link';
import menu from './store-menu.module.css';
import css from './storefront.module.css';

/** A menu link's words: its own, else (the home, the catalogue) the interface's in the page's language. */
function useLinkLabel() {
  const { t } = useTranslation();
  return (link: StoreMenuLink) =>
    link.label || (link.kind === 'catalog' ? t('storefront.nav.catalog') : t('storefront.nav.home'));
}

/** One link of a store menu: a page of the store (client-side), or another site in a new tab. */
function MenuLink({ link, testId }: { link: StoreMenuLink; testId: string }) {
  const { t } = useTranslation();
  const path = useStorePath();
  const label = useLinkLabel()(link);
  if (link.kind === 'url') {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {label}
        <span className={css.visuallyHidden}> ({t('storefront.nav.newTab')})</span>
      </a>
    );
  }
  return (
    <NavLink to={path(link.href)} end={link.href === ''} data-testid={testId}>
      {label}
    </NavLink>
  );
}

/**
 * The header's links: the store's header menu (cp/content), or — while it has none — its own:
 * home, the first categories, about. On a phone they fold under a menu button, which opens them
 * as a list under the header (Escape or a choice closes it again) — before the script has run
 * too: the list shows while the button (a tap focuses it) or one of its links has focus.
 */
export function HeaderNav({ store, categories }: { store: StoreInfo; categories: StoreCategory[] }) {
  const { t } = useTranslation();
  const path = useStorePath();
  const [open, setOpen] = useState(false);
  // Until the page's script runs (a slow phone's first seconds), the list opens by CSS alone.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A link followed closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every page reached.
  useEffect(() => setOpen(false), [pathname]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const links = store.menus.header;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${css.iconButton} ${menu.toggle}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={t(open ? 'storefront.nav.closeMenu' : 'storefront.nav.openMenu')}
        onClick={() => setOpen((was) => !was)}
        data-testid="store-menu-button"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
      </button>
      <nav
        id={id}
        className={`${css.nav} ${menu.menu}`}
        data-open={open}
        data-scripted={scripted || undefined}
        aria-label={t('storefront.nav.label')}
        onKeyDown={onKeyDown}
        data-testid="store-nav"
      >
        {links.length > 0 ? (
          links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a menu may link one place twice; its order is its identity.
            <MenuLink key={index} link={link} testId="nav-menu-link" />
          ))
        ) : (
          <>
            <NavLink to={path()} end>
              {t('storefront.nav.home')}
            </NavLink>
            {categories.slice(0, 6).map((category) => (
              <NavLink key={category.id} to={path(`/category/${category.id}`)} data-testid="nav-category">
                {category.name}
              </NavLink>
            ))}
            <NavLink to={path('/about')}>{t('storefront.nav.about')}</NavLink>
          </>
        )}
      </nav>
    </>
  );
}

/**
 * The footer's links: the store's footer menu when it has one; otherwise its about page and the
 * policies it shows.
 */
export function FooterLinks({ store }: { store: StoreInfo }) {
  const { t } = useTranslation();
  const path = useStorePath();
  const links = store.menus.footer;
  if (links.length > 0) {
    return (
      <nav aria-label={t('storefront.footer.menu')} className={css.footerLinks} data-testid="footer-menu">
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a menu may link one place twice; its order is its identity.
          <MenuLink key={index} link={link} testId="footer-menu-link" />
        ))}
      </nav>
    );
  }
  return (
    <>
      <StoreLink to={path('/about')}>{t('storefront.nav.about')}</StoreLink>
      {store.policies.length > 0 && (
        <nav aria-label={t('storefront.footer.policies')} className={css.footerLinks} data-testid="footer-policies">
          {store.policies.map((type) => (
            <StoreLink key={type} to={path(`/policies/${type}`)}>
              {t(`storefront.policy.${type}`)}
            </StoreLink>
          ))}
        </nav>
      )}
    </>
  );
}
