import { Alert, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  ABANDONED_STATUSES,
  type AbandonedCheckout,
  type AbandonedStatus,
  abandonedLimits,
  formatMoney,
} from '@shop/shared';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useRootData } from '../../ui/preferences';
import { ScrollingChoices } from '../../ui/scrolling-choices';
import { SearchInput } from '../../ui/search-input';
import { CopyLink, ReminderBadge } from './badges';
import { CheckoutDrawer } from './checkout-drawer';
import { age, linesSummary, moment, shownPhone } from './format';
import { PAGE_SIZES, readAbandonedListView, toAbandonedListQuery, writeAbandonedListView } from './list-params';
import { useAbandonedCheckout, useAbandonedList } from './queries';
import { ReminderSettings } from './reminder-settings';

const COLUMNS = 6;

/**
 * Checkouts with contact details that were not paid (SPEC §2 cp/abandoned-checkouts): their cart
 * and value, the reminder e-mail's state, whether they were recovered, and the recovery link to
 * send by hand. One opens in a drawer; the whole view is kept in the URL.
 */
export function AbandonedCheckoutList({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  // Opening a checkout in the drawer is not a new view of the rows: it stays on their page.
  const { view, update, searchText, setSearchText } = useListView(readAbandonedListView, writeAbandonedListView, {
    keepPage: ['checkout'],
  });
  const query = useMemo(() => toAbandonedListQuery(marketId, view), [marketId, view]);
  const list = useAbandonedList(query);

  const page = list.data;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
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
          <SearchInput
            label={t('abandoned.list.search')}
            placeholder={t('abandoned.list.searchPlaceholder')}
            clearLabel={t('abandoned.list.clearSearch')}
            value={searchText}
            onChange={setSearchText}
            maxLength={abandonedLimits.search}
            testId="abandoned-search"
          />
          <ScrollingChoices
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
        <ListEmpty
          filtered={filtered}
          icon={<IconShoppingCartOff size={32} aria-hidden />}
          title={filtered ? t('abandoned.empty.noMatchTitle') : t('abandoned.empty.title')}
          text={
            filtered
              ? t('abandoned.empty.noMatchText')
              : t('abandoned.empty.text', { minutes: page.reminderMinutes ?? abandonedLimits.defaultMinutes })
          }
          maw={460}
          testId={filtered ? 'abandoned-no-match' : 'abandoned-empty'}
        />
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
                {!page ? (
                  <SkeletonRows rows={4} columns={COLUMNS} />
                ) : (
                  items.map((item) => (
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
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="abandoned.list"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'abandoned-total' }}
          />
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
