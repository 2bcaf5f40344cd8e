import { type BannerItem, imageSrcSet, imageUrl, type StoreHomeSection } from '@shop/shared';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore, useStorePath } from '../../lib/store-context';
import { StoreBundles } from './bundles';
import { Section } from './frame';
import { ProductGrid } from './product-card';
import css from './sections.module.css';
import { HERO_SIZES } from './seo';
import { StoreLink } from './store-link';
import sf from './storefront.module.css';

/**
 * The store's home, section by section as the merchant arranged it in the theme editor (issue 16).
 * Everything arrives with the page (read on the server); only the hero's arrows and the
 * newsletter's form run in the browser.
 */
export function HomeSections({ sections }: { sections: StoreHomeSection[] }) {
  const store = useStore();
  // A hero without pictures names the store in its h1; otherwise the page's h1 is for screen readers.
  const namedByHero = sections[0]?.type === 'hero' && sections[0].slides.length === 0;
  return (
    <>
      {!namedByHero && <h1 className={css.srOnly}>{store?.name}</h1>}
      {sections.map((section, i) => (
        <div key={section.id} data-section={section.type} data-testid="home-section">
          <HomeSection section={section} first={i === 0} />
        </div>
      ))}
    </>
  );
}

function HomeSection({ section, first }: { section: StoreHomeSection; first: boolean }) {
  const { t } = useTranslation();
  const path = useStorePath();
  switch (section.type) {
    case 'hero':
      return <Hero slides={section.slides} first={first} />;
    case 'featuredCollection':
      return (
        <Section
          title={section.title || section.collection.title}
          action={
            <StoreLink to={path(`/collection/${section.collection.id}`)}>{t('storefront.home.viewAll')}</StoreLink>
          }
        >
          <ProductGrid products={section.products} eager={first ? 4 : 0} />
        </Section>
      );
    case 'categoryGrid':
      return (
        <Section title={section.title || t('storefront.home.categories')}>
          <div className={sf.tiles}>
            {section.categories.map((category) => (
              <StoreLink
                key={category.id}
                to={path(`/category/${category.id}`)}
                className={`${sf.tile} ${category.imageUrl ? '' : sf.tilePlain}`}
                data-testid="home-category"
              >
                {category.imageUrl && (
                  <img
                    src={imageUrl(category.imageUrl, 400)}
                    srcSet={imageSrcSet(category.imageUrl)}
                    sizes="(max-width: 600px) 50vw, 240px"
                    alt=""
                    loading="lazy"
                  />
                )}
                <span>{category.name}</span>
              </StoreLink>
            ))}
          </div>
        </Section>
      );
    case 'productGrid': {
      const title =
        section.title ||
        (section.source === 'collection'
          ? section.collectionTitle
          : t(section.source === 'bestSelling' ? 'storefront.home.bestSelling' : 'storefront.home.newest'));
      return (
        <Section
          title={title}
          action={
            section.source === 'collection' && section.collectionId ? (
              <StoreLink to={path(`/collection/${section.collectionId}`)}>{t('storefront.home.viewAll')}</StoreLink>
            ) : undefined
          }
        >
          <ProductGrid products={section.products} eager={first ? 4 : 0} />
        </Section>
      );
    }
    case 'imageWithText':
      return (
        <section className={`${css.imageText} ${section.imageSide === 'right' ? css.imageRight : ''}`}>
          {section.imageUrl && (
            <img
              src={imageUrl(section.imageUrl, 800)}
              srcSet={imageSrcSet(section.imageUrl)}
              sizes="(max-width: 760px) 100vw, 50vw"
              alt={section.alt}
              loading={first ? 'eager' : 'lazy'}
              style={{ objectPosition: `${section.focalX}% ${section.focalY}%` }}
            />
          )}
          <div className={css.imageTextBody}>
            {section.heading && <h2>{section.heading}</h2>}
            {/* Sanitized on the server when saved (formatting only). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized rich text */}
            {section.html && <div className={css.rich} dangerouslySetInnerHTML={{ __html: section.html }} />}
            {section.buttonLabel && section.link && (
              <SectionLink link={section.link} className={css.button}>
                {section.buttonLabel}
              </SectionLink>
            )}
          </div>
        </section>
      );
    case 'richText':
      return (
        <section className={css.richText}>
          {section.heading && <h2>{section.heading}</h2>}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized rich text */}
          <div className={css.rich} dangerouslySetInnerHTML={{ __html: section.html }} />
        </section>
      );
    case 'newsletter':
      return <Newsletter heading={section.heading} text={section.text} />;
    case 'bundles':
      return section.title ? (
        <Section title={section.title}>
          <StoreBundles bundles={section.bundles} />
        </Section>
      ) : (
        <StoreBundles bundles={section.bundles} />
      );
  }
}

/** A link of a section: a path of the store follows its address; a web address opens apart. */
function SectionLink({ link, className, children }: { link: string; className?: string; children: ReactNode }) {
  const path = useStorePath();
  if (link.startsWith('/')) {
    return (
      <StoreLink to={path(link === '/' ? '' : link)} className={className}>
        {children}
      </StoreLink>
    );
  }
  return (
    <a href={link} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The hero banner: slides side by side, scrolled by touch (CSS scroll snap) or the arrows; the
 * first picture is the page's largest paint, so it loads first and at once.
 */
function Hero({ slides, first }: { slides: BannerItem[]; first: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const track = useRef<HTMLDivElement>(null);
  if (slides.length === 0) {
    // No pictures yet: the store's name on its colours.
    return (
      <div className={sf.hero} data-testid="store-hero">
        <h1>{store?.name}</h1>
        {store?.description && <p>{store.description}</p>}
      </div>
    );
  }
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section
      className={css.hero}
      aria-roledescription="carousel"
      aria-label={t('storefront.home.banner')}
      data-testid="store-hero"
    >
      <div className={css.track} ref={track}>
        {slides.map((slide, i) => {
          return (
            <div
              key={slide.id}
              className={css.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('storefront.home.slide', { n: i + 1, count: slides.length })}
              data-testid="hero-slide"
            >
              <img
                src={imageUrl(slide.imageUrl, 1600)}
                srcSet={imageSrcSet(slide.imageUrl)}
                sizes={HERO_SIZES}
                alt={slide.alt}
                loading={first && i === 0 ? 'eager' : 'lazy'}
                fetchPriority={first && i === 0 ? 'high' : undefined}
                style={{ objectPosition: `${slide.focalX}% ${slide.focalY}%` }}
              />
              {(slide.heading || slide.text || slide.buttonLabel) && (
                <div className={css.caption}>
                  {slide.heading && <h2>{slide.heading}</h2>}
                  {slide.text && <p>{slide.text}</p>}
                  {slide.buttonLabel && slide.link && (
                    <SectionLink link={slide.link} className={css.button}>
                      {slide.buttonLabel}
                    </SectionLink>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {slides.length > 1 && (
        <div className={css.arrows}>
          <button type="button" onClick={() => scroll(-1)} aria-label={t('storefront.home.previous')}>
            ‹
          </button>
          <button type="button" onClick={() => scroll(1)} aria-label={t('storefront.home.next')}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}

/** The newsletter sign-up: the shopper's e-mail joins the store's customers, with their consent. */
function Newsletter({ heading, text }: { heading: string; text: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'invalid' | 'failed'>('idle');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setState('sending');
    const { signUp } = await import('./newsletter-submit').catch(() => ({ signUp: async () => 'failed' as const }));
    setState(await signUp(store?.id, email));
  };
  return (
    <section className={css.newsletter} data-testid="newsletter">
      <h2>{heading || t('storefront.newsletter.heading')}</h2>
      <p>{text || t('storefront.newsletter.text')}</p>
      {state === 'done' ? (
        <p role="status" className={css.newsletterDone}>
          {t('storefront.newsletter.done')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className={css.newsletterForm}>
          <label className={css.srOnly} htmlFor="newsletter-email">
            {t('storefront.newsletter.email')}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('storefront.newsletter.email')}
            aria-invalid={state === 'invalid' || undefined}
            aria-describedby={state === 'invalid' || state === 'failed' ? 'newsletter-error' : undefined}
          />
          <button type="submit" disabled={state === 'sending'}>
            {t('storefront.newsletter.submit')}
          </button>
          {(state === 'invalid' || state === 'failed') && (
            <p id="newsletter-error" role="alert" className={css.newsletterError}>
              {t(state === 'invalid' ? 'storefront.newsletter.invalid' : 'storefront.newsletter.failed')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
