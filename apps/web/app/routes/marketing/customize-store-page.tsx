import { THEME_TEMPLATES } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TitleMatches } from '../../lib/page-title';
import { MarketingHeader, marketingMeta } from '../../ui/marketing-header';
import './landing.css';
import './customize-store-page.css';

/** The demo store (seeded with every quick start): the templates are shown on its catalogue. */
const SHOWCASE_STORE = 'demo-store';

export function meta({ matches }: { matches: TitleMatches }) {
  return marketingMeta(matches, 'showcase');
}

/**
 * customize-store-page (SPEC §2, issue 16): what the theme editor does, the three starting themes
 * rendered live on a real store (its pages at `?template=`, nothing saved) — each a phone screen a
 * visitor can scroll and browse — and the way to register.
 */
export default function CustomizeStorePage() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <MarketingHeader />
      <main className="showcase">
        <section className="showcase__intro">
          <h1>{t('common.showcase.title')}</h1>
          <p>{t('common.showcase.text')}</p>
          <Link to="/register" className="plain-button landing__cta" data-testid="showcase-register">
            {t('common.showcase.start')}
          </Link>
        </section>
        <ul className="showcase__features">
          {(['templates', 'colours', 'fonts', 'sections', 'preview', 'phone'] as const).map((feature) => (
            <li key={feature}>
              <h2>{t(`common.showcase.features.${feature}.title`)}</h2>
              <p>{t(`common.showcase.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
        <section className="showcase__templates" aria-labelledby="showcase-templates">
          <h2 id="showcase-templates">{t('common.showcase.templatesTitle')}</h2>
          <div className="showcase__grid">
            {THEME_TEMPLATES.map((template) => (
              <figure key={template} className="showcase__template" data-testid={`showcase-${template}`}>
                <div className="showcase__phone">
                  <iframe
                    src={`/${SHOWCASE_STORE}?template=${template}`}
                    title={t('common.showcase.frameTitle', { name: t(`common.showcase.templates.${template}.name`) })}
                    loading="lazy"
                  />
                </div>
                <figcaption>
                  <strong>{t(`common.showcase.templates.${template}.name`)}</strong>
                  <span>{t(`common.showcase.templates.${template}.text`)}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
        <section className="showcase__end">
          <p>{t('common.showcase.end')}</p>
          <Link to="/register" className="plain-button landing__cta">
            {t('common.showcase.start')}
          </Link>
        </section>
      </main>
    </div>
  );
}
