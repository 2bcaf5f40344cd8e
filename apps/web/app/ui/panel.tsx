import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { imageUrl, type Status } from '@shop/shared';
import { IconArrowLeft, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/form';

/** A list picture: the 400 px rendition of an upload, or a quiet placeholder when there is none. */
export function Thumb({ url, size = 44, alt = '' }: { url: string | null | undefined; size?: number; alt?: string }) {
  return (
    <Box
      w={size}
      h={size}
      style={{
        flex: 'none',
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-gray-0)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {url ? (
        <Image src={imageUrl(url, 400)} alt={alt} w={size} h={size} fit="cover" loading="lazy" />
      ) : (
        <IconPhoto size={Math.round(size / 2)} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
    </Box>
  );
}

/** `onImage` for a badge laid over a picture, where a tinted one could vanish into the colours. */
export function StatusBadge({ status, onImage = false }: { status: Status; onImage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={onImage ? 'white' : 'light'}
      color={status === 'active' ? 'green' : 'gray'}
      data-status={status}
      style={onImage ? { boxShadow: 'var(--mantine-shadow-xs)' } : undefined}
    >
      {t(`catalog.status.${status}`)}
    </Badge>
  );
}

/** Active or inactive (SPEC §4), with what it means for shoppers. */
export function StatusField({
  value,
  onChange,
  testId,
  hints,
}: {
  value: Status;
  onChange: (status: Status) => void;
  testId: string;
  /** What each state means, where it is not "shoppers see it in the store" (a code is typed, not seen). */
  hints?: Record<Status, string>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${testId}-label`}>
        {t('catalog.status.label')}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
        value={value}
        onChange={(v) => onChange(v as Status)}
        data={[
          { value: 'active', label: t('catalog.status.active') },
          { value: 'passive', label: t('catalog.status.passive') },
        ]}
      />
      <Text size="xs" c="dimmed">
        {hints?.[value] ?? t(value === 'active' ? 'catalog.status.activeHint' : 'catalog.status.passiveHint')}
      </Text>
    </Stack>
  );
}

/** The heading of a catalog screen: an optional way back, the title, a line under it, actions. */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  testId,
}: {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={4}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/** What a list shows when it has nothing: why, and the way to the first item. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Center>
        <Stack align="center" gap="xs" maw={420} ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" color="cyan">
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4" mt="xs">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {text}
          </Text>
          {action && <Box mt="sm">{action}</Box>}
        </Stack>
      </Center>
    </Paper>
  );
}

/** The way back to a detail page's list, above its title. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed" w="fit-content" data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** A failed load, in the interface language: another try, or the way back when the item is gone. */
export function LoadError({
  error,
  onRetry,
  back,
  message,
}: {
  error: unknown;
  onRetry: () => void;
  back?: { to: string; label: string };
  /** What failed, in the catalogue's words (SPEC §8 "Error loading store sections"), before the reason. */
  message?: string;
}) {
  const { t } = useTranslation();
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-testid="load-error">
      <Stack align="center" gap="sm">
        {message && !gone && (
          <Text fw={600} c="red.8">
            {message}
          </Text>
        )}
        <Text c={gone ? undefined : 'red.8'}>{gone ? t('catalog.common.gone') : errorText(error, t)}</Text>
        {gone && back ? (
          <Button component={Link} to={back.to} variant="light">
            {back.label}
          </Button>
        ) : (
          <Button variant="light" onClick={onRetry}>
            {t('catalog.common.retry')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The bottom row of a catalog form: delete (only for an existing item) on the left, cancel and
 * save on the right.
 */
export function FormActions({
  onDelete,
  deleteLabel,
  deleteTestId,
  onCancel,
  saving,
  saveTestId,
}: {
  onDelete?: () => void;
  deleteLabel: string;
  deleteTestId: string;
  onCancel: () => void;
  saving: boolean;
  saveTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="lg">
      <div>
        {onDelete && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            data-testid={deleteTestId}
          >
            {deleteLabel}
          </Button>
        )}
      </div>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('catalog.common.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid={saveTestId}>
          {t('catalog.common.save')}
        </Button>
      </Group>
    </Group>
  );
}
