import type { ArticleKind, Deleted, Language, SaveArticleInput, StaffArticle, StaffArticlePage } from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** What the writing list asks for: the URL's view. */
export interface StaffArticlesQuery {
  kind: ArticleKind;
  language: Language | null;
  page: number;
  pageSize: number;
}

const articlesKey = [...tags.staff, 'articles'] as const;

export const articleKeys = {
  lists: [...articlesKey, 'list'] as const,
  list: (query: StaffArticlesQuery) => [...articlesKey, 'list', query] as const,
  one: (id: string) => [...articlesKey, 'one', id] as const,
};

/** GET /Staff/articles: a page of one kind, drafts included (the previous page stays while the next loads). */
export const staffArticlesQuery = (query: StaffArticlesQuery) =>
  queryOptions({
    queryKey: articleKeys.list(query),
    queryFn: () => {
      const params = new URLSearchParams({
        kind: query.kind,
        page: String(query.page),
        pageSize: String(query.pageSize),
      });
      if (query.language) params.set('language', query.language);
      return apiGet<StaffArticlePage>(`/Staff/articles?${params}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET /Staff/articles/{id}: one article with its text, draft or not. */
export const staffArticleQuery = (id: string) =>
  queryOptions({
    queryKey: articleKeys.one(id),
    queryFn: () => apiGet<StaffArticle>(`/Staff/articles/${id}`),
  });

/**
 * POST /Staff/articles or PUT /Staff/articles/{id}. The answer is the article as the editor opens
 * it next (a new one's page shows it at once, without asking again); the lists follow.
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveArticleInput }) =>
      id
        ? api<StaffArticle>('PUT', `/Staff/articles/${id}`, input)
        : api<StaffArticle>('POST', '/Staff/articles', input),
    onSuccess: (article) => {
      queryClient.setQueryData(articleKeys.one(article.id), article);
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists });
    },
  });
}

/** DELETE /Staff/articles/{id}: gone from the site and from the lists. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/Staff/articles/${id}`),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: articleKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists });
    },
  });
}
