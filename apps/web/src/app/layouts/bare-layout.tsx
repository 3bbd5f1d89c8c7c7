import { ActionIcon, AppShell, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { OfflineBanner } from '../../components/offline-banner';
import { useProfile } from '../../api/get-profile';
import { ForcedPasswordChange } from './forced-password-change';
import { UserMenu } from './user-menu';

/**
 * The specification's "layout without the logo" (/plants/state-management and its state groups):
 * a slim header with a way back, the language and the user menu, and the whole width for the page.
 * Routed by the state-management issue.
 */
export function BareLayout({ backTo = '/plants' }: { backTo?: string }) {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  // A one-time password (npm run admin:create): nothing but its change until it is changed.
  if (user?.must_change_password) return <ForcedPasswordChange email={user.email} />;
  return (
    <AppShell header={{ height: 52 }} padding={{ base: 'md', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <ActionIcon
            component={Link}
            to={backTo}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('nav.plants')}
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--app-ground)">
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
