import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { UserView } from '@shop/shared';
import { IconChevronDown, IconLogout, IconShieldCheck, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName } from '../../lib/display';
import { useSignOut } from './queries';

/** The header's account menu: who is signed in, account settings, the staff area (staff only), sign out. */
export function UserMenu({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('cp.nav.userMenu', { name })} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.photoUrl} alt="" name={name} color="initials" size={32} radius="xl" />
            <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={140}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/cp/manage-account" leftSection={<IconUserCog size={16} aria-hidden />}>
          {t('cp.nav.manageAccount')}
        </Menu.Item>
        {user.staff && (
          <Menu.Item
            component={Link}
            to="/staff/stores"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            data-testid="staff-area-link"
          >
            {t('staff.area.menu')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={signOut.isPending}
          onClick={() => signOut.run()}
          data-testid="sign-out"
        >
          {t('cp.nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
