import { ArticlePage, articleMeta } from '../../features/site/article-pages';
import { loadArticle } from '../../features/site/articles.server';
import type { Route } from './+types/help-article';

/** A help centre article; only a published one is found. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadArticle(context, request, 'help', params.id);
}

export function meta({ matches, data }: Route.MetaArgs) {
  return articleMeta(matches, data);
}

export default function HelpArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePage kind="help" data={loaderData} />;
}
