import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORIES_PATH, CategoryForm } from '../../features/catalog/category-form';
import { useEditorMarket } from '../../features/catalog/market-param';
import { categoryQuery } from '../../features/catalog/queries';
import { panelTitle } from '../../lib/panel-title';
import { LoadError, PageHeader } from '../../ui/panel';
import type { Route } from './+types/edit-category';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.editCategory');

export default function EditCategory({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const marketId = useEditorMarket(params.marketId, CATEGORIES_PATH);
  const category = useQuery(categoryQuery(marketId, params.id));
  const back = { to: CATEGORIES_PATH, label: t('catalog.categories.title') };

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={category.data?.name ?? t('catalog.categories.form.editTitle')}
        subtitle={t('catalog.categories.form.editSubtitle')}
        back={back}
        testId="category-form-title"
      />
      {category.isPending ? (
        <Paper withBorder radius="lg" p="xl" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} mb="lg" />
          <Skeleton h={120} />
        </Paper>
      ) : category.isError ? (
        <LoadError error={category.error} onRetry={() => void category.refetch()} back={back} />
      ) : (
        // Keyed by the saved copy: another item, or the same one saved elsewhere, starts afresh.
        <CategoryForm key={category.data.id} marketId={marketId} category={category.data} />
      )}
    </Stack>
  );
}
