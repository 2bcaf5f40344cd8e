import { ArticleListPage, listMeta } from '../../features/site/article-pages';
import { loadArticleList } from '../../features/site/articles.server';
import type { Route } from './+types/blogs';

/** The platform's blog (SPEC §2 blogs): posts in the reader's language, newest first. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadArticleList(context, request, 'blog');
}

export function meta({ matches }: Route.MetaArgs) {
  return listMeta(matches, 'blog');
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage kind="blog" data={loaderData} />;
}
