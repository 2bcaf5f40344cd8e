import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ANALYTICS, type AnalyticsKind, addAnalyticsIdSchemas } from '@shop/shared';
import {
  type Icon,
  IconBrandGoogleAnalytics,
  IconBrandMeta,
  IconBrandWindows,
  IconBrandYandex,
  IconExternalLink,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { useRemoveAnalyticsId, useSaveAnalyticsId } from './queries';

/** What the screen shows of each service besides its texts: its mark and where its id lives. */
const SERVICES: Record<AnalyticsKind, { icon: Icon; color: string; console: string }> = {
  facebook: { icon: IconBrandMeta, color: 'blue', console: 'https://business.facebook.com/events_manager2' },
  yandex: { icon: IconBrandYandex, color: 'red', console: 'https://metrika.yandex.ru/list' },
  google: { icon: IconBrandGoogleAnalytics, color: 'orange', console: 'https://analytics.google.com/' },
  clarity: { icon: IconBrandWindows, color: 'cyan', console: 'https://clarity.microsoft.com/projects' },
};

/** One service: its id, saved with POST /Market/add-…-id and removed with DELETE. */
export function PixelCard({
  kind,
  marketId,
  savedId,
}: {
  kind: AnalyticsKind;
  marketId: string;
  savedId: string | null;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const { field } = ANALYTICS[kind];
  const { icon: ServiceIcon, color, console: consoleUrl } = SERVICES[kind];
  const service = t(`analytics.integration.kinds.${kind}.name`);
  const save = useSaveAnalyticsId(kind);
  const remove = useRemoveAnalyticsId(kind);
  const resolve = localizedResolver(addAnalyticsIdSchemas[kind], t);
  // The form field is named as the API's, so the server's field errors land on it as they are.
  const form = useForm<Record<string, string>>({
    initialValues: { [field]: savedId ?? '' },
    validateInputOnBlur: true,
    validate: (values) => resolve({ marketId, [field]: values[field] }),
  });

  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const ids = await save.mutateAsync({ marketId, value: values[field] ?? '' });
    // The id as stored (trimmed, Google's in capitals) becomes the field's value.
    form.setValues({ [field]: ids[field] ?? '' });
    form.resetDirty();
    notice(t('analytics.integration.saved', { service }));
  });

  const disconnect = () =>
    remove.mutate(
      { marketId },
      {
        // The input keeps the id, so that saving again undoes a removal by mistake.
        onSuccess: () => notice(t('analytics.integration.removed', { service })),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );

  const connected = savedId !== null;
  const inputId = `analytics-${kind}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${inputId}-title`}
      data-testid={`analytics-card-${kind}`}
      data-connected={connected}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
                <ServiceIcon size={20} />
              </ThemeIcon>
              <Title order={2} size="h4" id={`${inputId}-title`}>
                {service}
              </Title>
            </Group>
            <Badge
              color={connected ? 'green' : 'gray'}
              variant={connected ? 'light' : 'outline'}
              data-testid={`analytics-status-${kind}`}
            >
              {connected ? t('analytics.integration.connected') : t('analytics.integration.notConnected')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`analytics.integration.kinds.${kind}.about`)}
          </Text>
          <TextInput
            id={inputId}
            label={t(`analytics.integration.kinds.${kind}.label`)}
            description={t(`analytics.integration.kinds.${kind}.help`)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t(`analytics.integration.kinds.${kind}.placeholder`)}
            autoComplete="off"
            spellCheck={false}
            data-testid={`analytics-input-${kind}`}
            {...form.getInputProps(field)}
          />
          <Group justify="space-between" gap="sm">
            <Anchor href={consoleUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                {t('analytics.integration.open', { service })}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            <Group gap="sm">
              {connected && (
                <Button
                  type="button"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  disabled={busy}
                  onClick={disconnect}
                  data-testid={`analytics-remove-${kind}`}
                >
                  {t('analytics.integration.remove')}
                </Button>
              )}
              <Button type="submit" loading={busy} disabled={remove.isPending} data-testid={`analytics-save-${kind}`}>
                {t('analytics.integration.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
