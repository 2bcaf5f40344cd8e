import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import {
  FULFILLMENT_STATUSES,
  formatMoney,
  ORDER_SORTS,
  ORDER_VIEWS,
  type OrderListItem,
  type OrderView,
  orderLimits,
  PAYMENT_STATUSES,
} from '@shop/shared';
import { IconDownload, IconFilterOff, IconReceipt } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { pageCount, useListView } from '../../lib/use-list-view';
import { DateRangeFilter } from '../../ui/date-range';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { SearchInput } from '../../ui/search-input';
import { FulfillmentBadge, PaymentBadge } from './badges';
import {
  type FulfillmentFilter,
  isFiltered,
  type OrderListView,
  PAGE_SIZES,
  type PaymentFilter,
  readOrderListView,
  toOrderListQuery,
  writeOrderListView,
} from './list-params';
import { downloadOrdersCsv, useOrderList } from './queries';

const COLUMNS = 7;

/**
 * The store's orders (SPEC §2 cp/orders): the sidebar's views as tabs, searched, filtered,
 * sorted and paged by the server, the whole view kept in the URL so that a link opens it again.
 */
export function OrderList({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const navigate = useNavigate();
  const { view, update, clearFilters, searchText, setSearchText } = useListView(readOrderListView, writeOrderListView);
  const query = useMemo(() => toOrderListQuery(view), [view]);
  const list = useOrderList(marketId, query);
  const [exporting, setExporting] = useState(false);

  const page = list.data;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  const pages = pageCount(total, view.pageSize);
  // A page beyond the last (a shared link, orders closed meanwhile): the last page there is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed total moves the page.
  useEffect(() => {
    if (page && !list.isPlaceholderData && total > 0 && view.page > pages) update({ page: pages }, true);
  }, [page, total]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(marketId, query);
    } catch (error) {
      notice(errorText(error, t), 'error');
    } finally {
      setExporting(false);
    }
  };

  const resetFilters = () => clearFilters({ paymentStatus: null, fulfillmentStatus: null, from: null, to: null });

  const filtered = isFiltered(view);
  const detailsOf = (item: OrderListItem) => `/cp/order-details/${marketId}/${item.id}`;
  const openRow = (event: MouseEvent, item: OrderListItem) => {
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(detailsOf(item));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2" data-testid="orders-title">
            {t('orders.list.title')}
          </Title>
          <Text c="dimmed">{t('orders.list.subtitle')}</Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportCsv}
          loading={exporting}
          disabled={total === 0}
          data-testid="orders-export"
        >
          {t('orders.list.export')}
        </Button>
      </Group>

      <Tabs
        value={view.view}
        onChange={(value) => value && update({ view: value as OrderView })}
        aria-label={t('orders.list.views')}
      >
        <Tabs.List>
          {ORDER_VIEWS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`orders-view-${key}`}>
              {t(`orders.views.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchInput
              label={t('orders.list.search')}
              placeholder={t('orders.list.searchPlaceholder')}
              clearLabel={t('orders.list.clearSearch')}
              value={searchText}
              onChange={setSearchText}
              maxLength={orderLimits.search}
              testId="orders-search"
            />
            <Select
              label={t('orders.list.sort')}
              data={ORDER_SORTS.map((s) => ({ value: s, label: t(`orders.sort.${s}`) }))}
              value={view.sort}
              onChange={(value) => value && update({ sort: value as OrderListView['sort'] })}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
              data-testid="orders-sort"
            />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('orders.list.paymentStatus')}
              placeholder={t('orders.list.any')}
              data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`orders.payment.${s}`) }))}
              value={view.paymentStatus}
              onChange={(value) => update({ paymentStatus: value as PaymentFilter | null })}
              clearable
              clearButtonProps={{ 'aria-label': t('orders.list.clear') }}
              w={{ base: '100%', xs: 180 }}
              data-testid="filter-payment"
            />
            <Select
              label={t('orders.list.fulfillmentStatus')}
              placeholder={t('orders.list.any')}
              data={FULFILLMENT_STATUSES.map((s) => ({ value: s, label: t(`orders.fulfillment.${s}`) }))}
              value={view.fulfillmentStatus}
              onChange={(value) => update({ fulfillmentStatus: value as FulfillmentFilter | null })}
              clearable
              clearButtonProps={{ 'aria-label': t('orders.list.clear') }}
              w={{ base: '100%', xs: 200 }}
              data-testid="filter-fulfillment"
            />
            <DateRangeFilter
              from={view.from}
              to={view.to}
              onChange={(start, end) => update({ from: start, to: end })}
              label={t('orders.list.dates')}
              placeholder={t('orders.list.anyDate')}
              clearLabel={t('orders.list.clear')}
              testId="filter-dates"
            />
            {filtered && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} aria-hidden />}
                onClick={resetFilters}
                data-testid="orders-clear-filters"
              >
                {t('orders.list.resetFilters')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)} data-testid="orders-error">
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('orders.list.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <EmptyState filtered={filtered} view={view.view} onReset={resetFilters} />
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={900}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="orders-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.columns.order')}</Table.Th>
                  <Table.Th>{t('orders.columns.date')}</Table.Th>
                  <Table.Th>{t('orders.columns.customer')}</Table.Th>
                  <Table.Th ta="right">{t('orders.columns.total')}</Table.Th>
                  <Table.Th>{t('orders.columns.payment')}</Table.Th>
                  <Table.Th>{t('orders.columns.fulfillment')}</Table.Th>
                  <Table.Th ta="right">{t('orders.columns.items')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows columns={COLUMNS} />
                ) : (
                  items.map((item) => (
                    <Table.Tr
                      key={item.id}
                      data-testid="order-row"
                      data-id={item.id}
                      data-name={item.name}
                      onClick={(event) => openRow(event, item)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={detailsOf(item)}
                            fw={600}
                            c="inherit"
                            size="sm"
                            data-testid="order-name"
                          >
                            {item.name}
                          </Anchor>
                          {item.archived && (
                            <Badge size="xs" variant="outline" color="gray" data-testid="order-archived">
                              {t('orders.archived')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDate(item.placedAt, language, timeZone, t)}</Text>
                        <Text size="xs" c="dimmed">
                          {formatTime(item.placedAt, timeZone)}
                        </Text>
                      </Table.Td>
                      <Table.Td maw={260}>
                        <Text size="sm" lineClamp={1} data-testid="order-customer">
                          {item.customerName ?? item.email ?? '—'}
                        </Text>
                        {item.customerName && item.email && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {item.email}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={500} data-testid="order-total">
                          {formatMoney(item.total, language)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <PaymentBadge status={item.paymentStatus} />
                      </Table.Td>
                      <Table.Td>
                        <FulfillmentBadge status={item.fulfillmentStatus} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" data-testid="order-items">
                          {t('orders.list.itemCount', { count: item.itemCount })}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="orders.list"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            capped={page?.totalCapped}
            testIds={{ total: 'orders-total', pageSize: 'orders-page-size', pagination: 'orders-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}

function EmptyState({ filtered, view, onReset }: { filtered: boolean; view: OrderView; onReset: () => void }) {
  const { t } = useTranslation();
  // No orders at all, none in this view, or none matching the filters: each says what it means.
  const kind = filtered ? 'noMatch' : view === 'all' ? 'none' : view;
  return (
    <ListEmpty
      filtered={filtered}
      icon={filtered ? <IconFilterOff size={32} aria-hidden /> : <IconReceipt size={32} aria-hidden />}
      title={t(`orders.empty.${kind}.title`)}
      text={t(`orders.empty.${kind}.text`)}
      maw={440}
      testId={filtered ? 'orders-no-match' : 'orders-empty'}
    >
      {filtered && (
        <Button variant="light" onClick={onReset} data-testid="orders-reset-filters">
          {t('orders.list.resetFilters')}
        </Button>
      )}
    </ListEmpty>
  );
}
