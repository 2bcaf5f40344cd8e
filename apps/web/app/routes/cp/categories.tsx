import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryView } from '@shop/shared';
import { IconCategory, IconPencil, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { categoriesQuery, useDeleteCategory } from '../../features/catalog/queries';
import { useControlPanel } from '../../lib/control-panel';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError, PageHeader, StatusBadge, Thumb } from '../../ui/panel';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.categories');

/** Letters as a shopper would compare them: case and the language's own letters (İ/i, Ə/ə). */
const fold = (text: string, language: string) => text.toLocaleLowerCase(language).normalize('NFC');

/** The store's categories (all of them: a store has tens, not thousands), searched by name. */
export default function Categories() {
  const { t, i18n } = useTranslation();
  const { market } = useControlPanel();
  const navigate = useNavigate();
  const notice = useNotice();
  const categories = useQuery(categoriesQuery(market.id));
  const remove = useDeleteCategory();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 150);
  const deletion = useDeleteTarget<CategoryView>();
  const toDelete = deletion.target;

  const shown = useMemo(() => {
    const all = categories.data ?? [];
    const needle = fold(debounced.trim(), i18n.language);
    return needle ? all.filter((c) => fold(c.name, i18n.language).includes(needle)) : all;
  }, [categories.data, debounced, i18n.language]);

  const editPath = (c: CategoryView) => `/cp/edit-category/${c.marketId}/${c.id}`;
  const addButton = (
    <Button
      component={Link}
      to="/cp/add-category"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="add-category"
    >
      {t('catalog.categories.add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { marketId: toDelete.marketId, id: toDelete.id },
      {
        onSuccess: () => {
          notice(t('catalog.categories.deleted', { name: toDelete.name }));
          deletion.close();
        },
        onError: (error) => deletion.fail(errorText(error, t)),
      },
    );
  };

  let body: ReactNode;
  if (categories.isPending) {
    body = (
      <Paper withBorder radius="lg" p="md" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} my="sm" />
        ))}
      </Paper>
    );
  } else if (categories.isError) {
    body = <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  } else if (categories.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconCategory size={28} aria-hidden />}
        title={t('catalog.categories.empty.title')}
        text={t('catalog.categories.empty.text')}
        action={addButton}
        testId="categories-empty"
      />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <TextInput
            flex={1}
            maw={420}
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={t('catalog.categories.search')}
            aria-label={t('catalog.categories.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            rightSection={
              search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setSearch('')}
                  aria-label={t('catalog.common.clearSearch')}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              ) : null
            }
            data-testid="categories-search"
          />
          <Text size="sm" c="dimmed">
            {t('catalog.categories.count', { count: shown.length })}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={72}>
                  <VisuallyHidden>{t('catalog.common.image')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('catalog.categories.columns.name')}</Table.Th>
                <Table.Th>{t('catalog.categories.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('catalog.categories.columns.products')}</Table.Th>
                <Table.Th w={96}>
                  <VisuallyHidden>{t('catalog.common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text ta="center" c="dimmed" py="lg" data-testid="categories-no-match">
                      {t('catalog.categories.noMatch', { search: debounced.trim() })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shown.map((category) => (
                  <Table.Tr
                    key={category.id}
                    data-testid="category-row"
                    data-name={category.name}
                    style={{ cursor: 'pointer' }}
                    // The name is the link for keyboards and screen readers; the row is a larger target for a pointer.
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a, button')) return;
                      void navigate(editPath(category));
                    }}
                  >
                    <Table.Td>
                      <Thumb url={category.imageUrl} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={editPath(category)}
                        fw={600}
                        c="inherit"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {category.name}
                      </Anchor>
                      {category.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {category.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={category.status} />
                    </Table.Td>
                    <Table.Td ta="right" data-testid="category-product-count">
                      {t('catalog.common.productCount', { count: category.productCount })}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('catalog.common.edit')} withArrow>
                          <ActionIcon
                            component={Link}
                            to={editPath(category)}
                            variant="subtle"
                            color="gray"
                            aria-label={t('catalog.categories.editNamed', { name: category.name })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('catalog.common.delete')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('catalog.categories.deleteNamed', { name: category.name })}
                            onClick={() => deletion.ask(category)}
                            data-testid="category-delete"
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalog.categories.title')}
        subtitle={t('catalog.categories.subtitle')}
        actions={categories.data?.length ? addButton : undefined}
        testId="categories-title"
      />
      {body}
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('catalog.categories.deleteTitle')}
        text={toDelete ? t('catalog.categories.deleteText', { name: toDelete.name }) : ''}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
