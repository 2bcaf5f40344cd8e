import { Link } from 'react-router';
import { LegalSections, type LegalText, useLegalText } from './legal-document';

interface AboutText extends LegalText {
  highlights: { value: string; label: string }[];
  cta: { heading: string; text: string; button: string };
}

/**
 * The platform's About (the `about` document of the `legal` namespace): who we are and what we
 * believe, the figures a visitor looks for first, and the way to a store of one's own.
 */
export function AboutPage() {
  const text = useLegalText<AboutText>('about');
  if (!text) return null;
  return (
    <article className="site-prose legal about" data-testid="platform-about">
      <header className="legal__header">
        <h1>{text.title}</h1>
        <p className="site-lede">{text.lede}</p>
      </header>
      <ul className="about__highlights">
        {text.highlights.map((highlight) => (
          <li key={highlight.value}>
            <strong>{highlight.value}</strong> <span>{highlight.label}</span>
          </li>
        ))}
      </ul>
      <LegalSections sections={text.sections} />
      <section className="about__cta" aria-labelledby="about-cta">
        <h2 id="about-cta">{text.cta.heading}</h2>
        <p>{text.cta.text}</p>
        <Link to="/register" className="plain-button" data-testid="about-register">
          {text.cta.button}
        </Link>
      </section>
    </article>
  );
}
