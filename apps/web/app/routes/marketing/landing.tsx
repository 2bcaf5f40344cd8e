import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TitleMatches } from '../../lib/page-title';
import { MarketingHeader, marketingMeta } from '../../ui/marketing-header';
import './landing.css';

/** Title and description in the page's language (also the platform's root: storefront/home.tsx). */
export function meta({ matches }: { matches: TitleMatches }) {
  return marketingMeta(matches, 'landing');
}

/** The public landing page: what the product is and the way in. */
export default function Landing() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <MarketingHeader />
      <main className="landing__hero">
        <h1>{t('common.landing.title')}</h1>
        <p>{t('common.landing.text')}</p>
        <Link to="/register" className="plain-button landing__cta">
          {t('common.landing.start')}
        </Link>
        <ul className="landing__points">
          <li>{t('common.landing.points.stores')}</li>
          <li>{t('common.landing.points.languages')}</li>
          <li>{t('common.landing.points.payments')}</li>
        </ul>
        <p className="landing__community">{t('common.landing.community')}</p>
      </main>
    </div>
  );
}
