import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Range = [string | null, string | null];

/**
 * A range of days (YYYY-MM-DD) for a list filter: the month names of the interface language,
 * Monday first. Only a finished range (or a cleared one) is handed on, so choosing the first day
 * doesn't reload the list.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  label,
  placeholder,
  clearLabel,
  testId,
}: {
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const [value, setValue] = useState<Range>([from, to]);
  useEffect(() => setValue([from, to]), [from, to]);
  const change = (next: Range) => {
    setValue(next);
    const [start, end] = next;
    if ((start && end) || (!start && !end)) onChange(start, end);
  };
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(next) => change(next as Range)}
        valueFormat="D MMM YYYY"
        clearable
        clearButtonProps={{ 'aria-label': clearLabel }}
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: '100%', xs: 260 }}
        data-testid={testId}
      />
    </DatesProvider>
  );
}
