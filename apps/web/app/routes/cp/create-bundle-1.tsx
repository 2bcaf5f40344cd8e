import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProductPicker } from '../../features/catalog/product-picker';
import { BundleStepOne } from '../../features/discounts/bundle-create';
import { BUNDLES_PATH, isTemplate } from '../../features/discounts/bundle-values';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/create-bundle-1';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.createBundle');

/** SPEC §2 cp/create-bundle-1: the new bundle's products, discount and end. */
export default function CreateBundleStepOne() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  const [search] = useSearchParams();
  const template = search.get('template');
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('bundles.form.createTitle')}
        subtitle={t('bundles.form.dealSubtitle')}
        back={{ to: BUNDLES_PATH, label: t('bundles.title') }}
        testId="bundle-form-title"
      />
      {/* A switch of store, or another template chosen, starts the step again. */}
      <BundleStepOne
        key={`${market.id}-${template}`}
        marketId={market.id}
        template={isTemplate(template) ? template : null}
        picker={(props) => <ProductPicker marketId={market.id} {...props} />}
      />
    </Stack>
  );
}
