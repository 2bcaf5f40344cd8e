import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  CUSTOMER_SORTS,
  type CustomerListItem,
  type CustomerSort,
  customerLimits,
  EMAIL_CONSENTS,
  type EmailConsent,
  formatMoney,
} from '@shop/shared';
import { IconArrowDown, IconArrowUp, IconSelector, IconUsers } from '@tabler/icons-react';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useRootData } from '../../ui/preferences';
import { SearchInput } from '../../ui/search-input';
import {
  PAGE_SIZES,
  readCustomerListView,
  shownPhone,
  toCustomerListQuery,
  writeCustomerListView,
} from './list-params';
import { useCustomerList } from './queries';

const COLUMNS = 7;

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
  const { view, update, searchText, setSearchText } = useListView(readCustomerListView, writeCustomerListView);
  const query = useMemo(() => toCustomerListQuery(marketId, view), [marketId, view]);
  const list = useCustomerList(query);

  const page = list.data;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  const detailsPath = (item: CustomerListItem) => `/cp/customers/${marketId}/${item.id}`;
  const openRow = (event: MouseEvent, item: CustomerListItem) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(detailsPath(item));
  };
  const filtered = Boolean(view.search || view.emailConsent);
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
          <SearchInput
            label={t('customers.list.search')}
            placeholder={t('customers.list.searchPlaceholder')}
            clearLabel={t('customers.list.clearSearch')}
            value={searchText}
            onChange={setSearchText}
            maxLength={customerLimits.search}
            testId="customer-search"
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
          <Select
            label={t('customers.list.emailConsent')}
            data={[
              { value: 'everyone', label: t('customers.consent.everyone') },
              ...EMAIL_CONSENTS.map((c) => ({ value: c, label: t(`customers.consent.${c}`) })),
            ]}
            value={view.emailConsent || 'everyone'}
            onChange={(value) => update({ emailConsent: value && value !== 'everyone' ? (value as EmailConsent) : '' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
            data-testid="customer-consent-filter"
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
        <ListEmpty
          filtered={filtered}
          icon={<IconUsers size={32} aria-hidden />}
          title={filtered ? t('customers.empty.noMatchTitle') : t('customers.empty.title')}
          text={
            view.search
              ? t('customers.empty.noMatchText')
              : view.emailConsent
                ? t('customers.empty.noConsentMatch')
                : t('customers.empty.text')
          }
          maw={440}
          testId={filtered ? 'customers-no-match' : 'customers-empty'}
        >
          {view.search && (
            <Button variant="light" onClick={() => setSearchText('')}>
              {t('customers.list.clearSearch')}
            </Button>
          )}
          {view.emailConsent && (
            <Button variant="light" onClick={() => update({ emailConsent: '' })}>
              {t('customers.list.showEveryone')}
            </Button>
          )}
        </ListEmpty>
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
                  <Table.Th>{t('customers.list.emails')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows columns={COLUMNS} />
                ) : (
                  items.map((item) => (
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
                      <Table.Td data-testid="customer-consent">
                        {item.marketingConsentAt ? (
                          <Badge color="teal" variant="light" tt="none" title={date(item.marketingConsentAt)}>
                            {t('customers.consent.subscribed')}
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('customers.consent.notSubscribed')}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="customers.list"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'customers-total', pagination: 'customers-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}
