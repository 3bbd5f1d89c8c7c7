import { Alert, Button, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useIsPhone, useIsTouch } from '../../../lib/field-layout';
import type { PpiResult } from '@heliotrack/domain/ppi-results';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
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

interface Fact {
  id: string;
  label: string;
  value: string;
}

/** Who recorded the result and when, its observations and equipment: one labelled line each. */
function ResultFacts({ result }: { result: PpiResult }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const facts: Fact[] = [
    { id: 'author', label: t('ppis.results.detail.author'), value: `${result.author?.name ?? '—'} (${roleLabel(result.role)})` },
    {
      id: 'date',
      label: t('ppis.results.detail.date'),
      value: `${formatDay(result.result_date)} · ${t('ppis.results.detail.recordedAt', { at: formatDateTime(result.updated_at) })}`,
    },
    { id: 'observations', label: t('ppis.results.detail.observations'), value: result.observations || '—' },
    {
      id: 'equipment',
      label: t('ppis.results.detail.equipment'),
      value: result.equipment
        ? t('ppis.results.detail.equipmentValue', {
            name: result.equipment.name,
            certificate: result.equipment.certificate_number || '—',
            expiry: formatDay(result.equipment.expiry_date),
          })
        : '—',
    },
  ];
  const columns: ColumnDef<Fact>[] = [
    {
      id: 'label',
      header: () => <VisuallyHidden>{t('ppis.results.detail.fact')}</VisuallyHidden>,
      meta: { width: 160, wrap: true },
      cell: ({ row }) => (
        <Text span size="sm" fw={700}>
          {row.original.label}
        </Text>
      ),
    },
    {
      id: 'value',
      header: () => <VisuallyHidden>{t('common.value')}</VisuallyHidden>,
      meta: { wrap: true },
      // Observations keep the lines the inspector typed.
      cell: ({ row }) => <span style={{ whiteSpace: 'pre-wrap' }}>{row.original.value}</span>,
    },
  ];
  const table = useDataTable({ data: facts, columns, getRowId: (fact) => fact.id });
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <DataTable table={table} aria-label={t('ppis.results.detail.title')} minWidth={0} />
    </Paper>
  );
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
          <ResultFacts result={result} />
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
