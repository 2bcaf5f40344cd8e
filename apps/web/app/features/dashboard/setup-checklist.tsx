import { Anchor, Badge, Group, List, Paper, Progress, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { MarketView, UserView } from '@shop/shared';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Step {
  key: 'storeCreated' | 'logo' | 'description' | 'profile';
  done: boolean;
  /** Where the step is done; none once there is nothing left to do there. */
  to?: string;
}

export function setupSteps(user: UserView, market: MarketView): Step[] {
  return [
    { key: 'storeCreated', done: true },
    { key: 'logo', done: Boolean(market.logoUrl), to: '/cp/general' },
    { key: 'description', done: Boolean(market.description?.trim()), to: '/cp/general' },
    {
      key: 'profile',
      done: Boolean(user.firstName?.trim() && user.lastName?.trim() && user.phone),
      to: '/cp/manage-account',
    },
  ];
}

/** What is left to set the store up; only facts the panel knows. */
export function SetupChecklist({ steps }: { steps: Step[] }) {
  const { t } = useTranslation();
  const done = steps.filter((s) => s.done).length;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="checklist-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="checklist-title">
          {t('cp.home.checklist.title')}
        </Title>
        <Badge variant="light" color={done === steps.length ? 'green' : 'cyan'} data-testid="checklist-progress">
          {t('cp.home.checklist.progress', { done, total: steps.length })}
        </Badge>
      </Group>
      <Progress value={(done / steps.length) * 100} size="sm" mb="md" aria-hidden />
      <List spacing="md" listStyleType="none" p={0} m={0}>
        {steps.map((step) => (
          <List.Item
            key={step.key}
            data-testid={`checklist-${step.key}`}
            data-done={step.done}
            icon={
              <ThemeIcon variant="transparent" color={step.done ? 'green' : 'gray'} size={24}>
                {step.done ? (
                  <IconCircleCheckFilled size={22} aria-hidden />
                ) : (
                  <IconCircleDashed size={22} aria-hidden />
                )}
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={500} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
              {t(`cp.home.checklist.${step.key}`)}
              <VisuallyHidden> ({t(step.done ? 'cp.home.checklist.done' : 'cp.home.checklist.todo')})</VisuallyHidden>
            </Text>
            {!step.done && step.to && (
              <Anchor component={Link} to={step.to} size="sm">
                {t(`cp.home.checklist.${step.key}Action`)}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
