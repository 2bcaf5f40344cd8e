import { Modal, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of an order action (fulfil, refund): its title, and its form only while open. */
export function ActionModal({
  title,
  opened,
  onClose,
  testId,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
      data-testid={testId}
    >
      {opened && children}
    </Modal>
  );
}
