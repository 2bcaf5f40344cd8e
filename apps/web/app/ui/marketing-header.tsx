import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rootTexts, type TitleMatches, textAt } from '../lib/page-title';
import { LanguageSwitch, ThemeToggle } from './preferences';

/** customize-store-page's header: the brand, preferences, sign-in (its texts: the `showcase` namespace). */
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
          {t('showcase.login')}
        </Link>
      </nav>
    </header>
  );
}

/** The page's title and description from its own texts (the brand alone while they are missing). */
export function marketingMeta(matches: TitleMatches, texts: Record<string, unknown> | undefined) {
  const { common } = rootTexts(matches);
  if (!texts) return [{ title: textAt(common, 'brand') }];
  return [{ title: textAt(texts, 'metaTitle') }, { name: 'description', content: textAt(texts, 'metaDescription') }];
}
