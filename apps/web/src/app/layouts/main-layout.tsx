import { AppShell, Burger, Group, Loader, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBarcode,
  IconBuildingFactory2,
  IconBuildingStore,
  IconClipboardCheck,
  IconCloudOff,
  IconLayoutDashboard,
  IconPalette,
  IconRuler2,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation, useNavigation } from 'react-router';
import { isAdministrator } from '@heliotrack/domain/roles';
import { AppLogo } from '../../components/app-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { OfflineBanner } from '../../components/offline-banner';
import { useOfflineMode } from '../../lib/offline-mode';
import { homePath } from '../../lib/paths';
import { needsConnectionAt } from '../routes/needs-connection-route';
import { routes } from '../routes';
import { NetworkLostPrompt } from '../../components/offline/network-lost-prompt';
import { OutboxBadge } from '../../components/offline/outbox-badge';
import { useProfile } from '../../api/get-profile';
import { UserMenu } from './user-menu';
import { ForcedPasswordChange } from './forced-password-change';

interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The main layout: header (logo, language, user menu) and the menu, collapsed below 992 px. */
export function MainLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { data: user } = useProfile();
  const isOffline = useOfflineMode();

  const entries: MenuEntry[] = [
    { to: '/dashboard', label: t('nav.dashboard'), icon: <IconLayoutDashboard size={20} stroke={1.6} /> },
    { to: '/plants', label: t('nav.plants'), icon: <IconBuildingFactory2 size={20} stroke={1.6} /> },
    // Offline, the PPIs lead to the register, which answers from the device (issue 36); their list needs the server.
    { to: isOffline ? '/ppis/register' : '/ppis/main', label: t('nav.ppis'), icon: <IconClipboardCheck size={20} stroke={1.6} /> },
    { to: '/itemInventory', label: t('nav.inventory'), icon: <IconBarcode size={20} stroke={1.6} /> },
    { to: '/equipment', label: t('nav.equipment'), icon: <IconRuler2 size={20} stroke={1.6} /> },
  ];
  if (isAdministrator(user)) {
    entries.push(
      { to: '/users', label: t('nav.users'), icon: <IconUsers size={20} stroke={1.6} /> },
      {
        to: '/contractors',
        label: t('contractors.title'),
        icon: <IconBuildingStore size={20} stroke={1.6} />,
      },
      {
        to: '/plants/state-management',
        label: t('stateManagement.title'),
        icon: <IconPalette size={20} stroke={1.6} />,
      },
    );
  }

  // A one-time password (npm run admin:create): nothing but its change until it is changed.
  if (user?.must_change_password) return <ForcedPasswordChange email={user.email} />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !isMenuOpen } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMenuOpen}
              onClick={menu.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('nav.toggleMenu')}
            />
            <Link to={homePath()} style={{ color: 'inherit', textDecoration: 'none' }}>
              <AppLogo />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {navigation.state === 'loading' && <Loader size="xs" aria-label={t('app.loading')} />}
            <OutboxBadge />
            <LanguageSwitch />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.mainMenu')}>
        <AppShell.Section grow component={ScrollArea}>
          {entries.map((entry) => {
            // matchPath ignores case like the router does: /PLANTS highlights Plantas.
            const isActive = !!matchPath({ path: entry.to, end: false }, pathname);
            // Offline mode: the menu says which screens need the server (issue 16).
            const needsConnection = isOffline && needsConnectionAt(routes, entry.to);
            return (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={entry.icon}
                description={needsConnection ? t('offlineShell.needsConnection.menuMark') : undefined}
                rightSection={
                  needsConnection ? (
                    <IconCloudOff size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                  ) : undefined
                }
                c={needsConnection ? 'dimmed' : undefined}
                data-needs-connection={needsConnection || undefined}
                active={isActive}
                aria-current={isActive ? 'page' : undefined}
                onClick={menu.close}
                variant="light"
                fw={600}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                mb={4}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" px="sm" py="xs" truncate>
            {user?.client?.name}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="var(--app-ground)">
        <OfflineBanner />
        <NetworkLostPrompt />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
