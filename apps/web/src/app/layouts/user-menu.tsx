import { Avatar, Badge, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDeviceMobileUp, IconKey, IconLogout, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@heliotrack/domain/auth';
import { isAdministrator } from '@heliotrack/domain/roles';
import { confirm } from '../../lib/dialogs';
import { t as translate } from '../../lib/i18n';
import { logout } from '../../lib/session';
import { HighContrastSwitch } from '../../components/high-contrast-switch';
import { OfflineModeSwitch } from '../../components/offline/offline-mode-switch';
import { getOutboxCounts, isLocalDatabaseUsed, refreshOutboxCounts } from '../../offline/outbox-status';
import { currentLocalDatabase, forgetLocalDatabase } from '../../offline/device-databases';
import { openedLocalStore } from '../../offline/opened-local-store';
import { queryClient } from '../../lib/query-client';
import { notifySuccess } from '../../components/notifications/notify';

// Its form validates with the domain's zod schema: keep zod out of the main bundle.
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/components/change-password-modal').then((m) => ({
    default: m.ChangePasswordModal,
  })),
);

// Administrators only; it also carries the date picker.
const AppVersionModal = lazy(() =>
  import('../../features/app-version/components/app-version-modal').then((m) => ({
    default: m.AppVersionModal,
  })),
);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * Logout while changes wait asks first (issue 16). The outbox lives in the local database, which a
 * logout keeps: the changes stay, and are sent only with this user's login.
 */
async function logoutAfterAsking() {
  const counts = await refreshOutboxCounts().catch(() => getOutboxCounts());
  const count = counts.waiting + counts.refused;
  const accepted =
    count === 0 ||
    (await confirm({
      title: translate('offlineWork.logoutTitle'),
      message: translate('offlineWork.logoutConfirm', { count }),
      acceptLabel: translate('header.logout'),
      acceptColor: 'red',
    }));
  if (!accepted) {
    return;
  }
  logout();
}

/**
 * "Remove this device's data" (issue 39): the current user's local database goes (downloads, outbox,
 * scan plans), after a confirmation that says how many changes would be lost. Other users' stay.
 */
async function removeDeviceDataAfterAsking() {
  const database = currentLocalDatabase();
  if (!database) return;
  const counts = isLocalDatabaseUsed() ? await refreshOutboxCounts().catch(() => getOutboxCounts()) : getOutboxCounts();
  const count = counts.waiting + counts.refused;
  const accepted = await confirm({
    title: translate('offlineWork.removeDeviceDataTitle'),
    message: count > 0 ? translate('offlineWork.removeDeviceDataConfirm', { count }) : translate('offlineWork.removeDeviceDataConfirmNone'),
    acceptLabel: translate('offlineWork.removeDeviceData'),
    acceptColor: 'red',
  });
  if (!accepted) return;
  // The database's file is deleted; an empty one takes its place, recording its owner at the next opening.
  await (await openedLocalStore()).call('reset');
  forgetLocalDatabase(database);
  queryClient.clear();
  // Loaded here only: the downloads' module stays out of the main bundle.
  const [{ refreshStoredDownloads }, { refreshStoredImagery }] = await Promise.all([
    import('../../offline/plant-downloads'),
    import('../../offline/imagery-downloads'),
  ]);
  await Promise.all([
    refreshOutboxCounts().catch(() => undefined),
    refreshStoredDownloads().catch(() => undefined),
    refreshStoredImagery().catch(() => undefined),
  ]);
  notifySuccess(translate('offlineWork.deviceDataRemoved'));
}

export function UserMenu({ user }: { user: UserProfile | undefined }) {
  const { t } = useTranslation();
  const [isChangingPassword, setChangingPassword] = useState(false);
  const [isPublishingVersion, setPublishingVersion] = useState(false);
  const name = user?.name || user?.email || '';

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          {/* Named by what it shows (initials, name) and then "Menú de usuario" (WCAG 2.5.3). */}
          <UnstyledButton
            px={6}
            py={4}
            miw={44}
            mih={44}
            style={{ borderRadius: 8 }}
          >
            <Group gap={8} wrap="nowrap">
              <Avatar color="solar" radius="xl" size={32}>
                {initials(name)}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                {name}
              </Text>
              {/* A phone's header has no room for it: the avatar alone opens the menu. */}
              <Box component="span" visibleFrom="sm" style={{ display: 'inline-flex' }}>
                <IconChevronDown size={14} aria-hidden />
              </Box>
              <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email}
            </Text>
            {user?.client?.name && (
              <Text size="xs" c="dimmed" truncate>
                {user.client.name}
              </Text>
            )}
            {isAdministrator(user) && (
              <Badge size="xs" variant="light" mt={4}>
                {t('header.administrator')}
              </Badge>
            )}
          </Menu.Label>
          <Menu.Divider />
          <OfflineModeSwitch />
          <HighContrastSwitch />
          <Menu.Divider />
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setChangingPassword(true)}>
            {t('header.changePassword')}
          </Menu.Item>
          {isAdministrator(user) && (
            <Menu.Item
              leftSection={<IconDeviceMobileUp size={16} />}
              onClick={() => setPublishingVersion(true)}
            >
              {t('nativeApp.availableVersion.title')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconTrash size={16} />} onClick={() => void removeDeviceDataAfterAsking()}>
            {t('offlineWork.removeDeviceData')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logoutAfterAsking()}
          >
            {t('header.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {isChangingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordModal onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      {isPublishingVersion && (
        <Suspense fallback={null}>
          <AppVersionModal onClose={() => setPublishingVersion(false)} />
        </Suspense>
      )}
    </>
  );
}
