import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

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
    <ConfirmDialog
      opened={opened}
      title={title}
      error={error}
      pending={pending}
      confirmLabel={t('catalog.common.delete')}
      color="red"
      onConfirm={onConfirm}
      onClose={onClose}
      testId="confirm-delete"
      disableAfterError
    >
      <Text size="sm">{text}</Text>
    </ConfirmDialog>
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
