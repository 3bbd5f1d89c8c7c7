import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudDownload, IconHourglass } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@heliotrack/domain/plants';
import { formatDateTime, formatFileSize, formatInteger } from '../../lib/format';
import { useOfflineMode } from '../../lib/offline-mode';
import { useAppShellReady } from '../../lib/service-worker';
import {
  downloadPlant,
  refreshStoredDownloads,
  useRunningDownloads,
  useSpaceUsed,
  useStoredDownloads,
} from '../../offline/plant-downloads';
import { notifyError, notifySuccess } from '../notifications/notify';
import { DownloadProgress } from './download-progress';
import { PlantImageryDownload } from './plant-imagery-download';

/**
 * A plant card's offline part (issue 16): "Descargar para uso sin conexión" with a progress bar
 * (elements done / total) and a cancel while it runs; once done, "Disponible sin conexión" with the
 * download's date, and the same button brings only what changed since.
 */
export function PlantDownload({ plant }: { plant: Pick<Plant, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const stored = useStoredDownloads();
  const running = useRunningDownloads().get(plant.id);
  const isOffline = useOfflineMode();
  const downloaded = stored?.get(plant.id);
  const space = useSpaceUsed();
  // The plant's data alone does not open the app offline: the app's own files must be cached too.
  const shellReady = useAppShellReady();

  useEffect(() => {
    if (stored === null) void refreshStoredDownloads().catch(() => undefined);
  }, [stored]);

  async function start() {
    try {
      const result = await downloadPlant(plant.id);
      notifySuccess(
        t('offlineWork.downloadDone', {
          plant: plant.name,
          count: result.done,
          formatted: formatInteger(result.done),
        }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!/cancel/i.test(reason))
        notifyError(t('offlineWork.downloadFailed', { plant: plant.name, reason }));
    }
  }

  return (
    <Stack gap={6} mt="sm">
      {downloaded && (
        <Group gap={6} wrap="wrap">
          {shellReady ? (
            <Badge color="teal" variant="light" leftSection={<IconCloudCheck size={14} aria-hidden />}>
              {t('offlineWork.available')}
            </Badge>
          ) : (
            <Badge
              color="gray"
              variant="light"
              leftSection={<IconHourglass size={14} aria-hidden />}
              role="status"
            >
              {t('offlineWork.preparingShell')}
            </Badge>
          )}
          {downloaded.downloaded_at && (
            <Text size="xs" c="dimmed">
              {t('offlineWork.downloadedAt', { date: formatDateTime(downloaded.downloaded_at) })}
            </Text>
          )}
          {space !== null && (
            <Text size="xs" c="dimmed">
              {t('offlineWork.spaceUsed', { size: formatFileSize(space) })}
            </Text>
          )}
        </Group>
      )}
      {downloaded && <PlantImageryDownload plant={plant} />}
      {running ? (
        <DownloadProgress
          text={
            running.total
              ? t('offlineWork.downloading', {
                  done: formatInteger(running.done),
                  total: formatInteger(running.total),
                })
              : t('offlineWork.downloadingUnknown', { done: formatInteger(running.done) })
          }
          label={t('offlineWork.download')}
          done={running.done}
          total={running.total}
          onCancel={running.cancel}
        />
      ) : (
        <Button
          variant="default"
          size="xs"
          mih={36}
          leftSection={<IconCloudDownload size={16} aria-hidden />}
          onClick={() => void start()}
          disabled={isOffline}
          aria-label={t('offlineWork.downloadFor', { plant: plant.name })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('offlineWork.download')}
        </Button>
      )}
    </Stack>
  );
}
