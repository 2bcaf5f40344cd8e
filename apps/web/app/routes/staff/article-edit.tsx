import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArticleForm } from '../../features/staff/article-form';
import { staffArticleQuery } from '../../features/staff/article-queries';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import { LoadError } from '../../ui/panel';
import type { Route } from './+types/article-edit';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.editArticle');

/** An article opened for editing: read first, then its form. */
export default function StaffArticleEdit({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useStaffArea();
  const article = useQuery(staffArticleQuery(params.id));
  if (article.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={480} radius="lg" />
      </Stack>
    );
  }
  if (article.isError) {
    return (
      <LoadError
        error={article.error}
        onRetry={() => article.refetch()}
        back={{ to: '/staff/articles', label: t('staff.article.backToList') }}
      />
    );
  }
  // Another article is another form: its values and its guard start afresh.
  return <ArticleForm key={params.id} article={article.data} timeZone={user.timeZone} />;
}
