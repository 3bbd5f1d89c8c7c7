import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { isApiError } from '../../lib/api-error';
import { formatFileSize } from '../../lib/format';
import { notifyError } from '../notifications/notify';
import { useDownloadDocument } from './download-document';

interface DocumentRowProps {
  document: DocumentInfo;
  icon: ReactNode;
  /** Without it the row offers no deletion. The caller confirms first. */
  onDelete?: (document: DocumentInfo) => void;
  isDeleting?: boolean;
}

/** One stored document: its name and size, a download with the user's token and, optionally, a delete button. */
export function DocumentRow({ document, icon, onDelete, isDeleting = false }: DocumentRowProps) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  const downloadLabel = t('documents.download', { name: document.name });
  const deleteLabel = t('documents.delete', { name: document.name });
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap" miw={0}>
        {icon}
        <Text size="sm" truncate title={document.name}>
          {document.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatFileSize(document.size)}
        </Text>
      </Group>
      <Group gap={2} wrap="nowrap">
        <Tooltip label={downloadLabel} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={downloadLabel}
            loading={download.isPending}
            onClick={() =>
              download.mutate(document, {
                onError: (error) =>
                  notifyError(
                    (isApiError(error) && error.detail) ||
                      t('documents.downloadFailed', { name: document.name }),
                  ),
              })
            }
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        {onDelete && (
          <Tooltip label={deleteLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={deleteLabel}
              loading={isDeleting}
              onClick={() => onDelete(document)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
