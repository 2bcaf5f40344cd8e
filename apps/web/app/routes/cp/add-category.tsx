import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CATEGORIES_PATH, CategoryForm } from '../../features/catalog/category-form';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import { PageHeader } from '../../ui/panel';
import type { Route } from './+types/add-category';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.addCategory');

export default function AddCategory() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t('catalog.categories.form.addTitle')}
        subtitle={t('catalog.categories.form.addSubtitle')}
        back={{ to: CATEGORIES_PATH, label: t('catalog.categories.title') }}
        testId="category-form-title"
      />
      {/* A switch of store starts a fresh form for that store. */}
      <CategoryForm key={market.id} marketId={market.id} />
    </Stack>
  );
}
