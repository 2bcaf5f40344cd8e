import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type PopupView, searchKey, textComparer } from '@shop/shared';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { popupsQuery } from '../../features/discounts/queries';
import { DiscountStatusBadge } from '../../features/discounts/status-badge';
import { useControlPanel } from '../../lib/control-panel';
import { intlTimeZone } from '../../lib/display';
import { languageOf } from '../../lib/i18n';
import { panelTitle } from '../../lib/panel-title';
import { EmptyState, PageHeader } from '../../ui/panel';
import { SearchInput } from '../../ui/search-input';
import type { Route } from './+types/pop-up';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.popups');

type Filter = 'all' | 'active' | 'inactive';

/** The store's pop-ups (SPEC §2 cp/pop-up): active and inactive, searchable, each with its window. */
export default function Popups() {
  const { t, i18n } = useTranslation();
  const { market, user } = useControlPanel();
  const popups = useQuery(popupsQuery(market.id));
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    // The catalog's search fold (İ, I, ı and i as one letter), as every other list.
    const needle = searchKey(search.trim());
    return (popups.data ?? []).filter(
      (p) =>
        (filter === 'all' || p.active === (filter === 'active')) && (!needle || searchKey(p.title).includes(needle)),
    );
  }, [popups.data, filter, search]);

  const when = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: intlTimeZone(user.timeZone),
    });
    return (p: PopupView) => format.formatRange(new Date(p.startsAt), new Date(p.endsAt));
  }, [i18n.language, user.timeZone]);

  const addButton = (
    <Button
      component={Link}
      to="/cp/add-pop-up"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="add-popup"
    >
      {t('discounts.popups.add')}
    </Button>
  );

  let body: ReactNode;
  if (popups.isPending) {
    body = <Skeleton h={200} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  } else if (popups.isError) {
    body = (
      <Paper withBorder radius="lg" p="xl" role="alert" data-testid="load-error">
        <Stack align="center" gap="sm">
          <Text c="red.8" fw={600}>
            {t('messages:POPUPS_LOAD_FAILED')}
          </Text>
          <Button variant="light" onClick={() => void popups.refetch()}>
            {t('catalog.common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (popups.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconSpeakerphone size={28} aria-hidden />}
        title={t('discounts.popups.empty.title')}
        text={t('discounts.popups.empty.text')}
        action={addButton}
        testId="popups-empty"
      />
    );
  } else {
    const sorted = [...shown].sort(
      (a, b) => b.startsAt.localeCompare(a.startsAt) || textComparer(languageOf(i18n.language))(a.title, b.title),
    );
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={(['all', 'active', 'inactive'] as const).map((value) => ({
              value,
              label: t(`discounts.popups.filter.${value}`),
            }))}
            aria-label={t('discounts.popups.filter.label')}
            data-testid="popups-filter"
          />
          <SearchInput
            label={t('discounts.popups.search')}
            placeholder={t('discounts.popups.searchPlaceholder')}
            clearLabel={t('catalog.common.clearSearch')}
            value={search}
            onChange={setSearch}
            maxLength={100}
            testId="popups-search"
          />
        </Group>
        <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="popups-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('discounts.popups.columns.title')}</Table.Th>
                <Table.Th>{t('discounts.popups.columns.percent')}</Table.Th>
                <Table.Th>{t('discounts.popups.columns.when')}</Table.Th>
                <Table.Th>{t('discounts.popups.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((popup) => (
                <Table.Tr key={popup.id} data-testid="popup-row" data-title={popup.title}>
                  <Table.Td>
                    <Text
                      component={Link}
                      to={`/cp/edit-pop-up/${popup.marketId}/${popup.id}`}
                      fw={600}
                      c="inherit"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {popup.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t('discounts.popups.card.badge', { percent: popup.percent })}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(popup)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <DiscountStatusBadge status={popup.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sorted.length === 0 && (
            <Text ta="center" c="dimmed" py="lg" data-testid="popups-no-match">
              {t('discounts.popups.noMatch')}
            </Text>
          )}
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('discounts.popups.title')}
        subtitle={t('discounts.popups.subtitle')}
        actions={popups.data?.length ? addButton : undefined}
        testId="popups-title"
      />
      {body}
    </Stack>
  );
}
