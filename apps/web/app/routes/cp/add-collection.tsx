import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COLLECTIONS_PATH, CollectionForm } from '../../features/catalog/collection-form';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/add-collection';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.addCollection');

export default function AddCollection() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('catalog.collections.form.addTitle')}
        subtitle={t('catalog.collections.form.addSubtitle')}
        back={{ to: COLLECTIONS_PATH, label: t('catalog.collections.title') }}
        testId="collection-form-title"
      />
      {/* A switch of store starts a fresh form for that store. */}
      <CollectionForm key={market.id} marketId={market.id} />
    </Stack>
  );
}
