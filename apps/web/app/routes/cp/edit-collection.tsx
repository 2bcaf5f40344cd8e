import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COLLECTIONS_PATH, CollectionForm } from '../../features/catalog/collection-form';
import { useEditorMarket } from '../../features/catalog/market-param';
import { pickedOf } from '../../features/catalog/product-picker';
import { collectionMembersQuery, collectionQuery } from '../../features/catalog/queries';
import { panelTitle } from '../../lib/panel-title';
import { LoadError, PageHeader } from '../../ui/panel';
import type { Route } from './+types/edit-collection';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.editCollection');

export default function EditCollection({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const marketId = useEditorMarket(params.marketId, COLLECTIONS_PATH);
  const collection = useQuery(collectionQuery(marketId, params.id));
  // Only the collection's own products, for their titles and pictures.
  const members = useQuery({ ...collectionMembersQuery(marketId, params.id), enabled: collection.isSuccess });
  const back = { to: COLLECTIONS_PATH, label: t('catalog.collections.title') };
  const failed = collection.error ?? members.error;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={collection.data?.title ?? t('catalog.collections.form.editTitle')}
        subtitle={t('catalog.collections.form.editSubtitle')}
        back={back}
        testId="collection-form-title"
      />
      {failed ? (
        <LoadError
          error={failed}
          onRetry={() => void (collection.isError ? collection.refetch() : members.refetch())}
          back={back}
        />
      ) : !collection.data || !members.data ? (
        <Paper withBorder radius="lg" p="xl" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} mb="lg" />
          <Skeleton h={160} />
        </Paper>
      ) : (
        <CollectionForm
          key={collection.data.id}
          marketId={marketId}
          collection={collection.data}
          members={members.data.map(pickedOf)}
        />
      )}
    </Stack>
  );
}
