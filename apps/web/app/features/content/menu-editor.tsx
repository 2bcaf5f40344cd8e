import { type Announcements, closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  MENU_ITEMS_MAX,
  type MenuItemInput,
  type MenuItemKind,
  type MenuItemView,
  type MenuLocation,
  menuSchemaFor,
} from '@shop/shared';
import { IconGripVertical, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { useSortableSensors } from '../../ui/sortable';
import { LinkDialog } from './link-dialog';
import { useSaveMenu } from './queries';
import { type LinkTargets, useDescribeLink } from './targets';

/** A line of the menu being edited; `key` keeps it apart while it moves. */
interface Row {
  key: string;
  kind: MenuItemKind;
  label: string;
  target: string;
  /** What the server said of a saved line (its target's name, whether shoppers see it). */
  saved?: Pick<MenuItemView, 'name' | 'shown'>;
}

let rowCounter = 0;
const rowKey = () => `row-${++rowCounter}`;
const rowsOf = (items: MenuItemView[]): Row[] =>
  items.map((item) => ({ key: rowKey(), kind: item.kind, label: item.label, target: item.target, saved: item }));
const inputOf = (row: Pick<Row, 'kind' | 'label' | 'target'>): MenuItemInput => ({
  kind: row.kind,
  label: row.label,
  target: row.target,
});
const sameItems = (rows: Row[], items: MenuItemView[]) =>
  JSON.stringify(rows.map(inputOf)) === JSON.stringify(items.map(inputOf));

interface MenuEditorProps {
  marketId: string;
  location: MenuLocation;
  /** The menu as saved. */
  saved: MenuItemView[];
  targets: LinkTargets;
  /** Tells the screen whether the menu has unsaved changes (its guard asks before leaving). */
  onDirtyChange: (part: string, dirty: boolean) => void;
}

/**
 * One menu as an ordered list: a link is added by choosing what it leads to (or typing another
 * site's address), edited, removed, and moved — dragged by its handle, or from the keyboard
 * (focus the handle, Space picks up, arrows move, Space drops, Escape cancels; every step is
 * announced). Nothing reaches the store until the menu is saved; the server's refusals show on
 * their lines.
 */
export function MenuEditor({ marketId, location, saved, targets, onDirtyChange }: MenuEditorProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveMenu(marketId, location);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The link dialog: closed, a new link, or the line at that index. */
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const describe = useDescribeLink(targets);
  const max = MENU_ITEMS_MAX[location];
  const dirty = !sameItems(rows, saved);

  // A menu changed elsewhere (a page deleted takes its links along) is taken in unless edited here.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => onDirtyChange(`menu-${location}`, dirty), [onDirtyChange, location, dirty]);
  useEffect(() => {
    if (!dirtyRef.current) setRows(rowsOf(saved));
  }, [saved]);

  const sensors = useSortableSensors();
  const titleOf = (id: UniqueIdentifier) => {
    const row = rows.find((r) => r.key === id);
    return row ? describe(row).title : '';
  };
  const positionOf = (id: UniqueIdentifier) => rows.findIndex((r) => r.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('content.menus.dnd.start', { title: titleOf(active.id), position: positionOf(active.id), total: rows.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('content.menus.dnd.over', { title: titleOf(active.id), position: positionOf(over.id), total: rows.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('content.menus.dnd.end', {
        title: titleOf(active.id),
        position: positionOf(over?.id ?? active.id),
        total: rows.length,
      }),
    onDragCancel: ({ active }) =>
      t('content.menus.dnd.cancel', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const change = (next: Row[]) => {
    setRows(next);
    // A line's message belongs to where it was: moved or removed lines start clean.
    setErrors({});
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.key === active.id);
    const to = rows.findIndex((r) => r.key === over.id);
    change(arrayMove(rows, from, to));
  };

  const submit = async () => {
    const items = rows.map(inputOf);
    const local = localizedResolver(menuSchemaFor(location), t)({ items });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      const answer = await save.mutateAsync(items);
      setRows(rowsOf(answer));
      setErrors({});
      notice(t(`content.menus.saved.${location}`));
    } catch (error) {
      setErrors(fieldErrors(error, t));
      notice(errorText(error, t), 'error');
    }
  };

  const name = t(`content.menus.${location}.title`);
  const open = editing ? (editing.index === null ? null : (rows[editing.index] ?? null)) : null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`menu-${location}`} data-dirty={dirty || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`content.menus.${location}.hint`)}
            </Text>
          </div>
          <Text size="xs" c="dimmed" data-testid={`menu-${location}-count`}>
            {t('content.menus.count', { count: rows.length, max })}
          </Text>
        </Group>

        {rows.length === 0 ? (
          <Paper
            withBorder
            radius="md"
            p="md"
            bg="var(--mantine-color-default-hover)"
            style={{ borderStyle: 'dashed' }}
          >
            <Text size="sm" c="dimmed" ta="center" data-testid={`menu-${location}-empty`}>
              {t(`content.menus.${location}.empty`)}
            </Text>
          </Paper>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('content.menus.dnd.instructions') },
            }}
          >
            <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
              <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={name}>
                {rows.map((row, index) => (
                  <MenuRow
                    key={row.key}
                    row={row}
                    index={index}
                    description={describe(row)}
                    error={
                      errors[`items.${index}.target`] ?? errors[`items.${index}.label`] ?? errors[`items.${index}.kind`]
                    }
                    onEdit={() => setEditing({ index })}
                    onRemove={() => change(rows.filter((r) => r.key !== row.key))}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
        {errors.items && (
          <Text size="sm" c="red.8" role="alert" data-testid={`menu-${location}-error`}>
            {errors.items}
          </Text>
        )}

        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ index: null })}
            disabled={rows.length >= max}
            data-testid={`menu-${location}-add`}
          >
            {t('content.menus.add')}
          </Button>
          <Group gap="xs">
            {dirty && (
              <Button
                variant="subtle"
                color="gray"
                onClick={() => change(rowsOf(saved))}
                data-testid={`menu-${location}-discard`}
              >
                {t('content.menus.discard')}
              </Button>
            )}
            <Button onClick={submit} loading={save.isPending} disabled={!dirty} data-testid={`menu-${location}-save`}>
              {t('content.menus.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <LinkDialog
        opened={editing !== null}
        location={location}
        link={open}
        targets={targets}
        onClose={() => setEditing(null)}
        onSubmit={(link) => {
          if (editing?.index === null || editing === null) change([...rows, { key: rowKey(), ...link }]);
          else change(rows.map((row, i) => (i === editing.index ? { key: row.key, ...link } : row)));
          setEditing(null);
        }}
      />
    </Paper>
  );
}

function MenuRow({
  row,
  index,
  description,
  error,
  onEdit,
  onRemove,
}: {
  row: Row;
  index: number;
  description: { title: string; detail: string; state: 'shown' | 'hidden' | 'gone' };
  error: string | undefined;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
  });
  const { title, detail, state } = description;
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
        borderColor: error ? 'var(--mantine-color-red-6)' : undefined,
      }}
      data-testid="menu-row"
      data-kind={row.kind}
      data-title={title}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          aria-label={t('content.menus.drag', { title })}
          data-testid="menu-row-handle"
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" w={20} ta="right" aria-hidden>
          {index + 1}
        </Text>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end" data-testid="menu-row-title">
            {title}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {detail}
          </Text>
          {error && (
            <Text size="xs" c="red.8" data-testid="menu-row-error">
              {error}
            </Text>
          )}
        </div>
        {state !== 'shown' && (
          <Tooltip label={t(`content.menus.state.${state}Hint`)} withArrow multiline w={240}>
            <Badge variant="light" color={state === 'gone' ? 'red' : 'gray'} data-testid="menu-row-state">
              {t(`content.menus.state.${state}`)}
            </Badge>
          </Tooltip>
        )}
        <Tooltip label={t('content.menus.edit')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onEdit}
            aria-label={t('content.menus.editNamed', { title })}
            data-testid="menu-row-edit"
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('content.menus.remove')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('content.menus.removeNamed', { title })}
            data-testid="menu-row-remove"
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
