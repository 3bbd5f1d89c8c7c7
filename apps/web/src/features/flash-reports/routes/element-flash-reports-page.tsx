import '@mantine/dates/styles.css';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DAY_FORMAT } from '../../../lib/day';
import {
  IconArrowLeft,
  IconFileText,
  IconFilterOff,
  IconPhoto,
  IconPlus,
  IconReportSearch,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  FLASH_REPORT_SEVERITIES,
  FLASH_REPORT_STATUSES,
  type FlashReport,
  type FlashReportSeverity,
  type FlashReportStatus,
} from '@heliotrack/domain/flash-reports';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { DataTablePagination } from '../../../components/data-table/data-table-pagination';
import { PAGE_SIZES, pageSizeOf } from '../../../components/data-table/page-sizes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { inventoryItemQueryOptions, useInventoryItem } from '../api/get-inventory-item';
import {
  elementFlashReportsQueryOptions,
  useElementFlashReportAuthors,
  useElementFlashReports,
} from '../api/get-element-flash-reports';
import type { ElementFlashReportsQuery, FlashReportFilterValues } from '../api/query-keys';
import { SeverityBadge, StatusBadge } from '../components/flash-report-badges';
import { ElementSummary } from '../components/element-summary';
import { FlashReportFormModal } from '../components/flash-report-form-modal';
import { useConfirmDeleteFlashReport } from '../components/use-confirm-delete-flash-report';

const TABLE_HEIGHT = 'max(320px, calc(100dvh - 520px))';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : null;
}

/** Filters and page in the address, so a reload or a link keeps them. */
function readQuery(params: URLSearchParams): ElementFlashReportsQuery {
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  return {
    filters: {
      dateFrom: day('from'),
      dateTo: day('to'),
      severity: oneOf(FLASH_REPORT_SEVERITIES, params.get('severity')),
      status: oneOf(FLASH_REPORT_STATUSES, params.get('status')),
      author: routeIdOf(params.get('author')),
    },
    page: routeIdOf(params.get('page')) ?? 1,
    pageSize: pageSizeOf(routeIdOf(params.get('page_size'))),
  };
}

function writeQuery({ filters, page, pageSize }: ElementFlashReportsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.dateFrom) params.set('from', filters.dateFrom);
  if (filters.dateTo) params.set('to', filters.dateTo);
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.status) params.set('status', filters.status);
  if (filters.author) params.set('author', String(filters.author));
  if (page > 1) params.set('page', String(page));
  if (pageSize !== pageSizeOf(null)) params.set('page_size', String(pageSize));
  return params;
}

export function elementFlashReportsLoader({ params, request }: LoaderFunctionArgs) {
  const elementId = routeIdOf(params.elementId);
  if (isSignedIn() && elementId !== null) {
    void queryClient.prefetchQuery(inventoryItemQueryOptions(elementId));
    void queryClient.prefetchQuery(
      elementFlashReportsQueryOptions(elementId, readQuery(new URL(request.url).searchParams)),
    );
  }
  return null;
}

/** Specification section 2, /itemInventory/{elementId}/flash-reports. */
export function ElementFlashReportsPage() {
  const { t } = useTranslation();
  const elementId = useRouteId('elementId');
  if (elementId === null)
    return <EmptyState icon={<IconReportSearch size={32} />} title={t('flashReports.invalidElement')} />;
  return <ElementFlashReports key={elementId} elementId={elementId} />;
}

function ElementFlashReports({ elementId }: { elementId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const { filters } = query;
  const element = useInventoryItem(elementId);
  const list = useElementFlashReports(elementId, query);
  const authors = useElementFlashReportAuthors(elementId);
  const { confirmDelete, deletingId } = useConfirmDeleteFlashReport();
  const [editing, setEditing] = useState<{ report?: FlashReport } | null>(null);
  // The range shows half-chosen values while the second day is being picked.
  const [range, setRange] = useState<[string | null, string | null]>([filters.dateFrom, filters.dateTo]);

  function update(next: Partial<ElementFlashReportsQuery>) {
    setParams(writeQuery({ ...query, page: 1, ...next }), { replace: true, preventScrollReset: true });
  }
  function updateFilters(next: Partial<FlashReportFilterValues>) {
    update({ filters: { ...filters, ...next } });
  }

  const detailsPath = (report: FlashReport) =>
    `/itemInventory/${elementId}/flash-reports/details/${report.id}`;

  const columns = useMemo<ColumnDef<FlashReport>[]>(
    () => [
      {
        id: 'title',
        header: t('flashReports.columns.title'),

        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={detailsPath(row.original)}
            fw={600}
            size="sm"
            title={row.original.title}
          >
            {row.original.title}
          </Anchor>
        ),
      },
      {
        id: 'severity',
        header: t('flashReports.columns.severity'),
        meta: { width: 96 },
        cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
      },
      {
        id: 'status',
        header: t('flashReports.columns.status'),
        meta: { width: 104 },
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'created',
        header: t('flashReports.columns.created'),
        meta: { width: 150 },
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" truncate>
              {row.original.author?.name ?? t('flashReports.unknownUser')}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(row.original.created_at)}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'attachments',
        header: t('flashReports.columns.attachments'),
        meta: { width: 96 },
        cell: ({ row }) => (
          <Group
            gap={10}
            wrap="nowrap"
            c="dimmed"
            aria-label={t('flashReports.attachments', {
              photos: row.original.photo_count,
              documents: row.original.document_count,
            })}
          >
            <Group gap={2} wrap="nowrap">
              <IconPhoto size={16} aria-hidden />
              <Text size="sm">{formatInteger(row.original.photo_count)}</Text>
            </Group>
            <Group gap={2} wrap="nowrap">
              <IconFileText size={16} aria-hidden />
              <Text size="sm">{formatInteger(row.original.document_count)}</Text>
            </Group>
          </Group>
        ),
      },
      {
        id: 'actions',
        header: () => (
          <Text size="sm" fw={700} ta="right">
            {t('flashReports.columns.actions')}
          </Text>
        ),
        meta: { width: 84, align: 'right' },
        cell: ({ row }) => (
          <RowActions
            editLabel={t('flashReports.editNamed', { title: row.original.title })}
            deleteLabel={t('flashReports.deleteNamed', { title: row.original.title })}
            onEdit={() => setEditing({ report: row.original })}
            onDelete={() => void confirmDelete(row.original)}
            isDeleting={deletingId === row.original.id}
          />
        ),
      },
    ],
    // detailsPath depends on elementId only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, elementId, deletingId, confirmDelete],
  );

  const table = useDataTable({
    data: list.data?.results ?? [],
    columns,
    getRowId: (report) => String(report.id),
    manualPagination: true,
  });

  const isFiltered = Object.values(filters).some((value) => value !== null);
  const count = list.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / query.pageSize));

  if (element.data === null)
    return (
      <Stack gap="md">
        <BackToInventory />
        <EmptyState icon={<IconReportSearch size={32} />} title={t('flashReports.elementNotFound')} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <BackToInventory />
      <PageHeader
        title={
          element.data ? t('flashReports.elementTitle', { code: element.data.code }) : t('flashReports.title')
        }
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
            {t('flashReports.create')}
          </Button>
        }
      />
      {element.error ? (
        <QueryError error={element.error} onRetry={() => void element.refetch()} />
      ) : (
        <ElementSummary element={element.data ?? undefined} />
      )}

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DatePickerInput
            type="range"
            label={t('flashReports.filters.dates')}
            placeholder={t('flashReports.filters.datesPlaceholder')}
            value={range}
            onChange={(value) => {
              setRange(value);
              // A range applies once both ends are chosen, or when it is cleared.
              const [from, to] = value;
              if ((from && to) || (!from && !to)) updateFilters({ dateFrom: from, dateTo: to });
            }}
            valueFormat={DAY_FORMAT}
            allowSingleDateInRange
            clearable
          />
          <Select
            label={t('flashReports.fields.severity')}
            placeholder={t('flashReports.filters.anySeverity')}
            data={FLASH_REPORT_SEVERITIES.map((severity) => ({
              value: severity,
              label: t(`flashReports.severities.${severity}`),
            }))}
            value={filters.severity}
            onChange={(value) => updateFilters({ severity: value as FlashReportSeverity | null })}
            clearable
          />
          <Select
            label={t('flashReports.fields.status')}
            placeholder={t('flashReports.filters.anyStatus')}
            data={FLASH_REPORT_STATUSES.map((status) => ({
              value: status,
              label: t(`flashReports.statuses.${status}`),
            }))}
            value={filters.status}
            onChange={(value) => updateFilters({ status: value as FlashReportStatus | null })}
            clearable
          />
          <Select
            label={t('flashReports.fields.author')}
            placeholder={t('flashReports.filters.anyAuthor')}
            data={(authors.data ?? []).map((author) => ({ value: String(author.id), label: author.name }))}
            value={filters.author ? String(filters.author) : null}
            onChange={(value) => updateFilters({ author: routeIdOf(value) })}
            clearable
            searchable
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            disabled={!isFiltered}
            onClick={() => {
              setRange([null, null]);
              updateFilters({ dateFrom: null, dateTo: null, severity: null, status: null, author: null });
            }}
          >
            {t('flashReports.filters.clear')}
          </Button>
        </Group>
      </Paper>

      {list.error && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.count === 0 && !isFiltered ? (
        <EmptyState
          icon={<IconReportSearch size={32} />}
          title={t('flashReports.emptyTitle')}
          description={t('flashReports.emptyDescription')}
          action={
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
              {t('flashReports.create')}
            </Button>
          }
        />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <DataTable
            table={table}
            height={TABLE_HEIGHT}
            isLoading={!list.data}
            aria-label={t('flashReports.tableLabel')}
            scrollResetKey={`${query.page}|${JSON.stringify(filters)}`}
            onRowClick={(row) => void navigate(detailsPath(row.original))}
            minWidth={680}
            empty={t('flashReports.noResults')}
          />
          <DataTablePagination
            page={query.page}
            pageCount={pageCount}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            summary={list.data ? t('flashReports.summary', { count, formatted: formatInteger(count) }) : ''}
            pageSizeLabel={t('elements.table.pageSize')}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(pageSize) => update({ pageSize })}
            getPageControlLabel={(control) => t(`elements.table.pages.${control}`)}
          />
        </Paper>
      )}
      {editing && (
        <FlashReportFormModal
          elementId={elementId}
          report={editing.report}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function BackToInventory() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/itemInventory" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('flashReports.backToInventory')}
      </Group>
    </Anchor>
  );
}
