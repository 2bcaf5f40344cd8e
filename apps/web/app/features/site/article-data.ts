import type { Article, ArticleKind, ArticleSummary } from '@shop/shared';

/** An article with its publishing date written out for the reader (articles.server.ts). */
export type DatedSummary = ArticleSummary & { date: string | null };
export type DatedArticle = Article & { date: string | null };

/** Where each kind's list and articles live on the site. */
export const ARTICLE_PATHS: Record<ArticleKind, string> = {
  blog: '/blogs',
  tutorial: '/tutorials',
  help: '/help-center',
};
