import { Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, PAYOUT_PERIODS, type PayoutPeriod } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { payoutSettingsQuery, useSavePayoutPeriod } from './queries';

/** How often the store is paid out: a choice saved as it is made. */
export function PayoutSchedule({ marketId }: { marketId: string }) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const settings = useQuery(payoutSettingsQuery(marketId));
  const save = useSavePayoutPeriod(marketId);
  const choose = (value: string) =>
    save.mutate(value as PayoutPeriod, {
      onSuccess: (saved) =>
        notice(t('payouts.schedule.saved', { period: t(`payouts.schedule.${saved.period}.inSentence`) })),
      onError: (error) => notice(errorText(error, t), 'error'),
    });
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="payout-schedule-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="payout-schedule-title">
            {t('payouts.schedule.title')}
          </Title>
          {settings.data && (
            <Text size="sm" c="dimmed" maw={720}>
              {t('payouts.schedule.subtitle', { minimum: formatMoney(settings.data.minimum, i18n.language) })}
            </Text>
          )}
        </div>
        {settings.isPending ? (
          <Skeleton h={96} radius="md" aria-busy="true" aria-label={t('common.loading')} />
        ) : settings.isError ? (
          <Text c="red.8" role="alert">
            {errorText(settings.error, t)}
          </Text>
        ) : (
          <Radio.Group
            value={save.isPending ? save.variables : settings.data.period}
            onChange={choose}
            aria-labelledby="payout-schedule-title"
            data-testid="payout-period"
          >
            <Stack gap="sm">
              {PAYOUT_PERIODS.map((period) => (
                <Radio
                  key={period}
                  value={period}
                  disabled={save.isPending}
                  label={t(`payouts.schedule.${period}.label`)}
                  description={t(`payouts.schedule.${period}.about`)}
                  data-testid={`payout-period-${period}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
