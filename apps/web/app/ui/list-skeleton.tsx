import { Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A cp list's rows while its first page loads: `rows` of `columns` grey bars (`cell` draws one
 * differently, e.g. a picture's square), so the table keeps its shape.
 */
export function SkeletonRows({
  rows = 5,
  columns,
  cell,
}: {
  rows?: number;
  columns: number;
  cell?: (column: number) => ReactNode;
}) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
        <Table.Td key={column}>{cell?.(column) ?? <Skeleton h={14} radius="sm" />}</Table.Td>
      ))}
    </Table.Tr>
  ));
}
