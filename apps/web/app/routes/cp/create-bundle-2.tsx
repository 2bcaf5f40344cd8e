import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BundleStepTwo } from '../../features/discounts/bundle-create';
import { BUNDLES_PATH } from '../../features/discounts/bundle-values';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/create-bundle-2';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.createBundle');

/** SPEC §2 cp/create-bundle-2: the new bundle's texts and looks, then saved. */
export default function CreateBundleStepTwo() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('bundles.form.createTitle')}
        subtitle={t('bundles.form.lookSubtitle')}
        back={{ to: BUNDLES_PATH, label: t('bundles.title') }}
        testId="bundle-form-title"
      />
      <BundleStepTwo key={market.id} marketId={market.id} />
    </Stack>
  );
}
