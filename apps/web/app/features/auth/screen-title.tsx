import { Text, Title } from '@mantine/core';

/** The heading of an account screen and the line under it. */
export function ScreenTitle({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" size="sm">
        {subtitle}
      </Text>
    </div>
  );
}
