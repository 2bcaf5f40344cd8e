import { type Announcements, closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatMoney } from '@shop/shared';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, Thumb } from '../../ui/panel';
import { useSortableSensors } from '../../ui/sortable';
import type { PickedProduct } from './product-picker';

interface ChosenProductsProps {
  ids: string[];
  products: ReadonlyMap<string, PickedProduct>;
  onChange: (ids: string[]) => void;
}

/**
 * The collection's products in their storefront order. Dragged by the handle with a pointer,
 * or from the keyboard: focus the handle, Space picks up, arrows move, Space drops, Escape
 * cancels; every step is announced to screen readers in the interface language.
 */
export function ChosenProducts({ ids, products, onChange }: ChosenProductsProps) {
  const { t } = useTranslation();
  const sensors = useSortableSensors();

  const titleOf = (id: UniqueIdentifier) => products.get(String(id))?.title ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('catalog.collections.products.dnd.start', {
        title: titleOf(active.id),
        position: positionOf(active.id),
        total: ids.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('catalog.collections.products.dnd.over', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            total: ids.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('catalog.collections.products.dnd.end', {
        title: titleOf(active.id),
        position: positionOf(over?.id ?? active.id),
        total: ids.length,
      }),
    onDragCancel: ({ active }) =>
      t('catalog.collections.products.dnd.cancel', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  if (ids.length === 0) {
    return (
      <Paper
        withBorder
        radius="md"
        p="lg"
        bg="gray.0"
        style={{ borderStyle: 'dashed' }}
        data-testid="collection-products"
        data-count={0}
      >
        <Text size="sm" c="dimmed" ta="center">
          {t('catalog.collections.products.none')}
        </Text>
      </Paper>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('catalog.collections.products.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack
          gap={6}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="collection-products"
          data-count={ids.length}
        >
          {ids.map((id, index) => (
            <ChosenRow
              key={id}
              id={id}
              index={index}
              product={products.get(id)}
              onRemove={() => onChange(ids.filter((x) => x !== id))}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function ChosenRow({
  id,
  index,
  product,
  onRemove,
}: {
  id: string;
  index: number;
  product: PickedProduct | undefined;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const title = product?.title ?? t('catalog.collections.products.unknown');
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      px="xs"
      py={6}
      shadow={isDragging ? 'md' : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: 'var(--mantine-color-body)',
      }}
      data-testid="collection-product"
      data-title={product?.title}
      data-id={id}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          aria-label={t('catalog.collections.products.drag', { title })}
          data-testid="collection-product-handle"
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
          {index + 1}
        </Text>
        <Thumb url={product?.imageUrl} size={40} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {title}
          </Text>
          {product && (
            <Text size="xs" c="dimmed">
              {formatMoney(product.price, i18n.language)}
            </Text>
          )}
        </div>
        {product?.status === 'passive' && <StatusBadge status="passive" />}
        <Tooltip label={t('catalog.collections.products.remove')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('catalog.collections.products.removeNamed', { title })}
            data-testid="collection-product-remove"
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
