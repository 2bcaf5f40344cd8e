import { Paper, Skeleton, Table, Title } from '@mantine/core';
import type { Dashboard } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, formatPercent, longDay } from './format';

/** Every day of the range, newest first: paid orders, revenue, sessions, conversion. */
export function DailyTable({ dashboard, language }: { dashboard: Dashboard | undefined; language: string }) {
  const { t } = useTranslation();
  const days = [...(dashboard?.days ?? [])].reverse();
  const number = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="daily-title">
      <Title order={2} size="h4" id="daily-title" mb="sm">
        {t('dashboard.daily.title')}
      </Title>
      {dashboard ? (
        <Table.ScrollContainer minWidth={560} mah={480}>
          <Table striped stickyHeader verticalSpacing={6} data-testid="daily-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.daily.date')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.metrics.orders')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.metrics.revenue')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.metrics.sessions')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.metrics.conversionRate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date} data-testid="daily-row" data-date={day.date}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{longDay(day.date)}</Table.Td>
                  <Table.Td {...number}>{formatCount(day.orders, language)}</Table.Td>
                  <Table.Td {...number}>{formatMoney(day.revenue, language)}</Table.Td>
                  <Table.Td {...number}>{formatCount(day.sessions, language)}</Table.Td>
                  <Table.Td {...number}>
                    {formatPercent(day.sessions ? day.orders / day.sessions : null, language, 2)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Skeleton h={240} />
      )}
    </Paper>
  );
}
