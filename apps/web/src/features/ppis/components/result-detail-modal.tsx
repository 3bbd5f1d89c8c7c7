import { Alert, Button, Group, Image, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone, useIsTouch } from '../../../lib/field-layout';
import type { PpiResult } from '@heliotrack/domain/ppi-results';
import { QueryError } from '../../../components/query-error';
import { formatDay } from '../../../lib/day';
import { formatDateTime } from '../../../lib/format';
import { useDocumentObjectUrl } from '../../../lib/use-document-object-url';
import { useResult } from '../api/ppi-results';
import { ResultBadge } from './result-badge';
import { useRoleLabel } from './role-label';

function Photo({ photo, alt }: { photo: PpiResult['documents'][number]; alt: string }) {
  const { src, isLoading } = useDocumentObjectUrl(photo);
  if (isLoading || !src) return <Loader size="sm" />;
  return <Image src={src} alt={alt} h={140} fit="cover" radius="sm" />;
}

/**
 * One result: who recorded it and when, observations, the equipment with its calibration, photos.
 * Another role's result is read through `other-roles-result` and shown read-only; the caller's own
 * activity, on an open plan, can be recorded again.
 */
export function ResultDetailModal({
  ppiId,
  resultId,
  readOnly,
  onEdit,
  onClose,
}: {
  ppiId: number;
  resultId: number;
  readOnly: boolean;
  onEdit: (result: PpiResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const query = useResult(ppiId, resultId, readOnly);
  const result = query.data;
  // Field layout (issue 22): full screen on a phone, a finger-sized close button on touch screens.
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ppis.results.detail.title')}
      size="lg"
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common.close'), size: isTouch ? 'xl' : undefined }}
    >
      {query.error && !result ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !result ? (
        <Loader />
      ) : (
        <Stack gap="sm">
          {!result.editable && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="result-read-only">
              {t('ppis.results.detail.readOnly')}
            </Alert>
          )}
          <Group justify="space-between">
            <Text fw={600}>
              {result.element.code} · {result.activity.position}. {result.activity.name}
            </Text>
            <ResultBadge result={result.result} />
          </Group>
          {/* A property sheet, not a list of records: each line's label is its row header, which a
              screen reader reads with the value. DataTable (column headers, sorting, rows of one
              kind) is for data tables; this one stays a vertical table. */}
          <Table variant="vertical" withTableBorder aria-label={t('ppis.results.detail.title')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{t('ppis.results.detail.author')}</Table.Th>
                <Table.Td>
                  {result.author?.name ?? '—'} ({roleLabel(result.role)})
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('ppis.results.detail.date')}</Table.Th>
                <Table.Td>
                  {formatDay(result.result_date)} ·{' '}
                  {t('ppis.results.detail.recordedAt', { at: formatDateTime(result.updated_at) })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('ppis.results.detail.observations')}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{result.observations || '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('ppis.results.detail.equipment')}</Table.Th>
                <Table.Td>
                  {result.equipment
                    ? t('ppis.results.detail.equipmentValue', {
                        name: result.equipment.name,
                        certificate: result.equipment.certificate_number || '—',
                        expiry: formatDay(result.equipment.expiry_date),
                      })
                    : '—'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {result.documents.length > 0 && (
            <SimpleGrid cols={3} spacing="xs">
              {result.documents.map((doc) => (
                <Photo
                  key={doc.id}
                  photo={doc}
                  alt={t('ppis.results.detail.photo', { code: result.element.code })}
                />
              ))}
            </SimpleGrid>
          )}
          {result.editable && !readOnly && (
            <Group justify="flex-end">
              <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(result)}>
                {t('ppis.results.detail.edit')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
