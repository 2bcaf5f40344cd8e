import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEditorMarket } from '../../features/catalog/market-param';
import { POPUPS_PATH, PopupForm } from '../../features/discounts/popup-form';
import { discountQuery } from '../../features/discounts/queries';
import { ApiError } from '../../lib/api';
import { panelTitle } from '../../lib/panel-title';
import { LoadError, PageHeader } from '../../ui/panel';
import type { Route } from './+types/edit-pop-up';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.editPopup');

/** What the editor says when the address names no pop-up of this store: gone, as a 404 would. */
const notFound = new ApiError('NOT_FOUND', 404, 'Not found');

export default function EditPopup({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const marketId = useEditorMarket(params.marketId, POPUPS_PATH);
  const discount = useQuery(discountQuery(params.id));
  const back = { to: POPUPS_PATH, label: t('discounts.popups.title') };
  // Another kind under this address (a bundle's id) is not a pop-up to edit here.
  const popup = discount.data?.kind === 'popup' && discount.data.marketId === marketId ? discount.data : undefined;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={popup?.title ?? t('discounts.popups.form.editTitle')}
        subtitle={t('discounts.popups.form.editSubtitle')}
        back={back}
        testId="popup-form-title"
      />
      {discount.isError || (discount.data && !popup) ? (
        <LoadError error={discount.error ?? notFound} onRetry={() => void discount.refetch()} back={back} />
      ) : !popup ? (
        <Paper withBorder radius="lg" p="xl" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} mb="lg" />
          <Skeleton h={160} />
        </Paper>
      ) : (
        <PopupForm key={popup.id} marketId={marketId} popup={popup} />
      )}
    </Stack>
  );
}
