import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CUSTOMER_SORTS, type CustomerListItem, type CustomerSort, customerLimits, formatMoney } from '@shop/shared';
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector, IconUsers } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRootData } from '../../ui/preferences';
import { formatDate } from '../account/display';
import { errorText } from '../auth/form';
import {
  type CustomerListView,
  PAGE_SIZES,
  readCustomerListView,
  shownPhone,
  toCustomerListQuery,
  writeCustomerListView,
} from './list-params';
import { useCustomerList } from './queries';

const SEARCH_DELAY_MS = 300;
const COLUMNS = 6;

/** The columns that sort: each toggles between its two directions, the first being the usual one. */
const SORTABLE: Record<string, [CustomerSort, CustomerSort]> = {
  name: ['name_asc', 'name_desc'],
  orders: ['orders_desc', 'orders_asc'],
  totalSpent: ['total_spent_desc', 'total_spent_asc'],
  lastOrder: ['last_order_desc', 'last_order_asc'],
};

/**
 * Everyone who has paid an order in the store (SPEC §2 cp/customers): searched, sorted and paged
 * by the server, the whole view in the URL so that a link opens it again.
 */
export function CustomerList({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readCustomerListView(params), [params]);
  const query = useMemo(() => toCustomerListQuery(marketId, view), [marketId, view]);
  const list = useCustomerList(query);

  const update = (changes: Partial<CustomerListView>, replace = false) => {
    const next = { ...view, ...changes };
    if (!('page' in changes)) next.page = 1;
    setParams(writeCustomerListView(next), { replace, preventScrollReset: true });
  };

  // Search: typed here, written to the URL once typing pauses (replacing, not adding, history).
  const [searchText, setSearchText] = useState(view.search);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const writtenSearch = useRef(view.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing writes the URL.
  useEffect(() => {
    if (debouncedSearch.trim() === view.search.trim()) return;
    writtenSearch.current = debouncedSearch;
    update({ search: debouncedSearch }, true);
  }, [debouncedSearch]);
  useEffect(() => {
    if (view.search !== writtenSearch.current) {
      writtenSearch.current = view.search;
      setSearchText(view.search);
    }
  }, [view.search]);

  const page = list.data;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.pageSize));
  const from = total === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const to = Math.min(total, view.page * view.pageSize);
  const detailsPath = (item: CustomerListItem) => `/cp/customers/${marketId}/${item.id}`;
  const openRow = (event: MouseEvent, item: CustomerListItem) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(detailsPath(item));
  };
  const date = (iso: string | null) => (iso ? formatDate(iso, language, timeZone, t) : '—');

  const header = (column: keyof typeof SORTABLE, label: string, align?: 'right') => {
    const [usual, other] = SORTABLE[column] as [CustomerSort, CustomerSort];
    const active = view.sort === usual || view.sort === other;
    const Icon = !active ? IconSelector : view.sort.endsWith('_asc') ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th ta={align} aria-sort={active ? (view.sort.endsWith('_asc') ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton
          onClick={() => update({ sort: view.sort === usual ? other : usual })}
          fw={600}
          fz="sm"
          data-testid={`sort-${column}`}
        >
          <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="customers-title">
          {t('customers.list.title')}
        </Title>
        <Text c="dimmed">{t('customers.list.subtitle')}</Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('customers.list.search')}
            placeholder={t('customers.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              searchText ? (
                <CloseButton size="sm" aria-label={t('customers.list.clearSearch')} onClick={() => setSearchText('')} />
              ) : null
            }
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            maxLength={customerLimits.search}
            type="search"
            style={{ flex: '1 1 260px' }}
            data-testid="customer-search"
          />
          <Select
            label={t('customers.list.sort')}
            data={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`customers.sort.${s}`) }))}
            value={view.sort}
            onChange={(value) => value && update({ sort: value as CustomerSort })}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
            data-testid="customer-sort"
          />
        </Group>
      </Paper>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('customers.list.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <Paper withBorder radius="lg" p="xl" data-testid={view.search ? 'customers-no-match' : 'customers-empty'}>
          <Stack align="center" gap="sm" py="xl" ta="center">
            <ThemeIcon variant="light" size={64} radius="xl" color={view.search ? 'gray' : 'cyan'}>
              <IconUsers size={32} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {view.search ? t('customers.empty.noMatchTitle') : t('customers.empty.title')}
            </Title>
            <Text c="dimmed" maw={440}>
              {view.search ? t('customers.empty.noMatchText') : t('customers.empty.text')}
            </Text>
            {view.search && (
              <Button variant="light" onClick={() => setSearchText('')}>
                {t('customers.list.clearSearch')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={820}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="customers-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  {header('name', t('customers.list.name'))}
                  <Table.Th>{t('customers.list.email')}</Table.Th>
                  <Table.Th>{t('customers.list.phone')}</Table.Th>
                  {header('orders', t('customers.list.orders'), 'right')}
                  {header('totalSpent', t('customers.list.totalSpent'), 'right')}
                  {header('lastOrder', t('customers.list.lastOrder'))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
                      <Table.Tr key={i}>
                        {Array.from({ length: COLUMNS }, (_, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
                          <Table.Td key={j}>
                            <Skeleton h={14} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((item) => (
                      <Table.Tr
                        key={item.id}
                        onClick={(event) => openRow(event, item)}
                        style={{ cursor: 'pointer' }}
                        data-testid="customer-row"
                      >
                        <Table.Td>
                          <Anchor component={Link} to={detailsPath(item)} fw={600} size="sm">
                            {item.name ?? t('customers.list.noName')}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" data-testid="customer-email">
                            {item.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={item.phone ? undefined : 'dimmed'}>
                            {item.phone ? shownPhone(item.phone) : '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" data-testid="customer-orders">
                            {item.ordersCount}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" fw={600} data-testid="customer-total">
                            {formatMoney(item.totalSpent, language)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{date(item.lastOrderAt)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group
            justify="space-between"
            px="md"
            py="sm"
            gap="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group gap="sm">
              <Text size="sm" c="dimmed" data-testid="customers-total">
                {t('customers.list.showing', { from, to, total })}
              </Text>
              <Select
                aria-label={t('customers.list.pageSize')}
                data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('customers.list.perPage', { size }) }))}
                value={String(view.pageSize)}
                onChange={(value) => value && update({ pageSize: Number(value) })}
                allowDeselect={false}
                size="xs"
                w={130}
              />
            </Group>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(view.page, pages)}
                onChange={(next) => update({ page: next })}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`customers.list.pagination.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('customers.list.pagination.page', { page: n }) })}
                data-testid="customers-pagination"
              />
            )}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
