import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './legal.css';

/** A list item: a sentence, or a term in bold with what it means. */
export type LegalItem = string | { term: string; text: string };

/** One part of a document (locales/{lang}/legal.json). */
export interface LegalSection {
  /** The anchor (`#rights`): the same in every language, so a shared link survives a language switch. */
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: LegalItem[];
  /** The items are steps: a numbered list. */
  ordered?: boolean;
  /** Paragraphs after the list. */
  closing?: string[];
}

export interface LegalText {
  title: string;
  lede: string;
  updated?: string;
  sections: LegalSection[];
}

export type LegalName = 'privacy' | 'terms' | 'about';

/**
 * A document of the `legal` namespace in the page's language. The texts are data, not markup:
 * translators edit JSON, and the page stays semantic HTML whatever they write. Null while the
 * namespace is not yet added (the page's loader brings it).
 */
export function useLegalText<T extends LegalText = LegalText>(name: LegalName): T | null {
  const { t } = useTranslation();
  const text: unknown = t(`legal.${name}`, { returnObjects: true });
  return text !== null && typeof text === 'object' ? (text as T) : null;
}

/**
 * The platform's privacy policy or terms of service: title, lede, date, a table of contents and
 * the sections. Plain links and anchors: readable and navigable before (or without) JavaScript.
 */
export function LegalDocument({ name }: { name: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const text = useLegalText(name);
  if (!text) return null;
  const contents = `${name}-contents`;
  return (
    <article className="site-prose legal" data-testid={`legal-${name}`}>
      <header className="legal__header">
        <h1>{text.title}</h1>
        <p className="site-lede">{text.lede}</p>
        {text.updated && (
          <p className="legal__updated" data-testid="legal-updated">
            {text.updated}
          </p>
        )}
      </header>
      <nav className="legal__contents" aria-labelledby={contents}>
        <h2 id={contents}>{t('legal.contents')}</h2>
        <ol>
          {text.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <LegalSections sections={text.sections} />
    </article>
  );
}

/** The sections of a document, each an h2 with its paragraphs and list. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => {
    const List = section.ordered ? 'ol' : 'ul';
    return (
      <section key={section.id} id={section.id} className="legal__section">
        <h2>{section.heading}</h2>
        {section.paragraphs?.map((paragraph) => (
          <p key={paragraph}>{inline(paragraph)}</p>
        ))}
        {section.items && (
          <List className="legal__list">
            {section.items.map((item) =>
              typeof item === 'string' ? (
                <li key={item}>{inline(item)}</li>
              ) : (
                <li key={item.term}>
                  <strong>{item.term}</strong>: {inline(item.text)}
                </li>
              ),
            )}
          </List>
        )}
        {section.closing?.map((paragraph) => (
          <p key={paragraph}>{inline(paragraph)}</p>
        ))}
      </section>
    );
  });
}

/**
 * The two kinds of link a text may hold: `[words](/path)` to a page of the platform, and an
 * e-mail address (privacy@…), which becomes a mailto link. Nothing else is interpreted: the
 * texts never become HTML.
 */
const LINKS = /\[([^\]]+)\]\((\/[^)\s]*)\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

export function inline(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKS)) {
    const [whole, words, path, email] = match;
    parts.push(text.slice(last, match.index));
    parts.push(
      email ? (
        <a key={match.index} href={`mailto:${email}`}>
          {email}
        </a>
      ) : (
        <Link key={match.index} to={path as string}>
          {words}
        </Link>
      ),
    );
    last = match.index + whole.length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts;
}
