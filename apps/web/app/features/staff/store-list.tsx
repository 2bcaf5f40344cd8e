import { Alert, Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { STAFF_MARKET_PAGE_SIZE, type StaffMarket } from '@shop/shared';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { positiveParam, useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useRootData } from '../../ui/preferences';
import { SearchInput } from '../../ui/search-input';
import { staffMarketsQuery } from './queries';

const PAGE_SIZES = [STAFF_MARKET_PAGE_SIZE.default, 50, STAFF_MARKET_PAGE_SIZE.max] as const;
// The API's own limit of a search (staffMarketQuerySchema).
const SEARCH_MAX = 100;
const COLUMNS = 3;

interface StoreListView {
  search: string;
  page: number;
  pageSize: number;
}

/** The list's view from the URL; anything unknown or malformed is the default. */
function readView(params: URLSearchParams): StoreListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : STAFF_MARKET_PAGE_SIZE.default,
  };
}

/** The view as search params, defaults left out so that the plain list has a plain URL. */
function writeView(view: StoreListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('search', view.search);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== STAFF_MARKET_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

const storePath = (store: Pick<StaffMarket, 'id'>) => `/staff/stores/${store.id}`;

/**
 * Every store on the platform, newest first, found by its name or its owner's e-mail: where the
 * staff find the store whose balance they correct. The view is kept in the URL, as in the cp lists.
 */
export function StoreList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const navigate = useNavigate();
  const { view, update, searchText, setSearchText } = useListView(readView, writeView);
  const list = useQuery(
    staffMarketsQuery({ search: view.search.trim() || undefined, page: view.page, pageSize: view.pageSize }),
  );

  const page = list.data;
  const total = page?.total ?? 0;
  const openRow = (event: MouseEvent, store: StaffMarket) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(storePath(store));
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="staff-stores-title">
          {t('staff.stores.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('staff.stores.subtitle')}
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <SearchInput
          label={t('staff.stores.search')}
          placeholder={t('staff.stores.searchPlaceholder')}
          clearLabel={t('staff.stores.clearSearch')}
          value={searchText}
          onChange={setSearchText}
          maxLength={SEARCH_MAX}
          testId="staff-store-search"
        />
      </Paper>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('staff.stores.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <ListEmpty
          filtered={Boolean(view.search)}
          icon={<IconBuildingStore size={32} aria-hidden />}
          title={t(view.search ? 'staff.stores.noMatch.title' : 'staff.stores.empty.title')}
          text={t(view.search ? 'staff.stores.noMatch.text' : 'staff.stores.empty.text')}
          maw={440}
          testId={view.search ? 'staff-stores-no-match' : 'staff-stores-empty'}
        >
          {view.search && (
            <Button variant="light" onClick={() => setSearchText('')}>
              {t('staff.stores.clearSearch')}
            </Button>
          )}
        </ListEmpty>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="staff-stores-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.stores.name')}</Table.Th>
                  <Table.Th>{t('staff.stores.owner')}</Table.Th>
                  <Table.Th>{t('staff.stores.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows columns={COLUMNS} />
                ) : (
                  page.items.map((store) => (
                    <Table.Tr
                      key={store.id}
                      onClick={(event) => openRow(event, store)}
                      style={{ cursor: 'pointer' }}
                      data-testid="staff-store-row"
                    >
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={storePath(store)}
                          fw={600}
                          size="sm"
                          style={{ overflowWrap: 'anywhere' }}
                          data-testid="staff-store-link"
                        >
                          {store.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {store.ownerEmail}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(store.createdAt, language, timeZone, t)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="staff.stores"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'staff-stores-total', pagination: 'staff-stores-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}
