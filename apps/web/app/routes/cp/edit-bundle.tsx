import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorMarket } from '../../features/catalog/market-param';
import { ProductPicker } from '../../features/catalog/product-picker';
import { BundleEditForm } from '../../features/discounts/bundle-form';
import { BUNDLES_PATH } from '../../features/discounts/bundle-values';
import { discountQuery } from '../../features/discounts/queries';
import { ApiError } from '../../lib/api';
import { panelTitle } from '../../lib/panel-title';
import { LoadError, PageHeader } from '../../ui/panel';
import type { Route } from './+types/edit-bundle';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.editBundle');

/** What the editor says when the address names no bundle of this store: gone, as a 404 would. */
const notFound = new ApiError('NOT_FOUND', 404, 'Not found');

/** SPEC §2 cp/edit-bundle/{marketId}/{id}. */
export default function EditBundle({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const marketId = useEditorMarket(params.marketId, BUNDLES_PATH);
  const discount = useQuery(discountQuery(params.id));
  const back = { to: BUNDLES_PATH, label: t('bundles.title') };
  // Another kind under this address (a pop-up's id) is not a bundle to edit here.
  const bundle = discount.data?.kind === 'bundle' && discount.data.marketId === marketId ? discount.data : undefined;
  const gone = (discount.error instanceof ApiError && discount.error.status === 404) || (discount.data && !bundle);

  let body: ReactNode;
  if (gone) {
    body = <LoadError error={notFound} onRetry={() => void discount.refetch()} back={back} />;
  } else if (discount.isError) {
    body = (
      <Paper withBorder radius="lg" p="xl" role="alert" data-testid="load-error">
        <Stack align="center" gap="sm">
          <Text c="red.8" fw={600}>
            {t('messages:BUNDLE_LOAD_FAILED')}
          </Text>
          <Button variant="light" onClick={() => void discount.refetch()}>
            {t('catalog.common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (!bundle) {
    body = (
      <Paper withBorder radius="lg" p="xl" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} mb="lg" />
        <Skeleton h={160} />
      </Paper>
    );
  } else {
    body = (
      <BundleEditForm
        key={bundle.id}
        marketId={marketId}
        bundle={bundle}
        picker={(props) => <ProductPicker marketId={marketId} {...props} />}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={bundle?.name ?? t('bundles.form.editTitle')}
        subtitle={t('bundles.form.editSubtitle')}
        back={back}
        testId="bundle-form-title"
      />
      {body}
    </Stack>
  );
}
