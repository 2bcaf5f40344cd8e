import {
  FEE_PLANS,
  formatDecimal,
  formatMoney,
  type Language,
  minorToDecimal,
  providerFee,
  SETTLEMENT,
  SUBSCRIPTION_PLANS,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, type MetaDescriptor } from 'react-router';
import { SiteFrame } from '../../features/site/site-frame';
import { useAddTexts } from '../../lib/i18n';
import type { Texts } from '../../lib/locales';
import { rootTexts, type TitleMatches, textAt } from '../../lib/page-title';
import { useRootData } from '../../ui/preferences';
import './landing.css';

/** The worked example of the pricing section: an order of 50.00 ₼. */
const EXAMPLE_ORDER = 5000;
const FEE = FEE_PLANS.standard;
const PLAN = SUBSCRIPTION_PLANS.standard;

/**
 * The screenshots scripts/landing-screenshots.mjs takes of the product itself; their sizes are
 * written here so that the page does not move while they load.
 */
export const SHOTS = {
  panel: { src: '/landing/panel.webp', small: '/landing/panel-640.webp', width: 1280, height: 800 },
  phone: { src: '/landing/store-phone.webp', width: 480, height: 1039 },
} as const;

const FEATURES = ['stores', 'payments', 'languages', 'themes', 'discounts', 'pixels', 'domains'] as const;
const STEPS = ['register', 'products', 'sell'] as const;
const QUESTIONS = ['start', 'cards', 'payouts', 'domain', 'languages', 'social'] as const;

/** What the landing page's loader gives it (storefront/root-home.tsx). */
export interface LandingData {
  texts: Texts;
  origin: string;
}

/** The fee's figures in the language's own number and money forms. */
function feeFigures(language: Language) {
  const money = (minor: number) => formatMoney(minor, language);
  const fee = providerFee(EXAMPLE_ORDER);
  return {
    percent: formatDecimal(FEE.percentBasisPoints / 100, language),
    pointOfSale: money(FEE.pointOfSale),
    order: money(EXAMPLE_ORDER),
    part: money(fee - FEE.pointOfSale),
    fee: money(fee),
    net: money(EXAMPLE_ORDER - fee),
    plan: money(PLAN.monthlyPrice),
  };
}

/** `{{name}}` of a text filled in, as i18next would (meta runs outside React). */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/**
 * Title and description in the page's language (its `landing` texts), the link preview's picture
 * (the control panel's screenshot, absolute) and what search engines read of the product: the
 * organisation and the application with its prices. Without its data (an error), the brand.
 */
export function landingMeta(matches: TitleMatches, data?: LandingData): MetaDescriptor[] {
  const { common, language } = rootTexts(matches);
  if (!data) return [{ title: textAt(common, 'brand') }];
  const texts = data.texts.landing ?? {};
  const title = textAt(texts, 'meta.title');
  const description = textAt(texts, 'meta.description');
  const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  const brand = textAt(common, 'brand');
  const url = `${data.origin}/`;
  // The JPEG copy (scripts/landing-screenshots.mjs): not every app that unfurls links reads WebP.
  const image = `${data.origin}${SHOTS.panel.src.replace(/\.webp$/, '.jpg')}`;
  const figures = feeFigures(language);
  const organization = {
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: brand,
    url,
    logo: `${data.origin}/favicon.svg`,
  };
  const application = {
    '@type': 'SoftwareApplication',
    name: brand,
    url,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    inLanguage: ['az', 'en', 'ru'],
    description: textAt(texts, 'jsonLd.description'),
    image,
    publisher: { '@id': organization['@id'] },
    offers: [
      {
        '@type': 'Offer',
        name: textAt(texts, 'pricing.fee.title'),
        description: fill(textAt(texts, 'jsonLd.fee'), figures),
        priceCurrency: 'AZN',
        price: minorToDecimal(FEE.pointOfSale),
        priceSpecification: {
          '@type': 'PaymentChargeSpecification',
          price: minorToDecimal(FEE.pointOfSale),
          priceCurrency: 'AZN',
          description: fill(textAt(texts, 'jsonLd.fee'), figures),
        },
      },
      {
        '@type': 'Offer',
        name: textAt(texts, 'pricing.plan.title'),
        description: fill(textAt(texts, 'jsonLd.plan'), { price: figures.plan, days: PLAN.trialDays }),
        priceCurrency: 'AZN',
        price: minorToDecimal(PLAN.monthlyPrice),
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: minorToDecimal(PLAN.monthlyPrice),
          priceCurrency: 'AZN',
          unitCode: 'MON',
        },
      },
    ],
  };
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SHOTS.panel.width) },
    { property: 'og:image:height', content: String(SHOTS.panel.height) },
    { property: 'og:image:alt', content: textAt(texts, 'hero.panelAlt') },
    { name: 'twitter:card', content: 'summary_large_image' },
    { 'script:ld+json': { '@context': 'https://schema.org', '@graph': [organization, application] } },
  ];
}

/**
 * The platform's landing page (issue 17): what the product does, how to start, what it costs and
 * the answers merchants ask for first. Everything is in the server's HTML, the answers open
 * without scripts (<details>), and the screenshots are of the product itself.
 */
export default function Landing({ texts }: { texts: Texts }) {
  useAddTexts(texts);
  const { t } = useTranslation();
  const { language } = useRootData();
  const figures = feeFigures(language);
  const days = { days: PLAN.trialDays };
  return (
    <SiteFrame>
      <div className="landing-page">
        <section className="landing-page__hero" aria-labelledby="landing-title">
          <div className="landing-page__intro">
            <p className="landing-page__eyebrow">{t('landing.hero.eyebrow')}</p>
            <h1 id="landing-title">{t('landing.hero.title')}</h1>
            <p className="landing-page__lede">{t('landing.hero.text')}</p>
            <div className="landing-page__actions">
              <Link to="/register" className="plain-button landing__cta" data-testid="landing-start">
                {t('landing.hero.start')}
              </Link>
              <Link to="/customize-store-page" className="landing-page__secondary" data-testid="landing-themes">
                {t('landing.hero.themes')}
              </Link>
            </div>
            <p className="landing-page__note">{t('landing.hero.note', days)}</p>
          </div>
          <div className="landing-page__shots">
            <img
              className="landing-page__panel"
              src={SHOTS.panel.src}
              srcSet={`${SHOTS.panel.small} 640w, ${SHOTS.panel.src} 1280w`}
              sizes="(min-width: 1000px) 60vw, 100vw"
              width={SHOTS.panel.width}
              height={SHOTS.panel.height}
              alt={t('landing.hero.panelAlt')}
              fetchPriority="high"
              data-testid="landing-shot"
            />
            <img
              className="landing-page__phone"
              src={SHOTS.phone.src}
              width={SHOTS.phone.width}
              height={SHOTS.phone.height}
              alt={t('landing.hero.phoneAlt')}
              loading="lazy"
              data-testid="landing-shot"
            />
          </div>
        </section>

        <section className="landing-page__section" aria-labelledby="landing-steps">
          <h2 id="landing-steps">{t('landing.steps.title')}</h2>
          <p className="landing-page__section-text">{t('landing.steps.text')}</p>
          <ol className="landing-page__steps" data-testid="landing-steps">
            {STEPS.map((step) => (
              <li key={step}>
                <h3>{t(`landing.steps.${step}.title`)}</h3>
                <p>{t(`landing.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="landing-page__section" aria-labelledby="landing-features">
          <h2 id="landing-features">{t('landing.features.title')}</h2>
          <p className="landing-page__section-text">{t('landing.features.text')}</p>
          <ul className="landing-page__features">
            {FEATURES.map((feature) => (
              <li key={feature}>
                <FeatureIcon name={feature} />
                <h3>{t(`landing.features.${feature}.title`)}</h3>
                <p>{t(`landing.features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-page__section landing-page__pricing" aria-labelledby="landing-pricing">
          <h2 id="landing-pricing">{t('landing.pricing.title')}</h2>
          <p className="landing-page__section-text">{t('landing.pricing.text')}</p>
          <div className="landing-page__prices">
            <article className="landing-page__price">
              <h3>{t('landing.pricing.fee.title')}</h3>
              <p className="landing-page__rate" data-testid="landing-fee">
                {t('landing.pricing.fee.rate', figures)}
              </p>
              <p className="landing-page__per">{t('landing.pricing.fee.per')}</p>
              <p>{t('landing.pricing.fee.about')}</p>
            </article>
            <article className="landing-page__price">
              <h3>{t('landing.pricing.example.title')}</h3>
              <dl className="landing-page__example" data-testid="landing-example">
                <div>
                  <dt>{t('landing.pricing.example.order')}</dt>
                  <dd>{figures.order}</dd>
                </div>
                <div>
                  <dt>
                    {t('landing.pricing.example.fee')}
                    <small>{t('landing.pricing.example.how', figures)}</small>
                  </dt>
                  <dd>−{figures.fee}</dd>
                </div>
                <div className="landing-page__net">
                  <dt>{t('landing.pricing.example.net')}</dt>
                  <dd>{figures.net}</dd>
                </div>
              </dl>
            </article>
            <article className="landing-page__price">
              <h3>{t('landing.pricing.payouts.title')}</h3>
              <p>{t('landing.pricing.payouts.text', { days: SETTLEMENT.holdingDays })}</p>
              <h3>{t('landing.pricing.plan.title')}</h3>
              <p className="landing-page__plan">{t('landing.pricing.plan.price', { price: figures.plan })}</p>
              <p>{t('landing.pricing.plan.text', days)}</p>
            </article>
          </div>
        </section>

        <section className="landing-page__section landing-page__proof" aria-labelledby="landing-proof">
          <h2 id="landing-proof" data-testid="landing-proof">
            <Emphasis text={t('landing.proof.title')} />
          </h2>
          <p>{t('landing.proof.text')}</p>
          <ul className="landing-page__links">
            <li>
              <Link to="/blogs">{t('landing.proof.blog')}</Link>
            </li>
            <li>
              <Link to="/tutorials">{t('landing.proof.tutorials')}</Link>
            </li>
            <li>
              <Link to="/help-center">{t('landing.proof.help')}</Link>
            </li>
          </ul>
        </section>

        <section className="landing-page__section landing-page__faq" aria-labelledby="landing-faq">
          <h2 id="landing-faq">{t('landing.faq.title')}</h2>
          <div className="landing-page__questions" data-testid="landing-faq">
            {QUESTIONS.map((question) => (
              <details key={question}>
                <summary>{t(`landing.faq.${question}.q`)}</summary>
                <p>{t(`landing.faq.${question}.a`, { days: SETTLEMENT.holdingDays })}</p>
              </details>
            ))}
          </div>
        </section>

        <section className="landing-page__end" aria-labelledby="landing-end">
          <h2 id="landing-end">{t('landing.cta.title')}</h2>
          <p>{t('landing.cta.text', days)}</p>
          <div className="landing-page__actions">
            <Link to="/register" className="plain-button landing__cta" data-testid="landing-end-start">
              {t('landing.cta.start')}
            </Link>
            <Link to="/login" className="landing-page__secondary">
              {t('landing.cta.login')}
            </Link>
          </div>
        </section>
      </div>
    </SiteFrame>
  );
}

/**
 * A text with one part marked `<b>…</b>` by the translator (where the figure falls differs by
 * language), that part drawn strong: without the Trans component, which this page would carry alone.
 */
function Emphasis({ text }: { text: string }) {
  const [before, strong, after] = text.split(/<\/?b>/);
  return (
    <>
      {before}
      {strong && <strong>{strong}</strong>}
      {after}
    </>
  );
}

/** Line icons (24 px grid, the text's colour): a few paths instead of an icon library on this page. */
const ICONS: Record<(typeof FEATURES)[number], string> = {
  stores: 'M3 9l1.5-5h15L21 9M4 9v11h16V9M3 9h18M9 20v-6h6v6',
  payments: 'M3 6h18v12H3zM3 10h18M7 15h4',
  languages:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c2.4 2.7 3.6 5.7 3.6 9s-1.2 6.3-3.6 9c-2.4-2.7-3.6-5.7-3.6-9s1.2-6.3 3.6-9',
  themes: 'M4 20l4-1L19 8a2.1 2.1 0 0 0-3-3L5 16zM14 7l3 3M4 4h6M4 8h3',
  discounts: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01M9 15l6-6',
  pixels: 'M4 20V11M10 20V5M16 20v-7M21 20H3',
  domains: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
};

function FeatureIcon({ name }: { name: (typeof FEATURES)[number] }) {
  return (
    <svg className="landing-page__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}
