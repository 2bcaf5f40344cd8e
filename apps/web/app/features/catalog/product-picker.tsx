import { ActionIcon, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, type ProductListItem } from '@shop/shared';
import { IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { StatusBadge, Thumb } from '../../ui/panel';
import classes from './catalog.module.css';
import { productPickerQuery } from './queries';

/** What the editor keeps of a chosen product to show it. */
export type PickedProduct = Pick<ProductListItem, 'id' | 'title' | 'imageUrl' | 'price' | 'status'>;

export const pickedOf = (p: ProductListItem): PickedProduct => ({
  id: p.id,
  title: p.title,
  imageUrl: p.imageUrl,
  price: p.price,
  status: p.status,
});

interface ProductPickerProps {
  marketId: string;
  chosen: ReadonlySet<string>;
  onToggle: (product: PickedProduct) => void;
  /** What choosing and un-choosing a product is called where the picker is used (a collection's by default). */
  labels?: { add: (title: string) => string; remove: (title: string) => string };
}

/**
 * Finds products to put in a collection (or a bundle). The catalog is searched on the server, 24 at a time
 * (GET /Products/all/{marketId}?search=…&pageSize=24), with "show more" for the next page: a
 * store with thousands of products never sends them all to the browser.
 */
export function ProductPicker({ marketId, chosen, onToggle, labels }: ProductPickerProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const results = useInfiniteQuery(productPickerQuery(marketId, debounced));
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const searching = results.isFetching && !results.isFetchingNextPage;

  return (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          searching ? (
            <Loader size={14} />
          ) : search ? (
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
        label={t('catalog.collections.products.searchLabel')}
        placeholder={t('catalog.collections.products.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        // Enter in the search box must not submit the whole collection.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        aria-controls="collection-product-results"
        data-testid="collection-product-search"
      />
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack gap={2} id="collection-product-results" aria-busy={results.isFetching}>
          {results.isPending ? (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Group>
          ) : results.isError ? (
            <Text size="sm" c="red.8" py="sm" role="alert">
              {errorText(results.error, t)}
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm" ta="center" role="status" data-testid="collection-product-none">
              {debounced
                ? t('catalog.collections.products.noResults', { search: debounced })
                : t('catalog.collections.products.noProducts')}
            </Text>
          ) : (
            items.map((product) => {
              const isChosen = chosen.has(product.id);
              return (
                <UnstyledButton
                  key={product.id}
                  onClick={() => onToggle(pickedOf(product))}
                  aria-pressed={isChosen}
                  aria-label={
                    labels
                      ? (isChosen ? labels.remove : labels.add)(product.title)
                      : t(
                          isChosen
                            ? 'catalog.collections.products.removeNamed'
                            : 'catalog.collections.products.addNamed',
                          { title: product.title },
                        )
                  }
                  data-testid="collection-product-option"
                  data-title={product.title}
                  data-chosen={isChosen}
                  px="xs"
                  py={6}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  className={classes.option}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Thumb url={product.imageUrl} size={36} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {product.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatMoney(product.price, i18n.language)}
                        {product.sku ? ` · ${product.sku}` : ''}
                      </Text>
                    </div>
                    {product.status === 'passive' && <StatusBadge status="passive" />}
                    {isChosen ? (
                      <Group gap={4} c="cyan.8" wrap="nowrap">
                        <IconCheck size={16} aria-hidden />
                        <Text size="xs" fw={600}>
                          {t('catalog.collections.products.added')}
                        </Text>
                      </Group>
                    ) : (
                      <IconPlus size={16} aria-hidden color="var(--mantine-color-gray-6)" />
                    )}
                  </Group>
                </UnstyledButton>
              );
            })
          )}
        </Stack>
      </ScrollArea.Autosize>
      {items.length > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" role="status">
            {t('catalog.collections.products.shown', { shown: items.length, count: total })}
          </Text>
          {results.hasNextPage && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => void results.fetchNextPage()}
              loading={results.isFetchingNextPage}
              data-testid="collection-product-more"
            >
              {t('catalog.collections.products.more')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
