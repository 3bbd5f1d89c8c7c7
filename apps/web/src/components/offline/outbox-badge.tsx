import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Indicator,
  Loader,
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
import { startAutoSync } from '../../offline/auto-sync';
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
 * The header's badge of changes waiting to sync (issues 16 and 38), on every screen of a device that
 * holds offline data (a plant downloaded or a change made offline): accessible name "Cambios
 * pendientes: N" (the changes still to send, 0 included), the refused ones as a red count, a spinner
 * while a sync runs, and the last successful sync in its title. It opens the list, with each refused
 * change's reason and a discard (confirmed), each waiting one's attempts and last error, and the
 * "Sincronizar" button. It also starts the automatic sync (auto-sync.ts) for the logged-in layout.
 */
export function OutboxBadge() {
  const { t } = useTranslation();
  const counts = useOutboxCounts();
  const sync = useSyncState();
  const [opened, setOpened] = useState(false);
  const used = isLocalDatabaseUsed() || counts.waiting + counts.refused > 0;

  useEffect(() => {
    if (isLocalDatabaseUsed()) void refreshOutboxCounts().catch(() => undefined);
    return startAutoSync();
  }, []);

  if (!used && !opened) return null;
  const label = t('offlineWork.pending', { count: counts.waiting });
  const title = [
    label,
    counts.refused ? `${t('offlineWork.refused')}: ${formatInteger(counts.refused)}` : null,
    sync.lastSuccessAt
      ? t('offlineWork.lastSync', { date: formatDateTime(sync.lastSuccessAt) })
      : t('offlineWork.neverSynced'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <Indicator
        label={formatInteger(counts.refused || counts.waiting)}
        size={18}
        color={counts.refused ? 'red' : 'orange'}
        offset={4}
        disabled={counts.waiting + counts.refused === 0}
      >
        <ActionIcon
          variant="light"
          color={counts.waiting + counts.refused ? 'orange' : 'gray'}
          size={44}
          radius="md"
          aria-label={label}
          title={title}
          onClick={() => setOpened(true)}
        >
          {sync.running ? <Loader size={20} aria-hidden /> : <IconCloudUpload size={22} aria-hidden />}
        </ActionIcon>
      </Indicator>
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
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('offlineWork.pending', { count: counts.waiting })}
            </Text>
            <Text size="xs" c="dimmed">
              {sync.lastSuccessAt
                ? t('offlineWork.lastSync', { date: formatDateTime(sync.lastSuccessAt) })
                : t('offlineWork.neverSynced')}
            </Text>
          </Stack>
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
          <Alert color={last.stopped || last.failed ? 'orange' : last.refused ? 'red' : 'teal'} role="status">
            {last.stopped
              ? t('offlineWork.syncStopped')
              : t('offlineWork.syncDone', { sent: last.sent, refused: last.refused })}
            {!last.stopped && last.failed > 0 && (
              <Text size="sm">{t('offlineWork.syncFailed', { count: last.failed })}</Text>
            )}
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
                    {entry.status !== 'refused' && entry.attempts > 0 && (
                      <Text size="xs" c="orange.9">
                        {t('offlineWork.attempts', { count: entry.attempts })}
                        {entry.last_error && ` · ${t('offlineWork.lastError', { error: entry.last_error })}`}
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
