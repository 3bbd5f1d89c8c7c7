import { Alert, Button, Text } from '@mantine/core';
import { IconBuildingFactory2, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFLINE_HOME_PATH } from '../lib/paths';
import { EmptyState } from './empty-state';

/**
 * What a screen that needs the server shows while offline mode is on (issue 16): reports,
 * dashboard, administration, inventory, equipment, PPIs. Nothing answers their calls from the local
 * database, so instead of failing calls the page says so and leads back to the plants, the offline
 * start page. The routes use it through app/routes/needs-connection-route.tsx.
 */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconCloudOff size={32} aria-hidden />}
      title={<span data-testid="needs-connection">{t('offlineShell.needsConnection.title')}</span>}
      description={t('offlineShell.needsConnection.description')}
      action={
        <Button
          component={Link}
          to={OFFLINE_HOME_PATH}
          size="md"
          leftSection={<IconBuildingFactory2 size={18} aria-hidden />}
        >
          {t('offlineShell.needsConnection.goToPlants')}
        </Button>
      }
    />
  );
}

/** The same message inside a page that works offline, for a part that does not (an element's history). */
export function NeedsConnectionNote({ what }: { what: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconCloudOff size={18} aria-hidden />}
      data-testid="needs-connection"
    >
      <Text size="sm">{t('offlineShell.needsConnection.part', { what })}</Text>
    </Alert>
  );
}
