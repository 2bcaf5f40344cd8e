import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatMoney, imageUrl, PRODUCT_SORTS, type ProductListItem, STATUSES } from '@shop/shared';
import {
  IconDownload,
  IconFilterOff,
  IconPackage,
  IconPhoto,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../lib/form';
import { pageCount, useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { SearchInput } from '../../ui/search-input';
import { ImportDialog } from './import-dialog';
import { isFiltered, type ListView, PAGE_SIZES, readListView, toListQuery, writeListView } from './list-params';
import {
  type BulkAction,
  downloadProductsCsv,
  useBulkProducts,
  useCategories,
  useCollections,
  useProductList,
} from './queries';

/**
 * The product table of the chosen store: filtered, sorted and paged by the server, its whole
 * view kept in the URL so that a link opens the same view.
 */
export function ProductList({ marketId }: { marketId: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const navigate = useNavigate();
  const { view, update, clearFilters, searchText, setSearchText } = useListView(readListView, writeListView);
  const query = useMemo(() => toListQuery(view), [view]);
  const list = useProductList(marketId, query);
  const categories = useCategories(marketId);
  const collections = useCollections(marketId);
  const bulk = useBulkProducts();
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Selection belongs to the rows on view; another page or filter starts it afresh.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the view.
  useEffect(() => setSelected(new Set()), [queryKey]);

  const page = list.data;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  const pages = pageCount(total, view.pageSize);
  // After deleting the last rows of the last page, show the page that now is the last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed total moves the page.
  useEffect(() => {
    if (page && !list.isPlaceholderData && total > 0 && view.page > pages) update({ page: pages }, true);
  }, [page, total]);

  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.name])), [categories.data]);
  const allChecked = items.length > 0 && items.every((item) => selected.has(item.id));
  const someChecked = items.some((item) => selected.has(item.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runBulk = (action: BulkAction) => {
    const ids = [...selected];
    bulk.mutate(
      { marketId, ids, action },
      {
        onSuccess: ({ changed }) => {
          setSelected(new Set());
          setConfirmDelete(false);
          notice(t(`products.bulk.done.${action}`, { count: changed }));
        },
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadProductsCsv(marketId);
    } catch (error) {
      notice(errorText(error, t), 'error');
    } finally {
      setExporting(false);
    }
  };

  const resetFilters = () => clearFilters({ status: null, categoryId: null, collectionId: null, stock: null });

  const filtered = isFiltered(view);
  const openRow = (event: MouseEvent, item: ProductListItem) => {
    // Clicks on the checkbox or the title link do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(`/cp/edit-product/${marketId}/${item.id}`);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2" data-testid="products-title">
            {t('products.list.title')}
          </Title>
          <Text c="dimmed">{t('products.list.subtitle')}</Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={exportCsv}
            loading={exporting}
            data-testid="export-csv"
          >
            {t('products.list.export')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setImportOpen(true)}
            data-testid="import-csv"
          >
            {t('products.list.import')}
          </Button>
          <Button
            component={Link}
            to="/cp/add-product"
            leftSection={<IconPlus size={16} aria-hidden />}
            data-testid="add-product"
          >
            {t('products.list.add')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchInput
              label={t('products.list.search')}
              placeholder={t('products.list.searchPlaceholder')}
              clearLabel={t('products.list.clearSearch')}
              value={searchText}
              onChange={setSearchText}
              maxLength={100}
              testId="product-search"
            />
            <Select
              label={t('products.list.sort')}
              data={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`products.sort.${s}`) }))}
              value={view.sort}
              onChange={(value) => value && update({ sort: value as ListView['sort'] })}
              allowDeselect={false}
              w={{ base: '100%', xs: 210 }}
              data-testid="sort-select"
            />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('products.list.status')}
              placeholder={t('products.list.all')}
              data={STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
              value={view.status}
              onChange={(value) => update({ status: value as ListView['status'] })}
              clearable
              clearButtonProps={{ 'aria-label': t('products.list.clear') }}
              w={{ base: '100%', xs: 150 }}
              data-testid="filter-status"
            />
            <Select
              label={t('products.list.category')}
              placeholder={t('products.list.all')}
              data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={view.categoryId}
              onChange={(value) => update({ categoryId: value })}
              clearable
              clearButtonProps={{ 'aria-label': t('products.list.clear') }}
              searchable
              nothingFoundMessage={t('products.list.nothingFound')}
              w={{ base: '100%', xs: 180 }}
              data-testid="filter-category"
            />
            <Select
              label={t('products.list.collection')}
              placeholder={t('products.list.all')}
              data={(collections.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
              value={view.collectionId}
              onChange={(value) => update({ collectionId: value })}
              clearable
              clearButtonProps={{ 'aria-label': t('products.list.clear') }}
              searchable
              nothingFoundMessage={t('products.list.nothingFound')}
              w={{ base: '100%', xs: 180 }}
              data-testid="filter-collection"
            />
            <Select
              label={t('products.list.stock')}
              placeholder={t('products.list.all')}
              data={[
                { value: 'in', label: t('products.list.stockIn') },
                { value: 'out', label: t('products.list.stockOut') },
              ]}
              value={view.stock}
              onChange={(value) => update({ stock: value as ListView['stock'] })}
              clearable
              clearButtonProps={{ 'aria-label': t('products.list.clear') }}
              w={{ base: '100%', xs: 150 }}
              data-testid="filter-stock"
            />
            {filtered && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} aria-hidden />}
                onClick={resetFilters}
                data-testid="clear-filters"
              >
                {t('products.list.resetFilters')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {selected.size > 0 && (
        <Paper
          withBorder
          radius="lg"
          px="md"
          py="sm"
          bg="cyan.0"
          data-testid="bulk-actions"
          role="region"
          aria-label={t('products.bulk.label')}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600} aria-live="polite">
              {t('products.bulk.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => runBulk('activate')}
                loading={bulk.isPending && bulk.variables?.action === 'activate'}
                data-testid="bulk-activate"
              >
                {t('products.bulk.activate')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => runBulk('deactivate')}
                loading={bulk.isPending && bulk.variables?.action === 'deactivate'}
                data-testid="bulk-deactivate"
              >
                {t('products.bulk.deactivate')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setConfirmDelete(true)}
                data-testid="bulk-delete"
              >
                {t('products.bulk.delete')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                {t('products.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('products.list.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <EmptyState filtered={filtered} onReset={resetFilters} />
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={860}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="products-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('products.list.selectPage')}
                      checked={allChecked}
                      indeterminate={someChecked && !allChecked}
                      disabled={items.length === 0}
                      onChange={() => setSelected(allChecked ? new Set() : new Set(items.map((item) => item.id)))}
                      data-testid="select-all"
                    />
                  </Table.Th>
                  <Table.Th w={64}>
                    <VisuallyHidden>{t('products.list.image')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('products.list.product')}</Table.Th>
                  <Table.Th>{t('products.list.status')}</Table.Th>
                  <Table.Th>{t('products.list.stock')}</Table.Th>
                  <Table.Th ta="right">{t('products.list.price')}</Table.Th>
                  <Table.Th>{t('products.list.category')}</Table.Th>
                  <Table.Th ta="right">{t('products.list.variants')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows
                    columns={8}
                    cell={(j) => (j === 1 ? <Skeleton h={40} w={40} radius="sm" /> : undefined)}
                  />
                ) : (
                  items.map((item) => (
                    <Table.Tr
                      key={item.id}
                      data-testid="product-row"
                      data-title={item.title}
                      data-id={item.id}
                      onClick={(event) => openRow(event, item)}
                      style={{ cursor: 'pointer' }}
                      bg={selected.has(item.id) ? 'var(--mantine-color-cyan-light)' : undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={t('products.list.selectRow', { title: item.title })}
                          checked={selected.has(item.id)}
                          onChange={() => toggle(item.id)}
                          data-testid="row-select"
                        />
                      </Table.Td>
                      <Table.Td>
                        <Thumbnail url={item.imageUrl} />
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/cp/edit-product/${marketId}/${item.id}`}
                          fw={600}
                          c="inherit"
                          size="sm"
                          lineClamp={2}
                        >
                          {item.title}
                        </Anchor>
                        {item.sku && (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {item.sku}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={item.status === 'active' ? 'green' : 'gray'}>
                          {t(`products.status.${item.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <StockCell item={item} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">
                          {item.variantCount > 0
                            ? t('products.list.fromPrice', { price: formatMoney(item.price, language) })
                            : formatMoney(item.price, language)}
                        </Text>
                        {item.compareAtPrice !== null && (
                          <Text size="xs" c="dimmed" td="line-through">
                            {formatMoney(item.compareAtPrice, language)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{categoryNames.get(item.categoryId) ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" c={item.variantCount ? undefined : 'dimmed'}>
                          {item.variantCount || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="products.list"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'products-total', pageSize: 'page-size', pagination: 'pagination' }}
          />
        </Paper>
      )}

      <ImportDialog marketId={marketId} opened={importOpen} onClose={() => setImportOpen(false)} />
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('products.bulk.confirmTitle', { count: selected.size })}
        centered
      >
        <Text size="sm">{t('products.bulk.confirmText', { count: selected.size })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => runBulk('delete')}
            loading={bulk.isPending && bulk.variables?.action === 'delete'}
            data-testid="bulk-delete-confirm"
          >
            {t('products.bulk.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function Thumbnail({ url }: { url: string | null }) {
  if (!url) {
    return (
      <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
        <IconPhoto size={20} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return <Image src={imageUrl(url, 400)} alt="" w={40} h={40} fit="cover" radius="md" loading="lazy" />;
}

/** Units when tracked; when not, or when sold out but selling on, say so. */
function StockCell({ item }: { item: ProductListItem }) {
  const { t } = useTranslation();
  if (item.stock === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('products.stock.notTracked')}
      </Text>
    );
  }
  if (item.stock > 0) {
    return <Text size="sm">{t('products.stock.count', { count: item.stock })}</Text>;
  }
  if (item.inStock) {
    return (
      <Text size="sm" c="orange.8">
        {t('products.stock.sellingOn')}
      </Text>
    );
  }
  return (
    <Badge variant="light" color="red">
      {t('products.stock.out')}
    </Badge>
  );
}

function EmptyState({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <ListEmpty
      filtered={filtered}
      icon={filtered ? <IconFilterOff size={32} aria-hidden /> : <IconPackage size={32} aria-hidden />}
      title={filtered ? t('products.empty.noMatchTitle') : t('products.empty.title')}
      text={filtered ? t('products.empty.noMatchText') : t('products.empty.text')}
      maw={420}
      testId={filtered ? 'products-no-match' : 'products-empty'}
    >
      {filtered ? (
        <Button variant="light" onClick={onReset} data-testid="reset-filters">
          {t('products.list.resetFilters')}
        </Button>
      ) : (
        <Button
          component={Link}
          to="/cp/add-product"
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="add-first-product"
        >
          {t('products.empty.add')}
        </Button>
      )}
    </ListEmpty>
  );
}
