import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { limits, type MarketView, type UpdateMarketInput, updateMarketSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { MarketNameInput } from './market-name-input';
import { useUpdateMarket } from './queries';
import { SectorSelect } from './sector-select';

type StoreValues = {
  name: string;
  /** The Select's value: the sector id as text. */
  sectorId: string | null;
  logoUrl: string | null;
  description: string;
};

const valuesOf = (market: MarketView): StoreValues => ({
  name: market.name,
  sectorId: String(market.sectorId),
  logoUrl: market.logoUrl,
  description: market.description ?? '',
});

/** The store's own settings (SPEC §3 Market: name, sector, logo, description) → PUT /Market/update-store. */
export function StoreSettingsForm({ market }: { market: MarketView }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const update = useUpdateMarket();
  const resolve = localizedResolver(updateMarketSchema, t);
  const form = useForm<StoreValues>({
    initialValues: valuesOf(market),
    validateInputOnChange: ['name', 'description'],
    validate: (values) =>
      resolve({
        id: market.id,
        name: values.name,
        sectorId: values.sectorId ? Number(values.sectorId) : undefined,
        logoUrl: values.logoUrl,
        description: values.description,
      }),
  });

  const submit = form.onSubmit((values) => {
    const changes: UpdateMarketInput = { id: market.id };
    if (form.isDirty('name')) changes.name = values.name.trim();
    if (form.isDirty('sectorId')) changes.sectorId = Number(values.sectorId);
    if (form.isDirty('logoUrl')) changes.logoUrl = values.logoUrl;
    if (form.isDirty('description')) changes.description = values.description;
    update.mutate(changes, {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        // The saved values are the new baseline: nothing is dirty, Discard returns here.
        form.setValues(next);
        form.resetDirty(next);
        notice(t('cp.general.saved'));
      },
      onError: (error) => {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  const name = form.getInputProps('name');
  const descriptionLength = form.values.description.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <MarketNameInput
            value={form.values.name}
            onChange={(value) => form.setFieldValue('name', value)}
            onBlur={name.onBlur}
            error={name.error}
            testId="market-name"
          />
          <SectorSelect data-testid="market-sector" {...form.getInputProps('sectorId')} />
          <ImageUpload
            label={t('cp.markets.logo')}
            value={form.values.logoUrl}
            onChange={(url) => form.setFieldValue('logoUrl', url)}
            testId="market-logo"
          />
          <Textarea
            label={t('cp.general.description')}
            description={t('cp.general.descriptionHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={4}
            maxRows={12}
            data-testid="market-description"
            {...form.getInputProps('description')}
          />
          <Text size="xs" c={descriptionLength > limits.marketDescription.max ? 'red' : 'dimmed'} mt={-12} ta="right">
            {t('cp.general.descriptionCount', { count: descriptionLength, max: limits.marketDescription.max })}
          </Text>
          <Group justify="flex-end">
            <Button
              type="button"
              variant="default"
              disabled={!form.isDirty() || update.isPending}
              onClick={() => form.reset()}
            >
              {t('cp.general.discard')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="general-save">
              {t('cp.general.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
