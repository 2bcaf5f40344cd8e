import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { Group, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { DASHBOARD_MAX_DAYS, daysInRange, todayIn } from '@shop/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingChoices } from '../../ui/scrolling-choices';
import { longDay } from './format';
import { type DashboardRange, PRESETS, type Preset, presetRange } from './range';

type Days = [string | null, string | null];

/**
 * The period of the figures: today, the last 7, 30 or 90 days (ending today in the owner's time
 * zone), or two days of one's choice — month names of the interface language, Monday first.
 */
export function RangePicker({
  range,
  timeZone,
  onChange,
}: {
  range: DashboardRange;
  timeZone: string;
  onChange: (range: DashboardRange) => void;
}) {
  const { t, i18n } = useTranslation();
  const [custom, setCustom] = useState(range.preset === 'custom');
  const [days, setDays] = useState<Days>([range.startDate, range.endDate]);
  useEffect(() => {
    setDays([range.startDate, range.endDate]);
    if (range.preset === 'custom') setCustom(true);
  }, [range.startDate, range.endDate, range.preset]);

  const tooLong = Boolean(days[0] && days[1] && daysInRange(days[0], days[1]) > DASHBOARD_MAX_DAYS);
  const choose = (value: string) => {
    if (value === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    onChange(presetRange(value as Preset, timeZone));
  };
  const pick = (next: Days) => {
    setDays(next);
    const [start, end] = next;
    if (start && end && daysInRange(start, end) <= DASHBOARD_MAX_DAYS) {
      onChange({ preset: 'custom', startDate: start, endDate: end });
    }
  };

  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="dashboard-range">
      <ScrollingChoices
        value={custom ? 'custom' : range.preset}
        onChange={choose}
        aria-label={t('dashboard.range.label')}
        data={[...PRESETS, 'custom'].map((value) => ({ value, label: t(`dashboard.range.${value}`) }))}
        data-testid="dashboard-range-presets"
      />
      {custom && (
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            aria-label={t('dashboard.range.pick')}
            placeholder={t('dashboard.range.pick')}
            value={days}
            onChange={(next) => pick(next as Days)}
            maxDate={todayIn(timeZone)}
            valueFormat="D MMM YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            error={tooLong ? t('messages:rangeTooLong') : undefined}
            w={{ base: '100%', xs: 260 }}
            data-testid="dashboard-range-custom"
          />
        </DatesProvider>
      )}
      {!custom && (
        <Text size="sm" c="dimmed" mt={6} data-testid="dashboard-range-days">
          {range.startDate === range.endDate
            ? longDay(range.startDate)
            : t('dashboard.range.days', { start: longDay(range.startDate), end: longDay(range.endDate) })}
        </Text>
      )}
    </Group>
  );
}
