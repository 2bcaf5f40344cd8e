import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What happens if the merchant goes on. */
  children: ReactNode;
  /** Why the server refused, shown in the dialog until it is closed. */
  error: string | null;
  pending: boolean;
  confirmLabel: string;
  /** The confirm button's colour: red for what can't be undone. */
  color: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Its place in a Modal.Stack: it shows over the dialog it was opened from. */
  stackId?: string;
  /** Names its parts for the journeys: `{testId}`, `{testId}-error`, `-cancel`, `-confirm`. */
  testId: string;
  /** A refusal stays: asking again would be refused again (a category still in use). */
  disableAfterError?: boolean;
}

/** Asks before an action that changes what can't be put back; a refusal stays where it was asked. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const { opened, title, children, error, pending, confirmLabel, color, onConfirm, onClose, stackId, testId } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered stackId={stackId} data-testid={testId}>
      {children}
      {error && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          data-testid={`${testId}-error`}
        >
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus data-testid={`${testId}-cancel`}>
          {t('catalog.common.cancel')}
        </Button>
        <Button
          color={color}
          loading={pending}
          disabled={Boolean(error) && props.disableAfterError}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
