import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconFileTypePdf, IconFileTypeXls, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@heliotrack/domain/auth';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { isLanguage } from '@heliotrack/domain/constants';
import type { Report, ReportFormat } from '@heliotrack/domain/reports';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDateTime } from '../../../lib/format';
import { ReportStatusBadge } from './report-status-badge';
import { canDeleteReport, canDownload } from './report-status';

/** What the row's buttons are doing, so that only the clicked one spins. */
export interface ReportBusy {
  download?: { reportId: number; format: ReportFormat };
  deletingId?: number;
}

function ActionButton({
  label,
  disabledLabel,
  disabled,
  loading,
  color,
  onClick,
  children,
}: {
  label: string;
  disabledLabel: string;
  disabled: boolean;
  loading: boolean;
  color: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={disabled ? disabledLabel : label} withArrow>
      {/* A disabled button gets no pointer events: the wrapper keeps the tooltip. */}
      <span>
        <ActionIcon
          variant="subtle"
          color={color}
          disabled={disabled}
          loading={loading}
          onClick={onClick}
          aria-label={label}
        >
          {children}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

/**
 * One page of reports, virtualised like the element table. The row's date names it for the buttons'
 * accessible names ("Descargar el PDF del informe del 22/11/2026, 10:04").
 */
export function ReportsTable({
  reports,
  isLoading,
  elementTypes,
  label,
  empty,
  busy,
  onDownload,
  onDelete,
  user,
  height,
  scrollResetKey,
}: {
  reports: Report[] | undefined;
  isLoading: boolean;
  elementTypes: Map<number, ElementType>;
  label: string;
  empty: ReactNode;
  busy: ReportBusy;
  onDownload: (report: Report, format: ReportFormat) => void;
  onDelete: (report: Report) => void;
  /** The signed-in user: the delete action is only offered to whom the server lets delete. */
  user: UserProfile | undefined;
  height: CSSProperties['height'];
  scrollResetKey: unknown;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const data = useMemo(() => reports ?? [], [reports]);
  const notAvailable = t('common.notAvailable');

  // Rebuilt on each render: cheap for a page, and labels, dates and busy buttons stay current.
  const columns: ColumnDef<Report>[] = [
    {
      id: 'date',
      header: t('reports.columns.date'),
      meta: { width: 150 },
      cell: ({ row }) => formatDateTime(row.original.created_at),
    },
    {
      id: 'type',
      header: t('reports.columns.type'),
      meta: { width: '15%' },
      cell: ({ row }) => {
        const id = row.original.element_type;
        if (id === null) return t('reports.allTypes');
        const type = elementTypes.get(id);
        return type ? typeLabel(type) : notAvailable;
      },
    },
    {
      id: 'author',
      header: t('reports.columns.author'),
      cell: ({ row }) =>
        row.original.author ? (
          row.original.author.name
        ) : (
          <Text span size="sm" c="dimmed" fs="italic">
            {t('reports.automatic')}
          </Text>
        ),
    },
    {
      id: 'language',
      header: t('reports.columns.language'),
      meta: { width: 96 },
      cell: ({ row }) => {
        const language = row.original.language;
        return isLanguage(language) ? t(`languages.${language}`) : language;
      },
    },
    {
      id: 'status',
      header: t('reports.columns.status'),
      meta: { width: 150 },
      cell: ({ row }) => (
        <ReportStatusBadge
          report={row.original}
          progressLabel={t('reports.progressLabel', { date: formatDateTime(row.original.created_at) })}
        />
      ),
    },
    {
      id: 'actions',
      header: t('reports.columns.actions'),
      meta: { width: 116, align: 'right' },
      cell: ({ row }) => {
        const report = row.original;
        const date = formatDateTime(report.created_at);
        const ready = canDownload(report);
        const downloading = (format: ReportFormat) =>
          busy.download?.reportId === report.id && busy.download.format === format;
        return (
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <ActionButton
              label={t('reports.downloadPdf', { date })}
              disabledLabel={t('reports.notReady')}
              disabled={!ready}
              loading={downloading('pdf')}
              color="red"
              onClick={() => onDownload(report, 'pdf')}
            >
              <IconFileTypePdf size={19} />
            </ActionButton>
            <ActionButton
              label={t('reports.downloadExcel', { date })}
              disabledLabel={t('reports.notReady')}
              disabled={!ready}
              loading={downloading('xlsx')}
              color="teal"
              onClick={() => onDownload(report, 'xlsx')}
            >
              <IconFileTypeXls size={19} />
            </ActionButton>
            {canDeleteReport(report, user) && (
              <ActionButton
                label={t('reports.deleteOf', { date })}
                disabledLabel={t('reports.deleteOf', { date })}
                disabled={false}
                loading={busy.deletingId === report.id}
                color="gray"
                onClick={() => onDelete(report)}
              >
                <IconTrash size={18} />
              </ActionButton>
            )}
          </Group>
        );
      },
    },
  ];

  const table = useDataTable({
    data,
    columns,
    getRowId: (report) => String(report.id),
    manualPagination: true,
  });

  return (
    <DataTable
      table={table}
      height={height}
      rowHeight={52}
      isLoading={isLoading}
      empty={empty}
      scrollResetKey={scrollResetKey}
      aria-label={label}
      minWidth={700}
    />
  );
}
