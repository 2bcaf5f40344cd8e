import '@mantine/dropzone/styles.css';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Input, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { catalogLimits, imageUrl, limits, type MessageKey } from '@shop/shared';
import { IconGripVertical, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useUploadImage } from '../../lib/upload';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** Failures worth telling apart; anything else reads "File upload failed" (SPEC §8). */
const SPECIFIC_CODES = new Set<MessageKey>(['FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'RATE_LIMITED', 'UNAUTHORIZED']);

interface ImageGalleryProps {
  label: string;
  value: string[];
  /** Receives an updater, so that uploads finishing late never overwrite a newer order. */
  onChange: (update: (current: string[]) => string[]) => void;
  error?: React.ReactNode;
  required?: boolean;
}

/**
 * The product's images: several are uploaded at once (each through /Media/upload), the first
 * is the main image, and the order is changed by dragging — with a pointer, or from the
 * keyboard (focus a handle, Space to lift, arrows to move, Space to drop).
 */
export function ImageGallery({ label, value, onChange, error, required }: ImageGalleryProps) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadImage();
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const sensors = useSensors(
    // A short move before a drag starts, so that a click on the remove button stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const room = catalogLimits.images - value.length - uploading;

  const messageOf = (e: unknown) =>
    e instanceof ApiError && SPECIFIC_CODES.has(e.code) ? t(`messages:${e.code}`) : t('messages:FILE_UPLOAD_FAILED');

  const send = async (files: File[]) => {
    setUploadError(null);
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length < files.length) setUploadError(t('products.images.tooMany', { max: catalogLimits.images }));
    if (taken.length === 0) return;
    setUploading((n) => n + taken.length);
    // In parallel, but added in the order they were chosen.
    const results = await Promise.allSettled(taken.map((file) => upload.mutateAsync(file)));
    setUploading((n) => n - taken.length);
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.url] : []));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) setUploadError(messageOf(failed.reason));
    if (urls.length) onChange((current) => [...current, ...urls].slice(0, catalogLimits.images));
  };

  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setUploadError(
      code === 'file-too-large'
        ? t('messages:FILE_TOO_LARGE')
        : code === 'file-invalid-type'
          ? t('messages:UNSUPPORTED_FILE_TYPE')
          : t('messages:FILE_UPLOAD_FAILED'),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange((current) => {
      const from = current.indexOf(String(active.id));
      const to = current.indexOf(String(over.id));
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  };

  const position = (url: string) => value.indexOf(url) + 1;
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) =>
      t('products.images.dnd.picked', { position: position(String(active.id)) }),
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over ? t('products.images.dnd.over', { position: position(String(over.id)) }) : '',
    onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
      over ? t('products.images.dnd.dropped', { position: position(String(over.id)) }) : '',
    onDragCancel: () => t('products.images.dnd.cancelled'),
  };
  const shownError = error ?? uploadError;

  return (
    <Input.Wrapper
      label={label}
      required={required}
      description={t('products.images.hint', {
        size: Math.round(limits.imageUpload.maxBytes / 1024 / 1024),
        max: catalogLimits.images,
      })}
      error={shownError}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      id={id}
    >
      <Stack gap="sm" mt={6} data-invalid={shownError ? 'true' : undefined}>
        {(value.length > 0 || uploading > 0) && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('products.images.dnd.instructions') },
            }}
          >
            <SortableContext items={value} strategy={rectSortingStrategy}>
              <SimpleGrid cols={{ base: 3, xs: 4, md: 5 }} spacing="sm" data-testid="product-image-list">
                {value.map((url, i) => (
                  <SortableImage
                    key={url}
                    url={url}
                    index={i}
                    onRemove={() => onChange((current) => current.filter((u) => u !== url))}
                  />
                ))}
                {Array.from({ length: uploading }, (_, n) => `pending-${n}`).map((key) => (
                  <Skeleton
                    key={key}
                    radius="md"
                    style={{ aspectRatio: '1' }}
                    aria-label={t('products.images.uploading')}
                  />
                ))}
              </SimpleGrid>
            </SortableContext>
          </DndContext>
        )}
        {room > 0 && (
          <Dropzone
            onDrop={send}
            onReject={reject}
            accept={ACCEPTED_TYPES}
            maxSize={limits.imageUpload.maxBytes}
            multiple
            loading={uploading > 0}
            radius="md"
            p="md"
            inputProps={
              // The hidden file input is a form field of its own: it carries the zone's name.
              {
                'data-testid': 'product-images',
                'aria-label': t('products.images.drop'),
              } as ComponentPropsWithoutRef<'input'>
            }
            aria-label={t('products.images.drop')}
            style={shownError ? { borderColor: 'var(--mantine-color-error)' } : undefined}
          >
            <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={28} stroke={1.5} color="var(--mantine-color-cyan-7)" aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  {t('products.images.drop')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('products.images.types')}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

function SortableImage({ url, index, onRemove }: { url: string; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: url,
  });
  const main = index === 0;
  return (
    <Box
      ref={setNodeRef}
      pos="relative"
      data-testid="product-image"
      data-url={url}
      style={{
        aspectRatio: '1',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: `${main ? 2 : 1}px solid var(--mantine-color-${main ? 'cyan-6' : 'gray-3'})`,
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <UnstyledButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={
          main
            ? t('products.images.handleMain', { position: index + 1 })
            : t('products.images.handle', { position: index + 1 })
        }
        w="100%"
        h="100%"
        style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', display: 'block' }}
      >
        <img
          src={imageUrl(url, 400)}
          alt=""
          draggable={false}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        <IconGripVertical
          size={16}
          aria-hidden
          style={{ position: 'absolute', left: 4, bottom: 4, color: 'white', filter: 'drop-shadow(0 0 2px #0008)' }}
        />
      </UnstyledButton>
      {main && (
        <Badge size="xs" pos="absolute" top={6} left={6} style={{ pointerEvents: 'none' }}>
          {t('products.images.main')}
        </Badge>
      )}
      <ActionIcon
        pos="absolute"
        top={4}
        right={4}
        size="sm"
        radius="xl"
        variant="white"
        color="red"
        onClick={onRemove}
        aria-label={t('products.images.remove', { position: index + 1 })}
        data-testid="remove-image"
      >
        <IconX size={14} aria-hidden />
      </ActionIcon>
    </Box>
  );
}
