import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';

/**
 * A panel screen the employee's level does not open (decision 022): said plainly, with their
 * level and the way back, instead of a page whose every call would be refused.
 */
export function NoAccess() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} data-testid="no-access">
      <Stack gap="sm" align="flex-start">
        <IconLock size={32} stroke={1.5} aria-hidden />
        <Title order={1} size="h3">
          {t('employees.noAccess.title')}
        </Title>
        <Text>
          {t('employees.noAccess.text', {
            store: market.name,
            level: t(`employees.levels.${market.access === 'owner' ? 'full' : market.access}.name`),
          })}
        </Text>
        <Button component={Link} to="/cp/home" variant="light">
          {t('employees.noAccess.home')}
        </Button>
      </Stack>
    </Paper>
  );
}
