import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rootTexts, type TitleMatches, textAt } from '../lib/page-title';
import { LanguageSwitch, ThemeToggle } from './preferences';

/** The public pages' header (landing page, customize-store-page): the brand, preferences, sign-in. */
export function MarketingHeader() {
  const { t } = useTranslation();
  return (
    <header className="landing__header">
      <Link to="/" className="landing__logo">
        {t('common.brand')}
      </Link>
      <nav className="landing__nav">
        <LanguageSwitch />
        <ThemeToggle />
        <Link to="/login" className="landing__link">
          {t('common.landing.login')}
        </Link>
      </nav>
    </header>
  );
}

/** A public page's title and description in the page's language, from `common.{page}`. */
export function marketingMeta(matches: TitleMatches, page: 'landing' | 'showcase') {
  const { common } = rootTexts(matches);
  return [
    { title: textAt(common, `${page}.metaTitle`) },
    { name: 'description', content: textAt(common, `${page}.metaDescription`) },
  ];
}
