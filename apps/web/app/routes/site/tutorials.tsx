import { ArticleListPage, listMeta } from '../../features/site/article-pages';
import { loadArticleList } from '../../features/site/articles.server';
import type { Route } from './+types/tutorials';

/** The platform's tutorials (SPEC §2 tutorials) in the reader's language, newest first. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadArticleList(context, request, 'tutorial');
}

export function meta({ matches }: Route.MetaArgs) {
  return listMeta(matches, 'tutorial');
}

export default function Tutorials({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage kind="tutorial" data={loaderData} />;
}
