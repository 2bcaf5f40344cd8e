import { Group, Stack, Text } from '@mantine/core';
import type { OrderDetailsLine } from '@shop/shared';
import { Thumb } from '../../ui/panel';

/** A line's picture, title, variant and SKU: how a line is recognised on the page and in the dialogs. */
export function LineSummary({ line, size = 48 }: { line: OrderDetailsLine; size?: number }) {
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
      </Stack>
    </Group>
  );
}
