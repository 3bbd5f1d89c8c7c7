import { Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconEdit,
  IconFileText,
  IconHistory,
  IconPencil,
  IconPhoto,
  IconReportSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import {
  FLASH_REPORT_SEVERITIES,
  FLASH_REPORT_STATUSES,
  type FlashReportEdit,
} from '@heliotrack/domain/flash-reports';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { DocumentRow } from '../../../components/documents/document-row';
import { inventoryItemQueryOptions, useInventoryItem } from '../api/get-inventory-item';
import { flashReportQueryOptions, useFlashReport } from '../api/get-flash-report';
import { ElementSummary } from '../components/element-summary';
import { SeverityBadge, StatusBadge } from '../components/flash-report-badges';
import { FlashReportFormModal } from '../components/flash-report-form-modal';
import { PhotoGallery } from '../components/photo-gallery';
import { useConfirmDeleteDocument } from '../components/use-confirm-delete-document';
import { useConfirmDeleteFlashReport } from '../components/use-confirm-delete-flash-report';

export function flashReportDetailsLoader({ params }: LoaderFunctionArgs) {
  const elementId = routeIdOf(params.elementId);
  const flashReportId = routeIdOf(params.idFlashReport);
  if (isSignedIn() && elementId !== null && flashReportId !== null) {
    void queryClient.prefetchQuery(inventoryItemQueryOptions(elementId));
    void queryClient.prefetchQuery(flashReportQueryOptions(flashReportId));
  }
  return null;
}

/** Specification section 2, /itemInventory/{elementId}/flash-reports/details/{idFlashReport}. */
export function FlashReportDetailsPage() {
  const { t } = useTranslation();
  const elementId = useRouteId('elementId');
  const flashReportId = useRouteId('idFlashReport');
  if (elementId === null || flashReportId === null)
    return <EmptyState icon={<IconReportSearch size={32} />} title={t('flashReports.details.notFound')} />;
  return <FlashReportDetails key={flashReportId} elementId={elementId} flashReportId={flashReportId} />;
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group gap="xs" mb="sm">
        {icon}
        <Title order={3} size="h5">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

function FlashReportDetails({ elementId, flashReportId }: { elementId: number; flashReportId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const element = useInventoryItem(elementId);
  const report = useFlashReport(flashReportId);
  const { confirmDelete, deletingId } = useConfirmDeleteFlashReport();
  const [isEditing, setEditing] = useState(false);
  const listPath = `/itemInventory/${elementId}/flash-reports`;
  const elementCode = element.data?.code ?? report.data?.element.code ?? '';

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('flashReports.backToList', { code: elementCode })}
      </Group>
    </Anchor>
  );

  // A report of another element (or none) under this element's address is not this page's.
  const isMissing =
    (isApiError(report.error) && report.error.status === 404) ||
    (report.data !== undefined && report.data.element.id !== elementId);
  if (isMissing)
    return (
      <Stack gap="md">
        {back}
        <EmptyState icon={<IconReportSearch size={32} />} title={t('flashReports.details.notFound')} />
      </Stack>
    );
  if (report.error && !report.data)
    return (
      <Stack gap="md">
        {back}
        <QueryError error={report.error} onRetry={() => void report.refetch()} />
      </Stack>
    );

  const data = report.data;
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={data ? data.title : <Skeleton height={28} width={280} />}
        subtitle={
          data
            ? t('flashReports.details.createdBy', {
                name: data.author?.name ?? t('flashReports.unknownUser'),
                date: formatDateTime(data.created_at),
              })
            : undefined
        }
        actions={
          data && (
            <>
              <Button
                variant="default"
                leftSection={<IconEdit size={18} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('flashReports.edit')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} aria-hidden />}
                loading={deletingId === data.id}
                onClick={() => void confirmDelete(data, () => void navigate(listPath, { replace: true }))}
              >
                {t('flashReports.delete')}
              </Button>
            </>
          )
        }
      />
      <ElementSummary element={element.data ?? undefined} />
      {!data ? (
        <Skeleton height={240} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Paper withBorder p="md">
                <Group gap="sm" mb="sm">
                  <SeverityBadge severity={data.severity} size="lg" />
                  <StatusBadge status={data.status} size="lg" />
                  {data.updated_at !== data.created_at && (
                    <Text size="sm" c="dimmed">
                      {t('flashReports.fields.updatedAt')}: {formatDateTime(data.updated_at)}
                    </Text>
                  )}
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap' }} c={data.description ? undefined : 'dimmed'}>
                  {data.description || t('flashReports.details.noDescription')}
                </Text>
              </Paper>
              <Section
                title={`${t('flashReports.details.photos')} (${formatInteger(data.photos.length)})`}
                icon={<IconPhoto size={18} aria-hidden />}
              >
                {data.photos.length ? (
                  <PhotoGallery photos={data.photos} />
                ) : (
                  <Text c="dimmed" size="sm">
                    {t('flashReports.details.noPhotos')}
                  </Text>
                )}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section
                title={`${t('flashReports.details.documents')} (${formatInteger(data.documents.length)})`}
                icon={<IconFileText size={18} aria-hidden />}
              >
                <DocumentList documents={data.documents} />
              </Section>
              <Section title={t('flashReports.details.history')} icon={<IconHistory size={18} aria-hidden />}>
                <History history={data.history} />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {isEditing && data && (
        <FlashReportFormModal elementId={elementId} report={data} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}

function DocumentList({ documents }: { documents: DocumentInfo[] }) {
  const { t } = useTranslation();
  const { confirmDelete, deletingId } = useConfirmDeleteDocument();
  if (!documents.length)
    return (
      <Text c="dimmed" size="sm">
        {t('flashReports.details.noDocuments')}
      </Text>
    );
  return (
    <Stack gap={6}>
      {documents.map((document) => (
        <DocumentRow
          key={document.id}
          document={document}
          icon={<IconFileText size={16} aria-hidden />}
          onDelete={(document) => void confirmDelete(document)}
          isDeleting={deletingId === document.id}
        />
      ))}
    </Stack>
  );
}

/** Field values in words: severities and statuses translated, texts as written. */
function useChangeValue() {
  const { t } = useTranslation();
  return (field: string, value: string) => {
    if (field === 'severity' && (FLASH_REPORT_SEVERITIES as readonly string[]).includes(value))
      return t(`flashReports.severities.${value as (typeof FLASH_REPORT_SEVERITIES)[number]}`);
    if (field === 'status' && (FLASH_REPORT_STATUSES as readonly string[]).includes(value))
      return t(`flashReports.statuses.${value as (typeof FLASH_REPORT_STATUSES)[number]}`);
    return value;
  };
}

const FIELD_LABELS = ['title', 'description', 'severity', 'status'] as const;

function History({ history }: { history: FlashReportEdit[] }) {
  const { t } = useTranslation();
  const valueOf = useChangeValue();
  if (!history.length)
    return (
      <Text c="dimmed" size="sm">
        {t('flashReports.details.noHistory')}
      </Text>
    );
  return (
    <Timeline bulletSize={22} lineWidth={2}>
      {history.map((edit, index) => (
        <Timeline.Item
          key={`${edit.created_at}-${index}`}
          bullet={<IconPencil size={12} aria-hidden />}
          title={
            <Text size="sm" fw={600}>
              {edit.user?.name ?? t('flashReports.unknownUser')} · {formatDateTime(edit.created_at)}
            </Text>
          }
        >
          {Object.entries(edit.changes).map(([field, change]) => (
            <Text key={field} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('flashReports.details.change', {
                field: (FIELD_LABELS as readonly string[]).includes(field)
                  ? t(`flashReports.fields.${field as (typeof FIELD_LABELS)[number]}`)
                  : field,
                from: valueOf(field, change.from),
                to: valueOf(field, change.to),
              })}
            </Text>
          ))}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
