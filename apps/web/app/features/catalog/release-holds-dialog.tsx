import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog';

interface ReleaseHoldsDialogProps {
  opened: boolean;
  /** The SKU's name as the list shows it ("Shirt — M / Blue"). */
  title: string;
  held: number;
  /** Why the server refused, shown in the dialog until it is closed. */
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Its place in a Modal.Stack: it shows over the dialog it was opened from. */
  stackId?: string;
}

/**
 * Asks before giving back the units checkouts hold: it says what becomes of the shoppers who
 * are paying for them.
 */
export function ReleaseHoldsDialog({
  opened,
  title,
  held,
  error,
  pending,
  onConfirm,
  onClose,
  stackId,
}: ReleaseHoldsDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('catalog.held.release.title')}
      error={error}
      pending={pending}
      confirmLabel={t('catalog.held.release.confirm')}
      color="orange"
      onConfirm={onConfirm}
      onClose={onClose}
      stackId={stackId}
      testId="release-holds"
    >
      <Stack gap="sm">
        <Text size="sm">{t('catalog.held.release.text', { count: held, title })}</Text>
        <Text size="sm">{t('catalog.held.release.shoppers')}</Text>
      </Stack>
    </ConfirmDialog>
  );
}
