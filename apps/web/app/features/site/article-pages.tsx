import type { ArticleKind } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import type { MetaDescriptor } from 'react-router';
import type { TitleMatches } from '../../lib/page-title';
import { ARTICLE_PATHS, type DatedArticle, type DatedSummary } from './article-data';
import { ArticleCards, ArticlePager, ArticleView } from './articles';
import { siteMeta } from './meta';

/** What a list route's loader gives (blog, tutorials). */
export interface ArticleListData {
  items: DatedSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** What an article route's loader gives. */
export interface ArticleData {
  article: DatedArticle;
  /** The site's origin, for absolute addresses in link previews. */
  origin: string;
}

const LIST_KEYS: Record<ArticleKind, 'blogs' | 'tutorials' | 'helpCenter'> = {
  blog: 'blogs',
  tutorial: 'tutorials',
  help: 'helpCenter',
};

/** The blog's or the tutorials' list: heading, cards, pages. */
export function ArticleListPage({ kind, data }: { kind: 'blog' | 'tutorial'; data: ArticleListData }) {
  const { t } = useTranslation();
  const key = LIST_KEYS[kind];
  return (
    <div className="articles">
      <div className="articles__head">
        <div>
          <h1>{t(`site.pages.${key}.title`)}</h1>
          <p>{t(`site.pages.${key}.description`)}</p>
        </div>
        {kind === 'blog' ? (
          <a href="/blogs/rss.xml" className="articles__rss">
            {t('site.articles.rss')}
          </a>
        ) : null}
      </div>
      <ArticleCards items={data.items} kind={kind} />
      <ArticlePager page={data.page} pageSize={data.pageSize} total={data.total} path={ARTICLE_PATHS[kind]} />
    </div>
  );
}

export function listMeta(matches: TitleMatches, kind: 'blog' | 'tutorial'): MetaDescriptor[] {
  return [
    ...siteMeta(matches, { key: LIST_KEYS[kind] }),
    ...(kind === 'blog'
      ? [{ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', href: '/blogs/rss.xml' } as MetaDescriptor]
      : []),
  ];
}

/** One article of any kind, with the way back to its list. */
export function ArticlePage({ kind, data }: { kind: ArticleKind; data: ArticleData }) {
  const { t } = useTranslation();
  return (
    <ArticleView
      article={data.article}
      backTo={ARTICLE_PATHS[kind]}
      backLabel={t(`site.pages.${LIST_KEYS[kind]}.title`)}
    />
  );
}

/** An article's title, description and link preview, and its JSON-LD (schema.org Article). */
export function articleMeta(matches: TitleMatches, data: ArticleData | undefined): MetaDescriptor[] {
  if (!data) return [];
  const { article, origin } = data;
  const image = article.coverUrl ? `${origin}${article.coverUrl}` : null;
  return [
    ...siteMeta(matches, { title: article.title, description: article.summary, image, type: 'article' }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': article.kind === 'help' ? 'TechArticle' : 'Article',
        headline: article.title,
        description: article.summary,
        inLanguage: article.language,
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        ...(image ? { image } : {}),
        ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
        publisher: { '@type': 'Organization', name: 'Shop builder' },
        ...(article.videoEmbedUrl
          ? { video: { '@type': 'VideoObject', embedUrl: article.videoEmbedUrl, name: article.title } }
          : {}),
      },
    },
  ];
}
