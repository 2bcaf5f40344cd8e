import { Box, Button, FileButton, Group, Image, Input, LoadingOverlay, Stack, Text } from '@mantine/core';
import { limits, type MessageKey } from '@shop/shared';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { useUploadImage } from '../lib/upload';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** Failures worth telling apart; anything else reads "File upload failed" (SPEC §8). */
const SPECIFIC_CODES = new Set<MessageKey>(['FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'RATE_LIMITED', 'UNAUTHORIZED']);

interface ImageUploadProps {
  label: string;
  description?: string;
  /** The uploaded image's URL (/uploads/…), or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Set on the file input, so that a test can hand it a file. */
  testId?: string;
  /** The form's message for this field (e.g. "Cover image is required"). */
  error?: React.ReactNode;
  round?: boolean;
}

/**
 * An optional image: a drop area with a preview, plus buttons to choose, replace or remove.
 * The file goes up at once through /Media/upload; the form only keeps the returned URL.
 */
export function ImageUpload({
  label,
  description,
  value,
  onChange,
  testId,
  round = false,
  error: formError,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const upload = useUploadImage();
  const [uploadError, setError] = useState<string | null>(null);
  // A failed upload says why; otherwise the form's own message for the field.
  const error = uploadError ?? formError ?? null;
  const [dragging, setDragging] = useState(false);
  const resetRef = useRef<() => void>(null);

  const send = (file: File | null) => {
    // Clear the input so that choosing the same file again still fires a change.
    resetRef.current?.();
    if (!file) return;
    setError(null);
    // The server decides from the bytes; this only spares an obviously wrong upload.
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) return setError(t('messages:UNSUPPORTED_FILE_TYPE'));
    if (file.size > limits.imageUpload.maxBytes) return setError(t('messages:FILE_TOO_LARGE'));
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: (e) =>
        setError(
          e instanceof ApiError && SPECIFIC_CODES.has(e.code)
            ? t(`messages:${e.code}`)
            : t('messages:FILE_UPLOAD_FAILED'),
        ),
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0] ?? null);
  };

  const radius = round ? '50%' : 'var(--mantine-radius-md)';
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      errorProps={{ role: 'alert', 'data-testid': testId ? `${testId}-error` : undefined }}
    >
      <Group gap="md" wrap="nowrap" mt={6} align="center">
        <Box
          pos="relative"
          w={96}
          h={96}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            borderRadius: radius,
            border: `1px dashed var(--mantine-color-${dragging ? 'cyan-6' : error ? 'red-6' : 'gray-4'})`,
            background: dragging ? 'var(--mantine-color-cyan-0)' : 'var(--mantine-color-gray-0)',
          }}
        >
          {value ? (
            <Image src={value} alt={t('cp.image.preview', { label })} w={96} h={96} fit="cover" />
          ) : (
            <IconPhoto size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
          <LoadingOverlay visible={upload.isPending} loaderProps={{ size: 'sm' }} />
        </Box>
        {/* Takes the row's rest and no more: its hint wraps on a phone instead of running past the card. */}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('cp.image.hint', { size: Math.round(limits.imageUpload.maxBytes / 1024 / 1024) })}
          </Text>
          <Group gap="xs">
            <FileButton
              onChange={send}
              accept={ACCEPTED_TYPES.join(',')}
              resetRef={resetRef}
              inputProps={testId ? ({ 'data-testid': testId } as ComponentPropsWithoutRef<'input'>) : undefined}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  loading={upload.isPending}
                >
                  {value ? t('cp.image.replace') : t('cp.image.upload')}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => {
                  setError(null);
                  onChange(null);
                }}
              >
                {t('cp.image.remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
