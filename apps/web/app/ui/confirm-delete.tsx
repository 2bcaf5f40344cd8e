import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteProps {
  opened: boolean;
  title: string;
  text: string;
  /** Why the server refused, shown in the dialog until it is closed. */
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a delete that can't be undone; a refusal stays in the dialog where it was asked. */
export function ConfirmDelete({ opened, title, text, error, pending, onConfirm, onClose }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="confirm-delete">
      <Text size="sm">{text}</Text>
      {error && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          data-testid="delete-error"
        >
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('catalog.common.cancel')}
        </Button>
        <Button
          color="red"
          loading={pending}
          disabled={Boolean(error)}
          onClick={onConfirm}
          data-testid="confirm-delete-button"
        >
          {t('catalog.common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}

/** What a delete dialog is asking about (null: closed) and why the server refused, if it did. */
export function useDeleteTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    target,
    error,
    ask: (item: T) => {
      setError(null);
      setTarget(item);
    },
    close: () => setTarget(null),
    fail: setError,
  };
}
