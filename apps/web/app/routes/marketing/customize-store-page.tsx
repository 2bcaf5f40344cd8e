import { THEME_TEMPLATES } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddTexts } from '../../lib/i18n';
import { requestLanguage } from '../../lib/request-language';
import { textsOf } from '../../lib/texts.server';
import { MarketingHeader, marketingMeta } from '../../ui/marketing-header';
import type { Route } from './+types/customize-store-page';
import './landing.css';
import './customize-store-page.css';

/** The demo store (seeded with every quick start): the templates are shown on its catalogue. */
const SHOWCASE_STORE = 'demo-store';

/** The page's texts come with it (the root's common texts are every page's, these are its own). */
export function loader({ request }: Route.LoaderArgs) {
  return { texts: textsOf(requestLanguage(request), ['showcase']) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => marketingMeta(matches, loaderData?.texts.showcase);

/**
 * customize-store-page (SPEC §2, issue 16): what the theme editor does, the three starting themes
 * rendered live on a real store (its pages at `?template=`, nothing saved) — each a phone screen a
 * visitor can scroll and browse — and the way to register.
 */
export default function CustomizeStorePage({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts);
  const { t } = useTranslation();
  return (
    <div className="landing">
      <MarketingHeader />
      <main className="showcase">
        <section className="showcase__intro">
          <h1>{t('showcase.title')}</h1>
          <p>{t('showcase.text')}</p>
          <Link to="/register" className="plain-button landing__cta" data-testid="showcase-register">
            {t('showcase.start')}
          </Link>
        </section>
        <ul className="showcase__features">
          {(['templates', 'colours', 'fonts', 'sections', 'preview', 'phone'] as const).map((feature) => (
            <li key={feature}>
              <h2>{t(`showcase.features.${feature}.title`)}</h2>
              <p>{t(`showcase.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
        <section className="showcase__templates" aria-labelledby="showcase-templates">
          <h2 id="showcase-templates">{t('showcase.templatesTitle')}</h2>
          <div className="showcase__grid">
            {THEME_TEMPLATES.map((template) => (
              <figure key={template} className="showcase__template" data-testid={`showcase-${template}`}>
                <div className="showcase__phone">
                  <iframe
                    src={`/${SHOWCASE_STORE}?template=${template}`}
                    title={t('showcase.frameTitle', { name: t(`showcase.templates.${template}.name`) })}
                    loading="lazy"
                  />
                </div>
                <figcaption>
                  <strong>{t(`showcase.templates.${template}.name`)}</strong>
                  <span>{t(`showcase.templates.${template}.text`)}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
        <section className="showcase__end">
          <p>{t('showcase.end')}</p>
          <Link to="/register" className="plain-button landing__cta">
            {t('showcase.start')}
          </Link>
        </section>
      </main>
    </div>
  );
}
