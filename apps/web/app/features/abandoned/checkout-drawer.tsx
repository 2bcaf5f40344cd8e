import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Divider,
  Drawer,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { type AbandonedCheckout, formatMoney, imageUrl } from '@shop/shared';
import { IconCheck, IconCopy, IconMail, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../../ui/preferences';
import { ReminderBadge } from './badges';
import { age, moment, shownPhone } from './format';

/** One abandoned checkout: who, what, what happened, and the link that brings the cart back. */
export function CheckoutDrawer({
  checkout,
  opened,
  missing,
  onClose,
  timeZone,
}: {
  checkout: AbandonedCheckout | null;
  opened: boolean;
  missing: boolean;
  onClose: () => void;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const money = (minor: number) => formatMoney(minor, language);
  const when = (iso: string) => moment(iso, language, timeZone, t);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} size="h4">
          {t('abandoned.drawer.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('abandoned.drawer.close') }}
      data-testid="abandoned-drawer"
    >
      {missing ? (
        <Alert color="gray" title={t('abandoned.drawer.notFound')} />
      ) : !checkout ? (
        <Stack>
          <Skeleton h={20} w="60%" />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="md" data-testid="abandoned-details">
          <div>
            <Group justify="space-between" align="flex-start">
              <Text fw={700}>{checkout.customerName ?? checkout.email}</Text>
              <ReminderBadge checkout={checkout} language={language} timeZone={timeZone} />
            </Group>
            <Anchor href={`mailto:${checkout.email}`} size="sm">
              {checkout.email}
            </Anchor>
            {checkout.phone && (
              <Text size="sm" c="dimmed">
                {shownPhone(checkout.phone)}
              </Text>
            )}
          </div>

          <div>
            <Text size="sm" fw={600} mb={6}>
              {t('abandoned.drawer.cart')}
            </Text>
            <Stack gap={8}>
              {checkout.items.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a snapshot keep their order.
                <Group key={index} gap="sm" wrap="nowrap" data-testid="abandoned-line">
                  {line.imageUrl ? (
                    <Image src={imageUrl(line.imageUrl, 400)} alt="" w={40} h={40} radius="md" fit="cover" />
                  ) : (
                    <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
                      <IconPhoto size={18} />
                    </ThemeIcon>
                  )}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {line.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.variantTitle ? `${line.variantTitle} · ` : ''}
                      {money(line.unitPrice)} × {line.quantity}
                    </Text>
                  </div>
                  <Text size="sm" fw={600}>
                    {money(line.lineTotal)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Divider my="sm" />
            <Group justify="space-between">
              <Text size="sm">{t('abandoned.drawer.subtotal')}</Text>
              <Text size="sm">{money(checkout.subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('abandoned.drawer.shipping')}</Text>
              <Text size="sm">{money(checkout.shippingPrice)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{t('abandoned.drawer.total')}</Text>
              <Text fw={700} data-testid="abandoned-drawer-total">
                {money(checkout.total)}
              </Text>
            </Group>
          </div>

          <div>
            <Text size="sm" fw={600} mb={6}>
              {t('abandoned.drawer.history')}
            </Text>
            <Timeline bulletSize={14} lineWidth={2}>
              <Timeline.Item title={t('abandoned.drawer.started')}>
                <Text size="xs" c="dimmed">
                  {when(checkout.createdAt)}
                </Text>
              </Timeline.Item>
              <Timeline.Item title={t('abandoned.drawer.lastActivity')}>
                <Text size="xs" c="dimmed">
                  {when(checkout.updatedAt)} · {t('abandoned.list.ago', { age: age(checkout.updatedAt, t) })}
                </Text>
              </Timeline.Item>
              {checkout.reminderSentAt && (
                <Timeline.Item title={t('abandoned.drawer.reminderSent')}>
                  <Text size="xs" c="dimmed">
                    {when(checkout.reminderSentAt)}
                  </Text>
                </Timeline.Item>
              )}
              {checkout.reminderDueAt && (
                <Timeline.Item title={t('abandoned.drawer.reminderDue')}>
                  <Text size="xs" c="dimmed">
                    {when(checkout.reminderDueAt)}
                  </Text>
                </Timeline.Item>
              )}
              {checkout.recoveredAt && (
                <Timeline.Item title={t('abandoned.drawer.recovered')} color="green">
                  <Text size="xs" c="dimmed">
                    {when(checkout.recoveredAt)}
                  </Text>
                </Timeline.Item>
              )}
            </Timeline>
          </div>

          <div>
            <TextInput
              label={t('abandoned.link.label')}
              description={t('abandoned.link.hint')}
              value={checkout.recoveryUrl}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="recovery-link"
            />
            <Group mt="sm" gap="sm">
              <CopyButton value={checkout.recoveryUrl} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? t('abandoned.link.copied') : t('abandoned.link.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button
                variant="default"
                component="a"
                href={`mailto:${checkout.email}?body=${encodeURIComponent(checkout.recoveryUrl)}`}
                leftSection={<IconMail size={16} aria-hidden />}
              >
                {t('abandoned.link.email')}
              </Button>
            </Group>
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
