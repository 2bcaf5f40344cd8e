import { LANGUAGES } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LANGUAGE_NAMES, useRootData } from '../../ui/preferences';
import './site.css';

/**
 * The platform's public pages (issue 17): the brand with the site's sections and the way in
 * above, every public page below. The landing page, the platform's About at the root and the
 * pages under routes/site/layout.tsx share it; its texts are the `site` namespace.
 */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="site">
      <SiteHeader />
      <main className="site__main" id="main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site__header">
      <Link to="/" className="site__logo">
        {t('common.brand')}
      </Link>
      <nav className="site__sections" aria-label={t('site.nav.label')}>
        <NavLink to="/blogs">{t('site.nav.blog')}</NavLink>
        <NavLink to="/tutorials">{t('site.nav.tutorials')}</NavLink>
        <NavLink to="/help-center">{t('site.nav.help')}</NavLink>
      </nav>
      <div className="site__actions">
        <Link to="/login" className="site__signin">
          {t('site.footer.login')}
        </Link>
        <Link to="/register" className="plain-button site__start">
          {t('site.nav.start')}
        </Link>
      </div>
    </header>
  );
}

/** Every public page, by group; the preferences at the end. */
export function SiteFooter() {
  const { t } = useTranslation();
  const groups: { heading: string; links: [string, string][] }[] = [
    {
      heading: 'productHeading',
      links: [
        ['/', 'landing'],
        ['/customize-store-page', 'showcase'],
        ['/register', 'register'],
        ['/login', 'login'],
      ],
    },
    {
      heading: 'resourcesHeading',
      links: [
        ['/blogs', 'blog'],
        ['/tutorials', 'tutorials'],
        ['/help-center', 'help'],
        ['/bug-report', 'bugReport'],
      ],
    },
    {
      heading: 'companyHeading',
      links: [
        ['/about', 'about'],
        ['/apply', 'careers'],
        ['/contact', 'contact'],
      ],
    },
    {
      heading: 'legalHeading',
      links: [
        ['/privacy', 'privacy'],
        ['/terms', 'terms'],
      ],
    },
  ];
  return (
    <footer className="site__footer" data-testid="site-footer">
      <div className="site__footer-brand">
        <Link to="/" className="site__logo">
          {t('common.brand')}
        </Link>
        <p>{t('site.footer.tagline')}</p>
      </div>
      {groups.map((group) => (
        <nav key={group.heading} aria-label={t(`site.footer.${group.heading}`)} className="site__footer-group">
          <h2>{t(`site.footer.${group.heading}`)}</h2>
          <ul>
            {group.links.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{t(`site.footer.${label}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <div className="site__footer-end">
        <p>{t('site.footer.rights', { year: new Date().getFullYear() })}</p>
        <SitePreferences />
      </div>
    </footer>
  );
}

/**
 * The language and the theme as links (the site's pages carry no script): the server stores the
 * choice and sends the visitor back to this page (GET /preferences, apps/server).
 */
function SitePreferences() {
  const { t } = useTranslation();
  const { language, theme } = useRootData();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(`${pathname}${search}`);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <div className="site__preferences" role="group" aria-label={t('site.footer.preferences')}>
      <ul className="site__languages">
        {LANGUAGES.map((l) => (
          <li key={l}>
            <a
              href={`/preferences?language=${l}&back=${back}`}
              lang={l}
              hrefLang={l}
              aria-current={l === language ? 'true' : undefined}
              data-testid={`site-language-${l}`}
            >
              {LANGUAGE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
      <a href={`/preferences?theme=${next}&back=${back}`} className="site__theme" data-testid="site-theme">
        {t(next === 'dark' ? 'common.theme.toDark' : 'common.theme.toLight')}
      </a>
    </div>
  );
}
