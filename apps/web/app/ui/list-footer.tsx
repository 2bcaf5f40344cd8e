import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../lib/use-list-view';

/**
 * The foot of a cp list's table: which rows are on view of how many, the page size, and the
 * pages. Its texts are the list's own, under `keyPrefix` (`<prefix>.showing`, `.pageSize`,
 * `.perPage`, `.pagination.<control>`, `.pagination.page`, and `.showingCapped` when `capped`:
 * the server stopped counting, so `total` is a floor).
 */
export function ListFooter({
  keyPrefix,
  total,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  capped = false,
  testIds = {},
}: {
  keyPrefix: string;
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  capped?: boolean;
  testIds?: { total?: string; pageSize?: string; pagination?: string };
}) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      gap="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid={testIds.total}>
          {t(`${keyPrefix}.${capped ? 'showingCapped' : 'showing'}`, { from, to, total })}
        </Text>
        <Select
          aria-label={t(`${keyPrefix}.pageSize`)}
          data={pageSizes.map((size) => ({ value: String(size), label: t(`${keyPrefix}.perPage`, { size }) }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          size="xs"
          w={130}
          data-testid={testIds.pageSize}
        />
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`${keyPrefix}.pagination.${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t(`${keyPrefix}.pagination.page`, { page: n }) })}
          data-testid={testIds.pagination}
        />
      )}
    </Group>
  );
}
