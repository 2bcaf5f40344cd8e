import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { MantineRoot } from '../../ui/mantine';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import './auth.css';

/** The frame of the account screens: brand panel, the form card, language and theme. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <MantineRoot>
      <div className="auth">
        <aside className="auth__brand" data-keep-colors>
          <Link to="/" className="auth__logo">
            {t('common.brand')}
          </Link>
          <div>
            <h2 className="auth__headline">{t('auth.brand.headline')}</h2>
            <p className="auth__sub">{t('auth.brand.sub')}</p>
          </div>
          <p className="auth__community">{t('auth.brand.community')}</p>
        </aside>
        <main className="auth__main">
          <Group justify="space-between" className="auth__top">
            <Anchor component={Link} to="/" size="sm" hiddenFrom="md">
              {t('common.brand')}
            </Anchor>
            <Group gap="xs" ml="auto">
              <LanguageSwitch />
              <ThemeToggle />
            </Group>
          </Group>
          <Paper className="auth__card" withBorder shadow="sm" p="xl" radius="lg">
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center" mt="lg">
            © {new Date().getFullYear()} {t('common.brand')}
          </Text>
        </main>
      </div>
    </MantineRoot>
  );
}
