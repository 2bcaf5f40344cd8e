import { Anchor, Group, List, Paper, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPackageExport, IconPackageOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboardTodo } from './queries';

interface Item {
  key: 'ordersToFulfil' | 'lowStock' | 'outOfStock';
  count: number;
  to: string;
  icon: ReactNode;
  color: string;
}

/** What waits for the merchant: paid orders to send, SKUs running low or sold out. */
export function TodoCard({ marketId }: { marketId: string }) {
  const { t } = useTranslation();
  const todo = useDashboardTodo(marketId);
  const items: Item[] = todo.data
    ? [
        {
          key: 'ordersToFulfil',
          count: todo.data.ordersToFulfil,
          to: '/cp/orders?view=unfulfilled',
          icon: <IconPackageExport size={18} aria-hidden />,
          color: 'cyan',
        },
        {
          key: 'lowStock',
          count: todo.data.lowStock,
          to: '/cp/inventory?level=low',
          icon: <IconAlertTriangle size={18} aria-hidden />,
          color: 'yellow',
        },
        {
          key: 'outOfStock',
          count: todo.data.outOfStock,
          to: '/cp/inventory?level=out',
          icon: <IconPackageOff size={18} aria-hidden />,
          color: 'red',
        },
      ]
    : [];
  const waiting = items.filter((item) => item.count > 0);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="todo-title" data-testid="todo">
      <Title order={2} size="h4" id="todo-title" mb="md">
        {t('dashboard.todo.title')}
      </Title>
      {todo.isPending ? (
        <Skeleton h={72} />
      ) : todo.isError ? (
        <Text size="sm" c="red.8">
          {t('dashboard.loadError')}
        </Text>
      ) : waiting.length === 0 ? (
        <Group gap="xs" data-testid="todo-done">
          <ThemeIcon variant="light" color="teal" radius="xl" size={28}>
            <IconCircleCheck size={18} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{t('dashboard.todo.allDone')}</Text>
        </Group>
      ) : (
        <List spacing="sm" listStyleType="none" p={0} m={0}>
          {waiting.map((item) => (
            <List.Item
              key={item.key}
              data-testid={`todo-${item.key}`}
              data-count={item.count}
              icon={
                <ThemeIcon variant="light" color={item.color} radius="xl" size={28}>
                  {item.icon}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={item.to} fw={500} size="sm">
                {t(`dashboard.todo.${item.key}`, { count: item.count })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
