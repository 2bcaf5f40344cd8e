import {
  type Article,
  type ArticleKind,
  type ArticlePage,
  isUuid,
  type Language,
  type StorefrontLoadContext,
} from '@shop/shared';
import { data } from 'react-router';
import { publishedOn } from '../../lib/published-on.server';
import { requestLanguage } from '../../lib/request-language';
import type { DatedArticle, DatedSummary } from './article-data';
import type { ArticleData, ArticleListData } from './article-pages';

export function datedPage(
  page: ArticlePage,
  language: Language,
): Omit<ArticlePage, 'items'> & { items: DatedSummary[] } {
  return { ...page, items: page.items.map((item) => ({ ...item, date: publishedOn(item.publishedAt, language) })) };
}

export function datedArticle(article: Article, language: Language): DatedArticle {
  return { ...article, date: publishedOn(article.publishedAt, language) };
}

/** The page number of a list's URL (?page=), 1 for anything else. */
export function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** A list route's loader: the kind's published articles in the reader's language, a page at a time. */
export async function loadArticleList(
  context: StorefrontLoadContext,
  request: Request,
  kind: 'blog' | 'tutorial',
): Promise<ArticleListData> {
  const language = requestLanguage(request);
  const page = await context.site.articles(kind, language, { page: pageOf(new URL(request.url)) });
  return datedPage(page, language);
}

/** An article route's loader: the published article of the kind, or a 404. */
export async function loadArticle(
  context: StorefrontLoadContext,
  request: Request,
  kind: ArticleKind,
  id: string | undefined,
): Promise<ArticleData> {
  const found = id && isUuid(id) ? await context.site.article(kind, id) : null;
  if (!found) throw data(null, { status: 404 });
  return { article: datedArticle(found, requestLanguage(request)), origin: context.origin };
}
