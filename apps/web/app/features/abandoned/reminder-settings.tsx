import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { abandonedLimits } from '@shop/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { DELAY_UNITS, type DelayUnit, splitDelay } from './list-params';
import { useSaveReminderSettings } from './queries';

/**
 * The reminder e-mail of abandoned checkouts: on or off, and after how long. The saved value
 * comes with the list (`reminderMinutes`); the form starts from it and again after saving.
 */
export function ReminderSettings({ marketId, saved }: { marketId: string; saved: number | null | undefined }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveReminderSettings();
  const initial = splitDelay(saved ?? abandonedLimits.defaultMinutes);
  const [enabled, setEnabled] = useState(saved !== null);
  const [amount, setAmount] = useState<number | string>(initial.amount);
  const [unit, setUnit] = useState<DelayUnit>(initial.unit);
  const [error, setError] = useState<string | null>(null);

  // The saved setting arrived (or changed elsewhere): the form shows it.
  useEffect(() => {
    if (saved === undefined) return;
    const next = splitDelay(saved ?? abandonedLimits.defaultMinutes);
    setEnabled(saved !== null);
    setAmount(next.amount);
    setUnit(next.unit);
  }, [saved]);

  const minutes = typeof amount === 'number' ? amount * DELAY_UNITS[unit] : Number.NaN;
  const reminderMinutes = enabled ? minutes : null;
  const changed = saved !== undefined && reminderMinutes !== saved;
  const valid = !enabled || (Number.isInteger(minutes) && minutes >= 0 && minutes <= abandonedLimits.maxMinutes);

  const submit = () => {
    setError(null);
    if (!valid) {
      setError(t('abandoned.settings.invalid'));
      return;
    }
    save.mutate(
      { marketId, reminderMinutes },
      {
        onSuccess: () => notice(t('abandoned.settings.saved')),
        onError: (failure) => {
          const fields = fieldErrors(failure, t);
          if (fields.reminderMinutes) setError(fields.reminderMinutes);
          else notice(errorText(failure, t), 'error');
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="reminder-settings">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMailForward size={20} aria-hidden />
          <Title order={2} size="h5">
            {t('abandoned.settings.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('abandoned.settings.text')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Switch
            label={t('abandoned.settings.enabled')}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            disabled={saved === undefined}
            data-testid="reminder-enabled"
            mb={8}
          />
          <NumberInput
            label={t('abandoned.settings.after')}
            value={amount}
            onChange={setAmount}
            min={0}
            max={Math.floor(abandonedLimits.maxMinutes / DELAY_UNITS[unit])}
            allowDecimal={false}
            allowNegative={false}
            disabled={!enabled || saved === undefined}
            error={error}
            w={120}
            data-testid="reminder-amount"
          />
          <Select
            aria-label={t('abandoned.settings.unit')}
            data={(Object.keys(DELAY_UNITS) as DelayUnit[]).map((u) => ({
              value: u,
              label: t(`abandoned.settings.units.${u}`),
            }))}
            value={unit}
            onChange={(value) => value && setUnit(value as DelayUnit)}
            allowDeselect={false}
            disabled={!enabled || saved === undefined}
            w={130}
            data-testid="reminder-unit"
          />
          <Button onClick={submit} loading={save.isPending} disabled={!changed} data-testid="reminder-save">
            {t('abandoned.settings.save')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {enabled ? t('abandoned.settings.onHint') : t('abandoned.settings.offHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
