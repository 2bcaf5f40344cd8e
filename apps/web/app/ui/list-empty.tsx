import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a cp list shows instead of its table when there are no rows: nothing yet (in the list's
 * colour), or nothing that matches (`filtered`, in grey); `children` is the way on, if any.
 */
export function ListEmpty({
  filtered,
  icon,
  title,
  text,
  maw,
  testId,
  children,
}: {
  filtered: boolean;
  icon: ReactNode;
  title: string;
  text: string;
  maw: number;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon variant="light" size={64} radius="xl" color={filtered ? 'gray' : 'cyan'}>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={maw}>
          {text}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
