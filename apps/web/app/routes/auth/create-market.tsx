import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createMarketSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchSignedIn } from '../../features/account/queries';
import { MarketNameInput } from '../../features/markets/market-name-input';
import { marketsQuery, useCreateMarket } from '../../features/markets/queries';
import { SectorSelect } from '../../features/markets/sector-select';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { PageLoader } from '../../ui/page-loader';
import type { Route } from './+types/create-market';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.createMarket', { noindex: true });

/** Signed-in only; whether the owner already has stores decides the way back. */
export async function clientLoader() {
  const markets = await fetchSignedIn(marketsQuery);
  return { hasMarkets: markets.length > 0 };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader inline />;
}

type CreateValues = {
  name: string;
  /** The Select's value: the sector id as text. */
  sectorId: string | null;
  logoUrl: string | null;
};

/** A new store: logo (optional), name and sector (SPEC §2, §5) → POST /Market/create-store. */
export default function CreateMarket({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const create = useCreateMarket();
  const resolve = localizedResolver(createMarketSchema, t);
  const toInput = (values: CreateValues) => ({
    name: values.name.trim(),
    sectorId: values.sectorId ? Number(values.sectorId) : undefined,
    ...(values.logoUrl ? { logoUrl: values.logoUrl } : {}),
  });
  const form = useForm<CreateValues>({
    initialValues: { name: '', sectorId: null, logoUrl: null },
    validateInputOnChange: ['name'],
    validate: (values) => resolve(toInput(values)),
  });

  const submit = form.onSubmit((values) => {
    const { sectorId, ...rest } = toInput(values);
    if (sectorId === undefined) return;
    create.mutate(
      { ...rest, sectorId },
      {
        onSuccess: () => void navigate('/create-market-finish'),
        onError: (error) => {
          const fields = fieldErrors(error, t);
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
        },
      },
    );
  });

  const name = form.getInputProps('name');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('cp.markets.create.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('cp.markets.create.text')}
          </Text>
        </div>
        <ImageUpload
          label={t('cp.markets.logo')}
          description={t('cp.markets.create.logoHint')}
          value={form.values.logoUrl}
          onChange={(url) => form.setFieldValue('logoUrl', url)}
          testId="market-logo"
        />
        <MarketNameInput
          value={form.values.name}
          onChange={(value) => form.setFieldValue('name', value)}
          onBlur={name.onBlur}
          error={name.error}
          testId="market-name"
        />
        <SectorSelect data-testid="market-sector" {...form.getInputProps('sectorId')} />
        <Button type="submit" fullWidth mt="xs" loading={create.isPending} data-testid="create-market-submit">
          {t('cp.markets.create.submit')}
        </Button>
        {loaderData.hasMarkets && (
          <Anchor component={Link} to="/choose-market" size="sm" ta="center">
            {t('cp.markets.create.backToStores')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
