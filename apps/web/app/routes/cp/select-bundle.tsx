import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BundleTemplateGallery } from '../../features/discounts/bundle-templates';
import { BUNDLES_PATH } from '../../features/discounts/bundle-values';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/select-bundle';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.selectBundle');

/** SPEC §2 cp/select-bundle: the bundle's look, chosen from the three shown on sample products. */
export default function SelectBundle() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('bundles.select.title')}
        subtitle={t('bundles.select.subtitle')}
        back={{ to: BUNDLES_PATH, label: t('bundles.title') }}
        testId="select-bundle-title"
      />
      <BundleTemplateGallery />
    </Stack>
  );
}
