import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentInfo, StateChangeHistoryItem } from '@heliotrack/domain/elements';
import { NeedsConnectionNote } from '../../../components/needs-connection';
import { QueryError } from '../../../components/query-error';
import { useOfflineMode } from '../../../lib/offline-mode';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { stateCssColor } from '../../../components/state-badge/state-color';
import { notifyError } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, formatFileSize, formatInteger } from '../../../lib/format';
import { useDownloadDocument } from '../../../components/documents/download-document';
import { useElementStateChanges } from '../api/get-element-state-changes';

function DocumentLink({ document }: { document: DocumentInfo }) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() =>
        download.mutate(document, {
          onError: (error) =>
            notifyError(
              (isApiError(error) && error.detail) || t('documents.downloadFailed', { name: document.name }),
            ),
        })
      }
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      aria-label={t('documents.download', { name: document.name })}
    >
      <IconPaperclip size={14} aria-hidden />
      {document.name}
      <Text span size="xs" c="dimmed">
        ({formatFileSize(document.size)})
      </Text>
    </Anchor>
  );
}

function HistoryEntry({ item }: { item: StateChangeHistoryItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        {item.previous_state && (
          <>
            <StateBadge state={item.previous_state} size="sm" opacity={0.7} />
            <IconArrowRight size={14} aria-label={t('elements.history.to')} />
          </>
        )}
        <StateBadge state={item.state} size="sm" />
        {item.element_count > 1 && (
          <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none">
            {t('elements.history.massive', {
              count: item.element_count,
              formatted: formatInteger(item.element_count),
            })}
          </Badge>
        )}
        {item.late && (
          <Badge size="sm" variant="light" color="orange" radius="sm" tt="none" title={t('elements.history.lateHint')}>
            {t('elements.history.late')}
          </Badge>
        )}
        {item.conflict && (
          <Badge size="sm" variant="light" color="red" radius="sm" tt="none">
            {t('elements.history.conflict')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(item.created_at)}
        {item.user ? ` · ${item.user.name}` : ''}
        {item.observed_at !== item.created_at ? ` · ${t('elements.history.observedAt', { date: formatDateTime(item.observed_at) })}` : ''}
      </Text>
      {(item.contractor || item.transaction_type) && (
        <Text size="sm">
          {item.contractor && t('elements.history.contractor', { name: item.contractor.name })}
          {item.contractor && item.transaction_type ? ' · ' : ''}
          {item.transaction_type &&
            t('elements.history.transactionType', {
              name: item.transaction_type.description || item.transaction_type.code,
            })}
        </Text>
      )}
      {item.observations && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.observations}
        </Text>
      )}
      {item.documents.length > 0 && (
        <Stack gap={2} align="flex-start">
          {item.documents.map((document) => (
            <DocumentLink key={document.id} document={document} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Every state change of an element, newest first, a page at a time. */
/** The element's history: from the server only, so offline mode shows that it needs a connection. */
export function ElementHistory({ elementId }: { elementId: number }) {
  const { t } = useTranslation();
  const isOffline = useOfflineMode();
  if (isOffline) return <NeedsConnectionNote what={t('offlineShell.needsConnection.history')} />;
  return <OnlineElementHistory elementId={elementId} />;
}

function OnlineElementHistory({ elementId }: { elementId: number }) {
  const { t } = useTranslation();
  const history = useElementStateChanges(elementId);
  const items = history.data?.pages.flatMap((page) => page.results) ?? [];
  const total = history.data?.pages[0]?.count ?? 0;

  if (history.error && !history.data)
    return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data) {
    return (
      <Stack gap="sm">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={48} />
        ))}
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('elements.history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('elements.history.count', { count: total, formatted: formatInteger(total) })}
      </Text>
      <Timeline bulletSize={14} lineWidth={2} role="list" aria-label={t('elements.history.title')}>
        {items.map((item) => (
          <Timeline.Item
            key={item.id}
            role="listitem"
            bullet={<span />}
            styles={{
              itemBullet: {
                backgroundColor: stateCssColor(item.state.color),
                borderColor: stateCssColor(item.state.color),
              },
            }}
          >
            <HistoryEntry item={item} />
          </Timeline.Item>
        ))}
      </Timeline>
      {history.hasNextPage && (
        <Button
          variant="light"
          size="xs"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('elements.history.more')}
        </Button>
      )}
    </Stack>
  );
}
