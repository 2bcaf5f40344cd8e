import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type InventoryRow, LOW_STOCK } from '@shop/shared';
import { IconAdjustmentsHorizontal, IconBuildingWarehouse, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdjustStockModal } from '../../features/catalog/adjust-stock-modal';
import { INVENTORY_PAGE_SIZE, inventoryQuery, type StockLevel } from '../../features/catalog/queries';
import { useControlPanel } from '../../lib/control-panel';
import { formatDateTime, formatTime } from '../../lib/display';
import { panelTitle } from '../../lib/panel-title';
import { EmptyState, LoadError, PageHeader, Thumb } from '../../ui/panel';
import type { Route } from './+types/inventory';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.inventory');

const LEVELS = ['all', 'low', 'out'] as const;
type LevelFilter = (typeof LEVELS)[number];

/** The filter lives in the address (?q=…&level=low|out&page=N), so it survives reloads and can be shared. */
function useInventoryParams() {
  const [params, setParams] = useSearchParams();
  const level = params.get('level');
  const page = Number(params.get('page'));
  const filter = {
    search: params.get('q')?.trim() ?? '',
    level: level === 'low' || level === 'out' ? (level as StockLevel) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (next: Partial<{ search: string; level: StockLevel | undefined; page: number }>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string | undefined) => (value ? out.set(key, value) : out.delete(key));
        if ('search' in next) set('q', next.search?.trim() || undefined);
        if ('level' in next) set('level', next.level);
        // Any other change of filter starts again at the first page.
        set('page', next.page && next.page > 1 ? String(next.page) : undefined);
        return out;
      },
      { replace: !('page' in next), preventScrollReset: true },
    );
  return { filter, update };
}

function LevelBadge({ row }: { row: InventoryRow }) {
  const { t } = useTranslation();
  if (!row.trackQuantity)
    return (
      <Badge variant="light" color="gray" data-level="untracked">
        {t('catalog.inventory.level.untracked')}
      </Badge>
    );
  if (row.level === 'out')
    return (
      <Badge variant="light" color="red" data-level="out">
        {t('catalog.inventory.level.out')}
      </Badge>
    );
  if (row.level === 'low')
    return (
      <Badge variant="light" color="yellow" data-level="low">
        {t('catalog.inventory.level.low')}
      </Badge>
    );
  return (
    <Badge variant="light" color="green" data-level="ok">
      {t('catalog.inventory.level.ok')}
    </Badge>
  );
}

/** Units checkouts hold, and until when (in the merchant's time zone). */
function HeldCell({ row, timeZone }: { row: InventoryRow; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language).format(row.held);
  if (row.held <= 0)
    return (
      <Text c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="inventory-held">
        {count}
      </Text>
    );
  const held = (
    <Text fw={600} c="orange.8" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="inventory-held">
      {count}
    </Text>
  );
  if (!row.heldUntil) return held;
  return (
    <Tooltip
      label={t('catalog.held.until', { when: formatDateTime(row.heldUntil, i18n.language, timeZone, t) })}
      withArrow
    >
      <div>
        {held}
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="inventory-held-until">
          {t('catalog.held.untilTime', { time: formatTime(row.heldUntil, timeZone) })}
        </Text>
      </div>
    </Tooltip>
  );
}

/** What shoppers can still buy; when the count doesn't limit sales, why. */
function AvailableCell({ row }: { row: InventoryRow }) {
  const { t, i18n } = useTranslation();
  if (row.available === null)
    return (
      <Text size="sm" c="dimmed" data-testid="inventory-available">
        {t(row.trackQuantity ? 'catalog.held.sellsWhenOut' : 'catalog.inventory.level.untracked')}
      </Text>
    );
  return (
    <Text
      fw={600}
      c={row.level === 'out' ? 'red.8' : row.level === 'low' ? 'yellow.9' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      data-testid="inventory-available"
    >
      {new Intl.NumberFormat(i18n.language).format(row.available)}
    </Text>
  );
}

/** Every SKU of the store with its stock: products without variants, and each variant. */
export default function Inventory() {
  const { t, i18n } = useTranslation();
  const { market, user } = useControlPanel();
  const { filter, update } = useInventoryParams();
  const inventory = useQuery(inventoryQuery(market.id, filter));
  const [search, setSearch] = useState(filter.search);
  // What this page last wrote to the address: anything else there came from back/forward.
  const written = useRef(filter.search);
  const pushSearch = useDebouncedCallback((value: string) => {
    written.current = value.trim();
    update({ search: value });
  }, 300);
  const [adjusting, setAdjusting] = useState<InventoryRow | null>(null);
  // The dialog shows the row as the list has it now (after a release, a refresh), else as it was opened.
  const adjustingNow =
    adjusting &&
    (inventory.data?.items.find((r) => r.productId === adjusting.productId && r.variantId === adjusting.variantId) ??
      adjusting);
  const numbers = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    if (filter.search === written.current) return;
    written.current = filter.search;
    setSearch(filter.search);
  }, [filter.search]);

  // A page emptied by a change (the last SKU of it no longer low or out) falls back to the last one.
  const lastPage = inventory.data ? Math.max(1, Math.ceil(inventory.data.total / INVENTORY_PAGE_SIZE)) : 1;
  useEffect(() => {
    if (inventory.data && !inventory.isPlaceholderData && filter.page > lastPage) update({ page: lastPage });
  });

  const data = inventory.data;
  const pages = lastPage;
  const filtered = Boolean(filter.search || filter.level);
  const editProduct = (row: InventoryRow) => `/cp/edit-product/${market.id}/${row.productId}`;

  const toolbar = (
    <Group p="md" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <TextInput
        flex={1}
        miw={200}
        maw={420}
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('catalog.inventory.search')}
        aria-label={t('catalog.inventory.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          pushSearch(e.currentTarget.value);
        }}
        rightSection={
          search ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => {
                setSearch('');
                pushSearch.cancel();
                written.current = '';
                update({ search: '' });
              }}
              aria-label={t('catalog.common.clearSearch')}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          ) : null
        }
        data-testid="inventory-search"
      />
      <SegmentedControl
        aria-label={t('catalog.inventory.filterLabel')}
        value={filter.level ?? 'all'}
        onChange={(value) => update({ level: value === 'all' ? undefined : (value as StockLevel) })}
        data={LEVELS.map((level: LevelFilter) => ({ value: level, label: t(`catalog.inventory.filter.${level}`) }))}
        data-testid="inventory-filter"
      />
    </Group>
  );

  let body: ReactNode;
  if (inventory.isPending) {
    body = (
      <Stack p="md" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  } else if (inventory.isError) {
    body = <LoadError error={inventory.error} onRetry={() => void inventory.refetch()} />;
  } else if (inventory.data.items.length === 0) {
    body = (
      <Text ta="center" c="dimmed" py="xl" px="md" data-testid="inventory-no-match">
        {filter.level === 'low'
          ? t('catalog.inventory.noneLow', { low: LOW_STOCK })
          : filter.level === 'out'
            ? t('catalog.inventory.noneOut')
            : t('catalog.inventory.noMatch', { search: filter.search })}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="inventory-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={68}>
                <VisuallyHidden>{t('catalog.common.image')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('catalog.inventory.columns.product')}</Table.Th>
              <Table.Th>{t('catalog.inventory.columns.sku')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('catalog.inventory.columns.stock')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('catalog.inventory.columns.held')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('catalog.inventory.columns.available')}
              </Table.Th>
              <Table.Th>{t('catalog.inventory.columns.level')}</Table.Th>
              <Table.Th w={120}>
                <VisuallyHidden>{t('catalog.common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: inventory.isPlaceholderData ? 0.6 : 1 }}>
            {inventory.data.items.map((row) => (
              <Table.Tr
                key={`${row.productId}:${row.variantId ?? ''}`}
                data-testid="inventory-row"
                data-sku={row.sku ?? ''}
                data-title={row.title}
                data-variant={row.variantTitle ?? ''}
                data-stock={row.stock}
                data-held={row.held}
                data-available={row.available ?? ''}
                data-level={row.trackQuantity ? row.level : 'untracked'}
              >
                <Table.Td>
                  <Thumb url={row.imageUrl} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={editProduct(row)}
                    fw={600}
                    c="inherit"
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid="inventory-product-link"
                  >
                    {row.title}
                  </Anchor>
                  {row.variantTitle && (
                    <Text size="sm" c="dimmed">
                      {row.variantTitle}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.sku ? (
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {row.sku}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" aria-label={t('catalog.inventory.noSku')}>
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text
                    c={row.trackQuantity ? undefined : 'dimmed'}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                    data-testid="inventory-stock"
                  >
                    {numbers.format(row.stock)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <HeldCell row={row} timeZone={user.timeZone} />
                </Table.Td>
                <Table.Td ta="right">
                  <AvailableCell row={row} />
                </Table.Td>
                <Table.Td>
                  <LevelBadge row={row} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
                    onClick={() => setAdjusting(row)}
                    aria-label={t('catalog.inventory.adjustNamed', {
                      title: row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title,
                    })}
                    data-testid="inventory-adjust"
                  >
                    {t('catalog.inventory.adjustAction')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const empty = data && data.total === 0 && !filtered;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalog.inventory.title')}
        subtitle={t('catalog.inventory.subtitle', { low: LOW_STOCK })}
        testId="inventory-title"
      />
      {empty ? (
        <EmptyState
          icon={<IconBuildingWarehouse size={28} aria-hidden />}
          title={t('catalog.inventory.empty.title')}
          text={t('catalog.inventory.empty.text')}
          action={
            <Button component={Link} to="/cp/add-product" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('catalog.inventory.empty.action')}
            </Button>
          }
          testId="inventory-empty"
        />
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          {toolbar}
          {body}
          {data && data.total > 0 && (
            <Group justify="space-between" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text size="sm" c="dimmed" data-testid="inventory-total">
                {t('catalog.inventory.range', {
                  from: (data.page - 1) * INVENTORY_PAGE_SIZE + 1,
                  to: (data.page - 1) * INVENTORY_PAGE_SIZE + data.items.length,
                  count: data.total,
                })}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={filter.page}
                  onChange={(page) => update({ page })}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label': t(`catalog.common.pagination.${control}`),
                  })}
                  getItemProps={(page) => ({ 'aria-label': t('catalog.common.pagination.page', { page }) })}
                  data-testid="inventory-pagination"
                />
              )}
            </Group>
          )}
        </Paper>
      )}
      <AdjustStockModal
        marketId={market.id}
        row={adjustingNow}
        timeZone={user.timeZone}
        onClose={() => setAdjusting(null)}
      />
    </Stack>
  );
}
