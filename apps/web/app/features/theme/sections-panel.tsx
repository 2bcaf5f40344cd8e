import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BUTTON_LABEL_MAX,
  SECTION_TEXT_MAX,
  SECTION_TITLE_MAX,
  SECTION_TYPES,
  SECTIONS_MAX,
  type SectionInput,
  type SectionType,
  SLIDES_MAX,
} from '@shop/shared';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconEye,
  IconEyeOff,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../ui/image-upload';
import { RichTextField } from '../../ui/rich-text-editor';
import { useSortableSensors } from '../../ui/sortable';
import { categoryChoicesQuery, collectionChoicesQuery } from './queries';

type Slide = Extract<SectionInput, { type: 'hero' }>['slides'][number];

/** A new section of a kind, with nothing chosen yet. */
export function newSection(type: SectionType): SectionInput {
  const id = crypto.randomUUID();
  switch (type) {
    case 'hero':
      return { id, type, slides: [] };
    case 'featuredCollection':
      return { id, type, title: '', collectionId: null, limit: 8 };
    case 'categoryGrid':
      return { id, type, title: '', categoryIds: [] };
    case 'productGrid':
      return { id, type, title: '', source: 'newest', collectionId: null, limit: 8 };
    case 'imageWithText':
      return { id, type, imageUrl: null, heading: '', html: '', buttonLabel: '', link: '', imageSide: 'left' };
    case 'richText':
      return { id, type, heading: '', html: '' };
    case 'newsletter':
      return { id, type, heading: '', text: '' };
    case 'bundles':
      return { id, type, title: '' };
  }
}

interface SectionsPanelProps {
  marketId: string;
  sections: SectionInput[];
  onChange: (sections: SectionInput[]) => void;
  /** The server's messages for the list, by path below it ("2.collectionId", "0.slides.1.link"). */
  errors: Record<string, string>;
}

/**
 * The home's sections (issue 16): added, removed, hidden, reordered by dragging the handle or by
 * keyboard (focus the handle, Space, arrows, Space — or the up and down buttons), and each edited
 * in place. Every change goes to the draft; the preview shows it.
 */
export function SectionsPanel({ marketId, sections, onChange, errors }: SectionsPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const sensors = useSortableSensors();
  const ids = sections.map((s) => s.id as string);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(sections, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  // What a screen reader hears while a section is moved: its name and its place in the list.
  const nameOf = (id: string | number) => {
    const section = sections.find((s) => s.id === id);
    return section ? t(`theme.sectionTypes.${section.type}`) : '';
  };
  const placeOf = (id: string | number) => ids.indexOf(String(id)) + 1;
  const move = (index: number, by: -1 | 1) => onChange(arrayMove(sections, index, index + by));
  const replace = (index: number, section: SectionInput) =>
    onChange(sections.map((s, i) => (i === index ? section : s)));
  const add = (type: SectionType) => {
    const section = newSection(type);
    onChange([...sections, section]);
    setOpen(section.id as string);
  };
  return (
    <Stack gap="sm">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('theme.sections.dragInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('theme.sections.picked', { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over ? t('theme.sections.movedOver', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined,
            onDragEnd: ({ active, over }) =>
              over ? t('theme.sections.dropped', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined,
            onDragCancel: ({ active }) => t('theme.sections.cancelled', { name: nameOf(active.id) }),
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" data-testid="theme-sections">
            {sections.map((section, index) => (
              <SectionRow
                key={section.id}
                marketId={marketId}
                section={section}
                index={index}
                count={sections.length}
                open={open === section.id}
                onToggle={() => setOpen(open === section.id ? null : (section.id as string))}
                onChange={(next) => replace(index, next)}
                onMove={(by) => move(index, by)}
                onRemove={() => onChange(sections.filter((_, i) => i !== index))}
                errors={subErrors(errors, `${index}.`)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {sections.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('theme.sections.empty')}
        </Text>
      )}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={sections.length >= SECTIONS_MAX}
            data-testid="theme-add-section"
          >
            {t('theme.sections.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {SECTION_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)} data-testid={`theme-add-${type}`}>
              {t(`theme.sectionTypes.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

/** The errors of one part of the list, their paths relative to it. */
function subErrors(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}

interface SectionRowProps {
  marketId: string;
  section: SectionInput;
  index: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  onChange: (section: SectionInput) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  errors: Record<string, string>;
}

function SectionRow({
  marketId,
  section,
  index,
  count,
  open,
  onToggle,
  onChange,
  onMove,
  onRemove,
  errors,
}: SectionRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: section.id as string,
  });
  const name = t(`theme.sectionTypes.${section.type}`);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="theme-section"
      data-type={section.type}
      data-hidden={section.hidden ? 'true' : undefined}
      bd={hasErrors ? '1px solid var(--mantine-color-red-6)' : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('theme.sections.drag', { name })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text
          fw={600}
          size="sm"
          style={{ flex: 1, minWidth: 0 }}
          c={section.hidden ? 'dimmed' : undefined}
          // Two lines before it is cut: on a phone the row's buttons leave a title ~100 px.
          lineClamp={2}
          component="button"
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          data-testid="theme-section-open"
          bg="none"
          bd={0}
          ta="start"
        >
          {name}
          {section.hidden ? ` · ${t('theme.sections.hidden')}` : ''}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('theme.sections.up', { name })}
          data-testid="theme-section-up"
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('theme.sections.down', { name })}
          data-testid="theme-section-down"
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onChange({ ...section, hidden: !section.hidden })}
          aria-label={t(section.hidden ? 'theme.sections.show' : 'theme.sections.hide', { name })}
          aria-pressed={Boolean(section.hidden)}
          data-testid="theme-section-hide"
        >
          {section.hidden ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={t('theme.sections.remove', { name })}
          data-testid="theme-section-remove"
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t('theme.sections.edit', { name })}>
          {open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        </ActionIcon>
      </Group>
      {open && (
        <Stack gap="sm" mt="sm" px="xs" pb="xs">
          <SectionForm marketId={marketId} section={section} onChange={onChange} errors={errors} />
        </Stack>
      )}
    </Paper>
  );
}

interface SectionFormProps {
  marketId: string;
  section: SectionInput;
  onChange: (section: SectionInput) => void;
  errors: Record<string, string>;
}

function SectionForm({ marketId, section, onChange, errors }: SectionFormProps) {
  const { t } = useTranslation();
  const collections = useQuery({
    ...collectionChoicesQuery(marketId),
    enabled: section.type === 'featuredCollection' || section.type === 'productGrid',
  });
  const categories = useQuery({ ...categoryChoicesQuery(marketId), enabled: section.type === 'categoryGrid' });
  const collectionOptions = collections.data ?? [];
  const set = (patch: Partial<SectionInput>) => onChange({ ...section, ...patch } as SectionInput);
  const titleField = (value: string | undefined, field: 'title' | 'heading' = 'title') => (
    <TextInput
      label={t(field === 'title' ? 'theme.fields.title' : 'theme.fields.heading')}
      description={field === 'title' ? t('theme.fields.titleHint') : undefined}
      value={value ?? ''}
      maxLength={SECTION_TITLE_MAX}
      onChange={(e) => set({ [field]: e.currentTarget.value } as Partial<SectionInput>)}
      error={errors[field]}
      data-testid={`theme-field-${field}`}
    />
  );
  const limitField = (value: number | undefined) => (
    <NumberInput
      label={t('theme.fields.limit')}
      min={2}
      max={12}
      value={value ?? 8}
      onChange={(v) => set({ limit: typeof v === 'number' ? v : 8 } as Partial<SectionInput>)}
      error={errors.limit}
    />
  );
  switch (section.type) {
    case 'hero':
      return <HeroForm section={section} onChange={onChange} errors={errors} />;
    case 'featuredCollection':
      return (
        <>
          <Select
            label={t('theme.fields.collection')}
            placeholder={t('theme.fields.chooseCollection')}
            data={collectionOptions}
            value={section.collectionId ?? null}
            onChange={(value) => set({ collectionId: value })}
            error={errors.collectionId}
            nothingFoundMessage={t('theme.fields.noCollections')}
            data-testid="theme-field-collection"
            searchable
          />
          {titleField(section.title)}
          {limitField(section.limit)}
        </>
      );
    case 'categoryGrid':
      return (
        <>
          {titleField(section.title)}
          <MultiSelect
            label={t('theme.fields.categories')}
            description={t('theme.fields.categoriesHint')}
            data={categories.data ?? []}
            value={section.categoryIds ?? []}
            onChange={(value) => set({ categoryIds: value })}
            error={Object.entries(errors).find(([path]) => path.startsWith('categoryIds'))?.[1]}
            maxValues={12}
            searchable
          />
        </>
      );
    case 'productGrid':
      return (
        <>
          <SegmentedControl
            fullWidth
            value={section.source ?? 'newest'}
            onChange={(value) => set({ source: value as 'newest' })}
            data={(['newest', 'bestSelling', 'collection'] as const).map((value) => ({
              value,
              label: t(`theme.sources.${value}`),
            }))}
            aria-label={t('theme.fields.source')}
          />
          {section.source === 'collection' && (
            <Select
              label={t('theme.fields.collection')}
              placeholder={t('theme.fields.chooseCollection')}
              data={collectionOptions}
              value={section.collectionId ?? null}
              onChange={(value) => set({ collectionId: value })}
              error={errors.collectionId}
              searchable
            />
          )}
          {titleField(section.title)}
          {limitField(section.limit)}
        </>
      );
    case 'imageWithText':
      return (
        <>
          <ImageUpload
            label={t('theme.fields.image')}
            value={section.imageUrl ?? null}
            onChange={(url) => set({ imageUrl: url })}
            error={errors.imageUrl}
          />
          {section.imageUrl && (
            <FocalPoint
              x={section.focalX ?? 50}
              y={section.focalY ?? 50}
              onChange={(focalX, focalY) => set({ focalX, focalY })}
            />
          )}
          <TextInput
            label={t('theme.fields.alt')}
            description={t('theme.fields.altHint')}
            value={section.alt ?? ''}
            onChange={(e) => set({ alt: e.currentTarget.value })}
            error={errors.alt}
          />
          <SegmentedControl
            value={section.imageSide ?? 'left'}
            onChange={(value) => set({ imageSide: value as 'left' | 'right' })}
            data={[
              { value: 'left', label: t('theme.fields.imageLeft') },
              { value: 'right', label: t('theme.fields.imageRight') },
            ]}
            aria-label={t('theme.fields.imageSide')}
          />
          {titleField(section.heading, 'heading')}
          <RichTextField
            label={t('theme.fields.text')}
            value={section.html ?? ''}
            onChange={(html) => set({ html })}
            error={errors.html}
            testId="theme-field-image-html"
          />
          <ButtonFields
            label={section.buttonLabel ?? ''}
            link={section.link ?? ''}
            onChange={(buttonLabel, link) => set({ buttonLabel, link })}
            errors={errors}
          />
        </>
      );
    case 'richText':
      return (
        <>
          {titleField(section.heading, 'heading')}
          <RichTextField
            label={t('theme.fields.text')}
            value={section.html ?? ''}
            onChange={(html) => set({ html })}
            error={errors.html}
            testId="theme-field-html"
          />
        </>
      );
    case 'newsletter':
      return (
        <>
          {titleField(section.heading, 'heading')}
          <Textarea
            label={t('theme.fields.text')}
            value={section.text ?? ''}
            maxLength={SECTION_TEXT_MAX}
            autosize
            minRows={2}
            onChange={(e) => set({ text: e.currentTarget.value })}
            error={errors.text}
          />
          <Text size="xs" c="dimmed">
            {t('theme.fields.newsletterHint')}
          </Text>
        </>
      );
    case 'bundles':
      return (
        <>
          {titleField(section.title)}
          <Text size="xs" c="dimmed">
            {t('theme.fields.bundlesHint')}
          </Text>
        </>
      );
  }
}

function ButtonFields({
  label,
  link,
  onChange,
  errors,
  prefix = '',
}: {
  label: string;
  link: string;
  onChange: (label: string, link: string) => void;
  errors: Record<string, string>;
  prefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t('theme.fields.buttonLabel')}
        value={label}
        maxLength={BUTTON_LABEL_MAX}
        onChange={(e) => onChange(e.currentTarget.value, link)}
        error={errors[`${prefix}buttonLabel`]}
        data-testid="theme-field-button"
      />
      <TextInput
        label={t('theme.fields.link')}
        description={t('theme.fields.linkHint')}
        placeholder="/collection/…"
        value={link}
        onChange={(e) => onChange(label, e.currentTarget.value)}
        error={errors[`${prefix}link`]}
        data-testid="theme-field-link"
      />
    </Group>
  );
}

/** Where the picture's subject is (in %): it stays in view however a phone or a wide screen crops it. */
function FocalPoint({ x, y, onChange }: { x: number; y: number; onChange: (x: number, y: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('theme.fields.focal')}
      </Text>
      <Slider value={x} onChange={(v) => onChange(v, y)} label={(v) => `${v}%`} aria-label={t('theme.fields.focalX')} />
      <Slider value={y} onChange={(v) => onChange(x, v)} label={(v) => `${v}%`} aria-label={t('theme.fields.focalY')} />
    </Stack>
  );
}

function HeroForm({
  section,
  onChange,
  errors,
}: {
  section: Extract<SectionInput, { type: 'hero' }>;
  onChange: (section: SectionInput) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const slides = section.slides ?? [];
  const setSlide = (index: number, patch: Partial<Slide>) =>
    onChange({ ...section, slides: slides.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  return (
    <Stack gap="md">
      {slides.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('theme.hero.empty')}
        </Text>
      )}
      {slides.map((slide, index) => (
        <Paper key={slide.id} withBorder radius="md" p="sm" data-testid="theme-slide">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {t('theme.hero.slide', { n: index + 1 })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onChange({ ...section, slides: slides.filter((_, i) => i !== index) })}
                aria-label={t('theme.hero.removeSlide', { n: index + 1 })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <ImageUpload
              label={t('theme.fields.image')}
              description={t('theme.hero.imageHint')}
              value={slide.imageUrl || null}
              onChange={(url) => setSlide(index, { imageUrl: url ?? '' })}
              error={errors[`slides.${index}.imageUrl`]}
              testId="theme-slide-image"
            />
            {slide.imageUrl && (
              <FocalPoint
                x={slide.focalX ?? 50}
                y={slide.focalY ?? 50}
                onChange={(focalX, focalY) => setSlide(index, { focalX, focalY })}
              />
            )}
            <TextInput
              label={t('theme.fields.alt')}
              description={t('theme.fields.altHint')}
              value={slide.alt ?? ''}
              onChange={(e) => setSlide(index, { alt: e.currentTarget.value })}
              error={errors[`slides.${index}.alt`]}
            />
            <TextInput
              label={t('theme.fields.heading')}
              value={slide.heading ?? ''}
              maxLength={SECTION_TITLE_MAX}
              onChange={(e) => setSlide(index, { heading: e.currentTarget.value })}
              error={errors[`slides.${index}.heading`]}
              data-testid="theme-slide-heading"
            />
            <Textarea
              label={t('theme.fields.text')}
              value={slide.text ?? ''}
              maxLength={SECTION_TEXT_MAX}
              autosize
              minRows={2}
              onChange={(e) => setSlide(index, { text: e.currentTarget.value })}
              error={errors[`slides.${index}.text`]}
            />
            <ButtonFields
              label={slide.buttonLabel ?? ''}
              link={slide.link ?? ''}
              onChange={(buttonLabel, link) => setSlide(index, { buttonLabel, link })}
              errors={errors}
              prefix={`slides.${index}.`}
            />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={slides.length >= SLIDES_MAX}
        onClick={() => onChange({ ...section, slides: [...slides, { id: crypto.randomUUID(), imageUrl: '' }] })}
        data-testid="theme-add-slide"
      >
        {t('theme.hero.addSlide')}
      </Button>
    </Stack>
  );
}
