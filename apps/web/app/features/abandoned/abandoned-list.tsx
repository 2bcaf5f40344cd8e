import {
  Alert,
  Button,
  CloseButton,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ABANDONED_STATUSES,
  type AbandonedCheckout,
  type AbandonedStatus,
  abandonedLimits,
  formatMoney,
} from '@shop/shared';
import { IconSearch, IconShoppingCartOff } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRootData } from '../../ui/preferences';
import { errorText } from '../auth/form';
import { CopyLink, ReminderBadge } from './badges';
import { CheckoutDrawer } from './checkout-drawer';
import { age, linesSummary, moment, shownPhone } from './format';
import {
  type AbandonedListView,
  PAGE_SIZES,
  readAbandonedListView,
  toAbandonedListQuery,
  writeAbandonedListView,
} from './list-params';
import { useAbandonedCheckout, useAbandonedList } from './queries';
import { ReminderSettings } from './reminder-settings';

const SEARCH_DELAY_MS = 300;
const COLUMNS = 6;

/**
 * Checkouts with contact details that were not paid (SPEC §2 cp/abandoned-checkouts): their cart
 * and value, the reminder e-mail's state, whether they were recovered, and the recovery link to
 * send by hand. One opens in a drawer; the whole view is kept in the URL.
 */
export function AbandonedCheckoutList({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readAbandonedListView(params), [params]);
  const query = useMemo(() => toAbandonedListQuery(marketId, view), [marketId, view]);
  const list = useAbandonedList(query);

  const update = (changes: Partial<AbandonedListView>, replace = false) => {
    const next = { ...view, ...changes };
    if (!('page' in changes) && !('checkout' in changes)) next.page = 1;
    setParams(writeAbandonedListView(next), { replace, preventScrollReset: true });
  };

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
  const filtered = Boolean(view.search.trim()) || view.status !== 'all';

  // The drawer's checkout: from the page on view, else asked for (a link to one of them).
  const onPage = items.find((item) => item.id === view.checkout);
  const single = useAbandonedCheckout(marketId, view.checkout, Boolean(page) && !onPage);
  const opened = onPage ?? single.data ?? null;
  const open = (item: AbandonedCheckout) => update({ checkout: item.id });
  const openRow = (event: MouseEvent, item: AbandonedCheckout) => {
    if ((event.target as HTMLElement).closest('a, button, input')) return;
    open(item);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="abandoned-title">
          {t('abandoned.list.title')}
        </Title>
        <Text c="dimmed">{t('abandoned.list.subtitle')}</Text>
      </div>

      <ReminderSettings marketId={marketId} saved={page ? page.reminderMinutes : undefined} />

      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('abandoned.list.search')}
            placeholder={t('abandoned.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              searchText ? (
                <CloseButton size="sm" aria-label={t('abandoned.list.clearSearch')} onClick={() => setSearchText('')} />
              ) : null
            }
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            maxLength={abandonedLimits.search}
            type="search"
            style={{ flex: '1 1 260px' }}
            data-testid="abandoned-search"
          />
          <SegmentedControl
            aria-label={t('abandoned.list.status')}
            data={ABANDONED_STATUSES.map((s) => ({ value: s, label: t(`abandoned.status.${s}`) }))}
            value={view.status}
            onChange={(value) => update({ status: value as AbandonedStatus })}
            data-testid="abandoned-status"
          />
        </Group>
      </Paper>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('abandoned.list.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <Paper withBorder radius="lg" p="xl" data-testid={filtered ? 'abandoned-no-match' : 'abandoned-empty'}>
          <Stack align="center" gap="sm" py="xl" ta="center">
            <ThemeIcon variant="light" size={64} radius="xl" color={filtered ? 'gray' : 'cyan'}>
              <IconShoppingCartOff size={32} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {filtered ? t('abandoned.empty.noMatchTitle') : t('abandoned.empty.title')}
            </Title>
            <Text c="dimmed" maw={460}>
              {filtered
                ? t('abandoned.empty.noMatchText')
                : t('abandoned.empty.text', { minutes: page.reminderMinutes ?? abandonedLimits.defaultMinutes })}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={880}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="abandoned-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('abandoned.list.contact')}</Table.Th>
                  <Table.Th>{t('abandoned.list.cart')}</Table.Th>
                  <Table.Th ta="right">{t('abandoned.list.value')}</Table.Th>
                  <Table.Th>{t('abandoned.list.age')}</Table.Th>
                  <Table.Th>{t('abandoned.list.reminder')}</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>{t('abandoned.list.link')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page
                  ? Array.from({ length: 4 }, (_, i) => (
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
                        data-testid="abandoned-row"
                        data-id={item.id}
                      >
                        <Table.Td>
                          <Text size="sm" fw={600} data-testid="abandoned-email">
                            {item.customerName ?? item.email}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {item.customerName ? item.email : null}
                            {item.customerName && item.phone ? ' · ' : null}
                            {item.phone && shownPhone(item.phone)}
                          </Text>
                        </Table.Td>
                        <Table.Td maw={280}>
                          <Text size="sm" lineClamp={2} data-testid="abandoned-lines">
                            {linesSummary(item, t)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('abandoned.list.items', { count: item.itemCount })}
                            {item.orderName ? ` · ${t('abandoned.list.placed', { name: item.orderName })}` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" fw={600} data-testid="abandoned-value">
                            {formatMoney(item.total, language)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label={moment(item.updatedAt, language, timeZone, t)}>
                            <Text size="sm" span>
                              {t('abandoned.list.ago', { age: age(item.updatedAt, t) })}
                            </Text>
                          </Tooltip>
                        </Table.Td>
                        <Table.Td>
                          <ReminderBadge checkout={item} language={language} timeZone={timeZone} />
                        </Table.Td>
                        <Table.Td>
                          <CopyLink url={item.recoveryUrl} />
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
              <Text size="sm" c="dimmed" data-testid="abandoned-total">
                {t('abandoned.list.showing', { from, to, total })}
              </Text>
              <Select
                aria-label={t('abandoned.list.pageSize')}
                data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('abandoned.list.perPage', { size }) }))}
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
                getControlProps={(control) => ({ 'aria-label': t(`abandoned.list.pagination.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('abandoned.list.pagination.page', { page: n }) })}
              />
            )}
          </Group>
        </Paper>
      )}

      <CheckoutDrawer
        checkout={opened}
        opened={Boolean(view.checkout)}
        missing={Boolean(view.checkout) && single.isError}
        onClose={() => update({ checkout: null })}
        timeZone={timeZone}
      />
    </Stack>
  );
}
