import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Indicator,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../lib/dialogs';
import { formatDateTime, formatInteger } from '../../lib/format';
import { useIsPhone } from '../../lib/field-layout';
import type { OutboxEntry } from '../../offline/local-outbox';
import {
  discardOutboxEntry,
  isLocalDatabaseUsed,
  listOutboxEntries,
  refreshOutboxCounts,
  startSync,
  useOutboxCounts,
  useSyncState,
} from '../../offline/outbox-status';

/**
 * The header's badge of changes waiting to sync (issue 16): shown only while there are some (waiting
 * or refused), accessible name "Cambios pendientes: N". It opens the list, with each refused change's
 * reason and a discard (confirmed), and the "Sincronizar" button.
 */
export function OutboxBadge() {
  const { t } = useTranslation();
  const counts = useOutboxCounts();
  const [opened, setOpened] = useState(false);
  const total = counts.waiting + counts.refused;

  useEffect(() => {
    if (isLocalDatabaseUsed()) void refreshOutboxCounts().catch(() => undefined);
  }, []);

  if (total === 0 && !opened) return null;
  const label = t('offlineWork.pending', { count: total });
  return (
    <>
      {total > 0 && (
        <Indicator
          label={formatInteger(total)}
          size={18}
          color={counts.refused ? 'red' : 'orange'}
          offset={4}
        >
          <ActionIcon
            variant="light"
            color="orange"
            size={44}
            radius="md"
            aria-label={label}
            title={label}
            onClick={() => setOpened(true)}
          >
            <IconCloudUpload size={22} aria-hidden />
          </ActionIcon>
        </Indicator>
      )}
      {opened && <OutboxPanel onClose={() => setOpened(false)} />}
    </>
  );
}

function OutboxPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const counts = useOutboxCounts();
  const sync = useSyncState();
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);

  const reload = useCallback(async () => setEntries(await listOutboxEntries()), []);
  useEffect(() => {
    void reload();
  }, [reload, counts.waiting, counts.refused]);

  async function discard(entry: OutboxEntry) {
    const accepted = await confirm({
      title: t('offlineWork.discardTitle'),
      message: t('offlineWork.discardConfirm'),
      acceptLabel: t('offlineWork.discard'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    await discardOutboxEntry(entry.client_uuid);
    await reload();
  }

  const last = sync.last;
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>{t('offlineWork.listTitle')}</Text>}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('offlineWork.pending', { count: counts.waiting + counts.refused })}
          </Text>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            mih={44}
            loading={sync.running}
            onClick={() => void startSync()}
          >
            {t('offlineWork.sync')}
          </Button>
        </Group>
        {sync.running && sync.progress && (
          <Stack gap={4} role="status">
            <Text size="xs">
              {t('offlineWork.syncing', { done: sync.progress.done, total: sync.progress.total })}
            </Text>
            <Progress
              value={sync.progress.total ? (100 * sync.progress.done) / sync.progress.total : 0}
              aria-hidden
            />
          </Stack>
        )}
        {!sync.running && last && (
          <Alert color={last.stopped ? 'orange' : last.refused ? 'red' : 'teal'} role="status">
            {last.stopped
              ? t('offlineWork.syncStopped')
              : t('offlineWork.syncDone', { sent: last.sent, refused: last.refused })}
            {!last.stopped && last.downloadFailed && (
              <Text size="sm">{t('offlineWork.downloadAfterSyncFailed')}</Text>
            )}
          </Alert>
        )}
        <ScrollArea.Autosize mah={isPhone ? undefined : 420}>
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('offlineWork.listTitle')}
          >
            {entries?.length === 0 && <Text size="sm">{t('offlineWork.empty')}</Text>}
            {entries?.map((entry) => (
              <Card key={entry.client_uuid} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {t(`offlineWork.kind.${entry.kind}`)}
                      {entry.payload.element_ids.length > 0 &&
                        ` · ${t('offlineWork.elements', { count: entry.payload.element_ids.length, formatted: formatInteger(entry.payload.element_ids.length) })}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('offlineWork.madeAt', {
                        date: formatDateTime(entry.recorded_at ?? entry.created_at),
                      })}
                    </Text>
                    {entry.status === 'refused' && entry.refusal_reason && (
                      <Text size="sm" c="red.8">
                        {t('offlineWork.reason', { reason: entry.refusal_reason })}
                      </Text>
                    )}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Badge color={entry.status === 'refused' ? 'red' : 'orange'} variant="light">
                      {entry.status === 'refused' ? t('offlineWork.refused') : t('offlineWork.waiting')}
                    </Badge>
                    {entry.status === 'refused' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        mih={44}
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => void discard(entry)}
                      >
                        {t('offlineWork.discard')}
                      </Button>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
