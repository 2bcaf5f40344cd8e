import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_REFUND_STATES, type Dashboard, FULFILLMENT_STATUSES } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format';

const COLORS: Record<string, string> = {
  paid: 'teal',
  partiallyRefunded: 'orange',
  refunded: 'red',
  unfulfilled: 'yellow',
  partial: 'cyan',
  fulfilled: 'teal',
};

function Bars({
  title,
  kind,
  counts,
  language,
}: {
  title: string;
  kind: 'refund' | 'fulfillment';
  counts: Record<string, number>;
  language: string;
}) {
  const { t } = useTranslation();
  const statuses = kind === 'refund' ? DASHBOARD_REFUND_STATES : FULFILLMENT_STATUSES;
  const total = statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return (
    <Stack gap="sm" data-testid={`status-${kind}`}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {statuses.map((status) => {
        const n = counts[status] ?? 0;
        return (
          <div key={status} data-testid={`status-${kind}-${status}`} data-count={n}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm">{t(`dashboard.${kind}.${status}`)}</Text>
              <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(n, language)}
              </Text>
            </Group>
            <Progress value={total ? (n / total) * 100 : 0} color={COLORS[status]} size="sm" aria-hidden />
          </div>
        );
      })}
    </Stack>
  );
}

/** The range's paid orders (the dashboard's one set), by where they stand now: refunds and fulfilment. */
export function StatusBreakdown({ dashboard, language }: { dashboard: Dashboard | undefined; language: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="status-title">
      <Title order={2} size="h4" id="status-title" mb="md">
        {t('dashboard.status.title')}
      </Title>
      {dashboard ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Bars
            title={t('dashboard.status.refund')}
            kind="refund"
            counts={dashboard.ordersByRefund}
            language={language}
          />
          <Bars
            title={t('dashboard.status.fulfillment')}
            kind="fulfillment"
            counts={dashboard.ordersByFulfillmentStatus}
            language={language}
          />
        </SimpleGrid>
      ) : (
        <Skeleton h={200} />
      )}
    </Paper>
  );
}
