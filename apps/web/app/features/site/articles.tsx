import type { ArticleKind } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ARTICLE_PATHS, type DatedArticle, type DatedSummary } from './article-data';
import './articles.css';

/** A card per article: cover, title, summary, date and reading time; the whole card is the link. */
export function ArticleCards({ items, kind }: { items: DatedSummary[]; kind: ArticleKind }) {
  const { t } = useTranslation();
  if (!items.length) return <p className="articles__empty">{t('site.articles.empty')}</p>;
  // Help articles are answers looked up, not stories browsed: a plain list, no pictures.
  const answers = kind === 'help';
  return (
    <ul className={answers ? 'articles__answers' : 'articles__cards'} data-testid="article-list">
      {items.map((item, index) => (
        <li key={item.id} className="article-card">
          {answers ? null : item.coverUrl ? (
            <img
              src={item.coverUrl}
              alt=""
              width={640}
              height={360}
              loading={index < 3 ? 'eager' : 'lazy'}
              className="article-card__cover"
            />
          ) : (
            <div className="article-card__cover article-card__cover--none" aria-hidden="true" />
          )}
          <div className="article-card__text">
            <h2>
              <Link to={`${ARTICLE_PATHS[kind]}/${item.id}`}>{item.title}</Link>
            </h2>
            {item.summary ? <p>{item.summary}</p> : null}
            <ArticleFacts date={item.date} minutes={item.readingMinutes} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ArticleFacts({ date, minutes, author }: { date: string | null; minutes: number; author?: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="article__facts">
      {date ? <span>{date}</span> : null}
      <span>{t('site.articles.readingTime', { count: minutes })}</span>
      {author ? <span>{t('site.articles.by', { name: author })}</span> : null}
    </p>
  );
}

/** Newer and older pages of a list, as plain links (no script needed). */
export function ArticlePager({
  page,
  pageSize,
  total,
  path,
}: {
  page: number;
  pageSize: number;
  total: number;
  path: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const href = (n: number) => {
    const [base, query = ''] = path.split('?');
    const params = new URLSearchParams(query);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const search = params.toString();
    return search ? `${base}?${search}` : (base as string);
  };
  return (
    <nav className="articles__pager" aria-label={t('site.articles.pages')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t('site.articles.newer')}
        </Link>
      ) : (
        <span />
      )}
      <span>{t('site.articles.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t('site.articles.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** One article: its title, facts, cover or video, and its (server-sanitized) text. */
export function ArticleView({
  article,
  backTo,
  backLabel,
}: {
  article: DatedArticle;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <article className="site-prose article" data-testid="article">
      <p className="article__back">
        <Link to={backTo}>← {backLabel}</Link>
      </p>
      <h1>{article.title}</h1>
      {article.summary ? <p className="site-lede">{article.summary}</p> : null}
      <ArticleFacts date={article.date} minutes={article.readingMinutes} author={article.author} />
      {article.videoEmbedUrl ? (
        <div className="article__video">
          <iframe
            src={article.videoEmbedUrl}
            title={t('site.articles.video', { title: article.title })}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : article.coverUrl ? (
        <img className="article__cover" src={article.coverUrl} alt="" width={1200} height={675} />
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when it was saved (platform/rich-text.ts sanitizeArticle) */}
      <div className="article__body" dangerouslySetInnerHTML={{ __html: article.body }} />
    </article>
  );
}
