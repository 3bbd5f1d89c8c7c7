import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoDown, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ImageryLayer,
  OFFLINE_IMAGERY_DEFAULT_ZOOMS,
  offlineZoomRange,
} from '@heliotrack/domain/imagery';
import type { Plant } from '@heliotrack/domain/plants';
import { usePlantImagery } from '../../api/get-plant-imagery';
import { ApiError } from '../../lib/api-error';
import { confirm } from '../../lib/dialogs';
import { formatFileSize, formatInteger } from '../../lib/format';
import { useOfflineMode } from '../../lib/offline-mode';
import {
  downloadImagery,
  estimateImagery,
  refreshStoredImagery,
  removeStoredImagery,
  useRunningImagery,
  useStoredImagery,
} from '../../offline/imagery-downloads';
import { notifyError, notifySuccess } from '../notifications/notify';
import { DownloadProgress } from './download-progress';

/**
 * A downloaded plant card's orthophoto (issue 37): keep the plant's default layer on the device for
 * the offline map, after choosing the zooms with the size shown first; progress and cancel while
 * it comes; once kept, its size and "Liberar espacio".
 */
export function PlantImageryDownload({ plant }: { plant: Pick<Plant, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const isOffline = useOfflineMode();
  const stored = useStoredImagery();
  const kept = stored?.get(plant.id);
  const running = useRunningImagery().get(plant.id);
  const layers = usePlantImagery(plant.id, { enabled: !isOffline });
  const layer = layers.data?.find((l) => l.status === 'ready' && l.is_default) ?? null;
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    if (stored === null) void refreshStoredImagery().catch(() => undefined);
  }, [stored]);

  async function free() {
    if (!kept) return;
    const accepted = await confirm({
      title: t('offlineWork.imagery.freeTitle'),
      message: t('offlineWork.imagery.freeConfirm', { plant: plant.name, size: formatFileSize(kept.bytes) }),
      acceptLabel: t('offlineWork.imagery.free'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    await removeStoredImagery(plant.id);
    notifySuccess(t('offlineWork.imagery.freed', { plant: plant.name }));
  }

  if (running) {
    return (
      <DownloadProgress
        text={t('offlineWork.imagery.downloading', {
          done: formatInteger(running.done),
          total: formatInteger(running.total),
        })}
        label={t('offlineWork.imagery.title')}
        done={running.done}
        total={running.total}
        onCancel={running.cancel}
      />
    );
  }

  return (
    <>
      {kept && (
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            {kept.complete
              ? t('offlineWork.imagery.kept', { name: kept.name, size: formatFileSize(kept.bytes) })
              : t('offlineWork.imagery.incomplete', {
                  tiles: formatInteger(kept.tiles),
                  size: formatFileSize(kept.bytes),
                })}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            mih={36}
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => void free()}
            aria-label={t('offlineWork.imagery.freeFor', { plant: plant.name })}
          >
            {t('offlineWork.imagery.free')}
          </Button>
        </Group>
      )}
      {layer && !isOffline && (!kept || !kept.complete || kept.version !== layer.version) && (
        <Button
          variant="default"
          size="xs"
          mih={36}
          leftSection={<IconPhotoDown size={16} aria-hidden />}
          onClick={() => setChoosing(true)}
          aria-label={t('offlineWork.imagery.saveFor', { plant: plant.name })}
          style={{ alignSelf: 'flex-start' }}
        >
          {kept && !kept.complete ? t('offlineWork.imagery.resume') : t('offlineWork.imagery.save')}
        </Button>
      )}
      {layer && (
        <ImageryDownloadModal
          opened={choosing}
          onClose={() => setChoosing(false)}
          plant={plant}
          layer={layer}
          initial={
            kept && kept.layer_id === layer.id ? { min: kept.min_zoom, max: kept.max_zoom } : undefined
          }
        />
      )}
    </>
  );
}

function ImageryDownloadModal({
  opened,
  onClose,
  plant,
  layer,
  initial,
}: {
  opened: boolean;
  onClose: () => void;
  plant: Pick<Plant, 'id' | 'name'>;
  layer: ImageryLayer;
  initial?: { min: number; max: number };
}) {
  const { t } = useTranslation();
  const [zooms, setZooms] = useState(() => offlineZoomRange(layer, initial ?? OFFLINE_IMAGERY_DEFAULT_ZOOMS));
  const [asked] = useDebouncedValue(zooms, 300);
  const lowest = layer.min_zoom ?? 0;
  const highest = layer.max_zoom ?? 24;
  const estimate = useQuery({
    queryKey: ['plants', plant.id, 'imagery', layer.id, 'offline', asked.min, asked.max],
    queryFn: () => estimateImagery(plant.id, layer.id, asked),
    enabled: opened && asked.min <= asked.max,
    retry: false,
  });
  const refusal = estimate.error
    ? ((estimate.error instanceof ApiError ? estimate.error.detail : undefined) ?? estimate.error.message)
    : null;

  async function start() {
    if (!estimate.data) return;
    onClose();
    try {
      const tiles = await downloadImagery(plant.id, layer, estimate.data);
      notifySuccess(t('offlineWork.imagery.done', { plant: plant.name, tiles: formatInteger(tiles) }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!/cancel/i.test(reason))
        notifyError(t('offlineWork.imagery.failed', { plant: plant.name, reason }));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('offlineWork.imagery.title')}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {[layer.name, layer.captured_on].filter(Boolean).join(' · ')}
        </Text>
        <Group grow>
          <NumberInput
            label={t('offlineWork.imagery.minZoom')}
            min={lowest}
            max={highest}
            value={zooms.min}
            onChange={(value) => {
              const min = Math.min(highest, Math.max(lowest, Number(value) || lowest));
              setZooms((z) => ({ min, max: Math.max(min, z.max) }));
            }}
          />
          <NumberInput
            label={t('offlineWork.imagery.maxZoom')}
            min={lowest}
            max={highest}
            value={zooms.max}
            onChange={(value) => {
              const max = Math.min(highest, Math.max(lowest, Number(value) || highest));
              setZooms((z) => ({ min: Math.min(z.min, max), max }));
            }}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('offlineWork.imagery.layerZooms', { min: lowest, max: highest })}{' '}
          {t('offlineWork.imagery.zoomHint')}
        </Text>
        {refusal ? (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Text size="sm" role="status">
            {estimate.data && !estimate.isFetching
              ? t('offlineWork.imagery.estimate', {
                  tiles: formatInteger(estimate.data.tiles),
                  size: formatFileSize(estimate.data.bytes),
                })
              : t('offlineWork.imagery.estimating')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconPhotoDown size={16} aria-hidden />}
            disabled={!estimate.data || estimate.isFetching || asked !== zooms}
            onClick={() => void start()}
          >
            {t('offlineWork.imagery.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
