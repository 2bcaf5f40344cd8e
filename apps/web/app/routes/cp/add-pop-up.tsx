import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POPUPS_PATH, PopupForm } from '../../features/discounts/popup-form';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/add-pop-up';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.addPopup');

export default function AddPopup() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('discounts.popups.form.addTitle')}
        subtitle={t('discounts.popups.form.addSubtitle')}
        back={{ to: POPUPS_PATH, label: t('discounts.popups.title') }}
        testId="popup-form-title"
      />
      {/* A switch of store starts a fresh form for that store. */}
      <PopupForm key={market.id} marketId={market.id} />
    </Stack>
  );
}
