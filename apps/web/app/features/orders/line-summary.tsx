import { Group, Stack, Text } from '@mantine/core';
import type { OrderDetailsLine } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../ui/panel';

/**
 * A line's picture, title, variant, SKU and the bundle it was sold in: how a line is recognised
 * on the page and in the dialogs.
 */
export function LineSummary({ line, size = 48 }: { line: OrderDetailsLine; size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      <Thumb url={line.imageUrl} size={size} alt="" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="line-title">
          {line.title}
        </Text>
        {line.variantTitle && (
          <Text size="xs" c="dimmed" data-testid="line-variant">
            {line.variantTitle}
          </Text>
        )}
        {line.sku && (
          <Text size="xs" c="dimmed" ff="monospace" data-testid="line-sku">
            {line.sku}
          </Text>
        )}
        {line.bundleTitle && (
          <Text size="xs" c="teal.8" data-testid="line-bundle">
            {t('orders.details.bundle', { title: line.bundleTitle })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
