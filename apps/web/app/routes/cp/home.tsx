import {
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName, formatDate } from '../../features/account/display';
import { useControlPanel } from '../../features/markets/control-panel';
import { StoreCard } from '../../features/markets/store-card';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Home · Control panel' }];

interface Step {
  key: 'storeCreated' | 'logo' | 'description' | 'profile';
  done: boolean;
  /** Where the step is done; none once there is nothing left to do there. */
  to?: string;
}

/** The chosen store at a glance and what is left to set it up; only facts the panel knows. */
export default function Home() {
  const { t } = useTranslation();
  const { user, market } = useControlPanel();
  const { language } = useRootData();
  const steps: Step[] = [
    { key: 'storeCreated', done: true },
    { key: 'logo', done: Boolean(market.logoUrl), to: '/cp/general' },
    { key: 'description', done: Boolean(market.description?.trim()), to: '/cp/general' },
    {
      key: 'profile',
      done: Boolean(user.firstName?.trim() && user.lastName?.trim() && user.phone),
      to: '/cp/manage-account',
    },
  ];
  const done = steps.filter((s) => s.done).length;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2" data-testid="cp-home-title">
          {t('cp.home.greeting', { name: displayName(user) })}
        </Title>
        <Text c="dimmed">{t('cp.home.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StoreCard market={market} created={formatDate(market.createdAt, language, user.timeZone, t)} />
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
                <Text
                  size="sm"
                  fw={500}
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {t(`cp.home.checklist.${step.key}`)}
                  <VisuallyHidden>
                    {' '}
                    ({t(step.done ? 'cp.home.checklist.done' : 'cp.home.checklist.todo')})
                  </VisuallyHidden>
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
      </SimpleGrid>
    </Stack>
  );
}
