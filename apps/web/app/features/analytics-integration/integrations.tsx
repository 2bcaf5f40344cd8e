import { Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ANALYTICS, ANALYTICS_KINDS } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { PixelCard } from './pixel-card';
import { analyticsIdsQuery } from './queries';

/** The four analytics services of SPEC §2 (Meta pixel, Yandex Metrika, Google Analytics, Clarity). */
export function AnalyticsIntegrations({ marketId }: { marketId: string }) {
  const { t } = useTranslation();
  const ids = useQuery(analyticsIdsQuery(marketId));

  if (ids.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t('common.loading')}>
        {ANALYTICS_KINDS.map((kind) => (
          <Skeleton key={kind} h={300} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (ids.isError) {
    return (
      <Paper withBorder radius="lg" p="xl" role="alert" data-testid="load-error">
        <Stack align="center" gap="sm">
          <Text>{t('analytics.integration.loadFailed')}</Text>
          <Text size="sm" c="red.8">
            {errorText(ids.error, t)}
          </Text>
          <Button variant="light" onClick={() => void ids.refetch()}>
            {t('analytics.integration.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {ANALYTICS_KINDS.map((kind) => (
        <PixelCard key={kind} kind={kind} marketId={marketId} savedId={ids.data[ANALYTICS[kind].field]} />
      ))}
    </SimpleGrid>
  );
}
