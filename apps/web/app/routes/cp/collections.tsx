import {
  ActionIcon,
  AspectRatio,
  Box,
  Button,
  Card,
  Group,
  Image,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CollectionView, imageUrl } from '@shop/shared';
import { IconDots, IconPencil, IconPlus, IconSearch, IconStack2, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../../features/catalog/catalog.module.css';
import { collectionsQuery, useDeleteCollection } from '../../features/catalog/queries';
import { useControlPanel } from '../../lib/control-panel';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError, PageHeader, StatusBadge } from '../../ui/panel';
import type { Route } from './+types/collections';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.collections');

const fold = (text: string, language: string) => text.toLocaleLowerCase(language).normalize('NFC');
const editPath = (c: CollectionView) => `/cp/edit-collection/${c.marketId}/${c.id}`;

/** The store's collections as cards: the cover is what a collection looks like on the storefront. */
export default function Collections() {
  const { t, i18n } = useTranslation();
  const { market } = useControlPanel();
  const notice = useNotice();
  const collections = useQuery(collectionsQuery(market.id));
  const remove = useDeleteCollection();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 150);
  const deletion = useDeleteTarget<CollectionView>();
  const toDelete = deletion.target;

  const shown = useMemo(() => {
    const all = collections.data ?? [];
    const needle = fold(debounced.trim(), i18n.language);
    return needle ? all.filter((c) => fold(c.title, i18n.language).includes(needle)) : all;
  }, [collections.data, debounced, i18n.language]);

  const addButton = (
    <Button
      component={Link}
      to="/cp/add-collection"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="add-collection"
    >
      {t('catalog.collections.add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { marketId: toDelete.marketId, id: toDelete.id },
      {
        onSuccess: () => {
          notice(t('catalog.collections.deleted', { title: toDelete.title }));
          deletion.close();
        },
        onError: (error) => deletion.fail(errorText(error, t)),
      },
    );
  };

  let body: ReactNode;
  if (collections.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={260} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (collections.isError) {
    body = <LoadError error={collections.error} onRetry={() => void collections.refetch()} />;
  } else if (collections.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconStack2 size={28} aria-hidden />}
        title={t('catalog.collections.empty.title')}
        text={t('catalog.collections.empty.text')}
        action={addButton}
        testId="collections-empty"
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Group gap="sm">
          <TextInput
            flex={1}
            maw={420}
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={t('catalog.collections.search')}
            aria-label={t('catalog.collections.search')}
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
            data-testid="collections-search"
          />
          <Text size="sm" c="dimmed">
            {t('catalog.collections.count', { count: shown.length })}
          </Text>
        </Group>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="collections-list"
        >
          {shown.map((collection) => (
            <Card
              key={collection.id}
              component="li"
              withBorder
              radius="lg"
              padding="md"
              className={classes.card}
              data-testid="collection-card"
              data-title={collection.title}
            >
              <Card.Section pos="relative">
                <AspectRatio ratio={16 / 10}>
                  <Image src={imageUrl(collection.coverImageUrl, 800)} alt="" fit="cover" loading="lazy" />
                </AspectRatio>
                <Box pos="absolute" top={8} left={8}>
                  <StatusBadge status={collection.status} onImage />
                </Box>
              </Card.Section>
              <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  {/* The title's link covers the card (a stretched link), so the whole card opens it. */}
                  <Text
                    component={Link}
                    to={editPath(collection)}
                    fw={600}
                    lineClamp={2}
                    c="inherit"
                    style={{ textDecoration: 'none', overflowWrap: 'anywhere' }}
                  >
                    <span style={{ position: 'absolute', inset: 0 }} aria-hidden />
                    {collection.title}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="collection-product-count">
                    {t('catalog.common.productCount', { count: collection.productCount })}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('catalog.collections.actionsNamed', { title: collection.title })}
                      style={{ position: 'relative', zIndex: 1 }}
                      data-testid="collection-menu"
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      component={Link}
                      to={editPath(collection)}
                      leftSection={<IconPencil size={16} aria-hidden />}
                    >
                      {t('catalog.common.edit')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => deletion.ask(collection)}
                      data-testid="collection-delete"
                    >
                      {t('catalog.common.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        {shown.length === 0 && (
          <Text ta="center" c="dimmed" py="lg" data-testid="collections-no-match">
            {t('catalog.collections.noMatch', { search: debounced.trim() })}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalog.collections.title')}
        subtitle={t('catalog.collections.subtitle')}
        actions={collections.data?.length ? addButton : undefined}
        testId="collections-title"
      />
      {body}
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('catalog.collections.deleteTitle')}
        text={toDelete ? t('catalog.collections.deleteText', { title: toDelete.title }) : ''}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
