import { List, Progress, Text } from '@mantine/core';
import { passwordStrength } from '@shop/shared';
import { useTranslation } from 'react-i18next';

const COLORS = ['red', 'red', 'orange', 'yellow', 'teal'] as const;

/** Shows how strong the password is and which kinds of characters are still missing. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const levels = t('auth.strength.levels', { returnObjects: true }) as string[];
  const rules = [
    ['length', password.length >= 8],
    ['cases', /[a-z]/.test(password) && /[A-Z]/.test(password)],
    ['digit', /\d/.test(password)],
    ['special', /[^A-Za-z0-9]/.test(password)],
  ] as const;
  return (
    <div data-testid="password-strength" data-score={score}>
      <Progress value={(score / 4) * 100} color={COLORS[score]} size="sm" aria-label={t('auth.strength.label')} />
      <Text size="xs" mt={4} c={COLORS[score]}>
        {t('auth.strength.label')}: {levels[score]}
      </Text>
      <List size="xs" mt={4} spacing={2}>
        {rules.map(([rule, ok]) => (
          <List.Item key={rule} c={ok ? 'teal' : 'dimmed'}>
            {ok ? '✓ ' : '○ '}
            {t(`auth.strength.${rule}`)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
