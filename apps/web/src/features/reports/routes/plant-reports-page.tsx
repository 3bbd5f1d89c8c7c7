import '@mantine/dates/styles.css';
import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconFileReport, IconHistory, IconPlus, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { isAdministrator } from '@heliotrack/domain/roles';
import type { Report, ReportFormat, ReportKind } from '@heliotrack/domain/reports';
import { DataTablePagination } from '../../../components/data-table/data-table-pagination';
import { PAGE_SIZES } from '../../../components/data-table/page-sizes';
import { EmptyState } from '../../../components/empty-state';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { confirm } from '../../../lib/dialogs';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { useProfile } from '../../../api/get-profile';
import { elementTypesQueryOptions, useElementTypes } from '../../../api/get-element-types';
import { usePlant } from '../../../api/get-plant';
import { clientUsersQueryOptions } from '../../../api/get-client-users';
import { useDeleteReport } from '../api/delete-report';
import { useDownloadReport } from '../api/download-report';
import { reportsQueryOptions, useReports } from '../api/get-reports';
import type { ReportListQuery } from '../api/query-keys';
import { CreateReportModal } from '../components/create-report-modal';
import { ReportFiltersBar, type AuthorOption } from '../components/report-filters-bar';
import {
  countActiveReportFilters,
  readReportListState,
  writeReportListState,
} from '../components/report-list-search';
import { ReportPoller } from '../components/report-poller';
import { isReportFinished } from '../components/report-status';
import { ReportsTable } from '../components/reports-table';

export function plantReportsLoader({ params, request }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId);
  if (isSignedIn() && plantId !== null) {
    const { kind, query } = readReportListState(new URL(request.url).searchParams);
    void queryClient.prefetchQuery(elementTypesQueryOptions(plantId));
    void queryClient.prefetchQuery(reportsQueryOptions(plantId, kind, query));
  }
  return null;
}

const TABLE_HEIGHT = 'max(320px, calc(100dvh - 440px))';

/** The organisation's users, to filter by author: an administrator's list (one page holds them). */
const USERS_QUERY = { page: 1, pageSize: 1000 };

/** A report finishes once: its notification is shown once, even if two pollers saw it. */
const notifiedReports = new Set<string>();

/** /reports/plant/{plantId}: the plant's reports and historic reports (specification sections 2 and 7). */
export function PlantReportsPage() {
  const plantId = useRouteId('plantId');
  if (plantId === null) return <InvalidPlant />;
  return <PlantReports key={plantId} plantId={plantId} />;
}

function InvalidPlant() {
  const { t } = useTranslation();
  return <EmptyState icon={<IconFileReport size={32} />} title={t('reports.invalidPlant')} />;
}

function PlantReports({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { kind, query } = readReportListState(params);
  const plant = usePlant(plantId);
  const types = useElementTypes(plantId);
  const profile = useProfile();
  const isAdmin = isAdministrator(profile.data);
  const users = useQuery({ ...clientUsersQueryOptions(USERS_QUERY), enabled: isAdmin });
  const list = useReports(plantId, kind, query);
  const deleteReport = useDeleteReport(plantId, kind);
  const download = useDownloadReport(plantId, kind);
  const [creating, setCreating] = useState(false);

  const typesById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);

  // Administrators can pick any user of the organisation; others see themselves and the authors
  // of the reports in view (the user list is for administrators only).
  const authors = useMemo<AuthorOption[]>(() => {
    const byId = new Map<number, AuthorOption>();
    if (isAdmin && users.data) for (const user of users.data.results) byId.set(user.id, user);
    else {
      if (profile.data) byId.set(profile.data.id, { id: profile.data.id, name: profile.data.name });
      for (const report of list.data?.results ?? [])
        if (report.author) byId.set(report.author.id, report.author);
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [isAdmin, users.data, profile.data, list.data]);

  function update(next: { kind?: ReportKind; query?: Partial<ReportListQuery> }) {
    const merged = { kind: next.kind ?? kind, query: { ...query, ...next.query } };
    setParams(writeReportListState(merged), { replace: !next.kind, preventScrollReset: true });
  }

  const onFinished = useCallback(
    (report: Report) => {
      const key = `${report.kind}-${report.id}`;
      if (notifiedReports.has(key)) return;
      notifiedReports.add(key);
      const date = formatDateTime(report.created_at);
      if (report.status === 'done') notifySuccess(t('reports.ready', { date }));
      else notifyError(report.error || t('reports.failed', { date }));
    },
    [t],
  );

  const onDownload = useCallback(
    (report: Report, format: ReportFormat) =>
      download.mutate(
        { report, format },
        {
          onError: (error) => notifyError((isApiError(error) && error.detail) || t('reports.downloadFailed')),
        },
      ),
    [download, t],
  );

  const onDelete = useCallback(
    async (report: Report) => {
      const date = formatDateTime(report.created_at);
      const accepted = await confirm({
        title: t('reports.confirmDeleteTitle'),
        message: t('reports.confirmDelete', { date }),
        acceptLabel: t('reports.delete'),
        acceptColor: 'red',
      });
      if (!accepted) return;
      deleteReport.mutate(report.id, {
        onSuccess: () => notifySuccess(t('reports.deleted', { date })),
        onError: (error) => {
          // 400s and server errors have their global dialogs; a 401 logs out. 403, 404 and 409 are told here.
          if (isApiError(error) && error.status > 401 && error.status < 500)
            notifyError(error.detail ?? error.message);
        },
      });
    },
    [deleteReport, t],
  );

  const unfinished = (list.data?.results ?? []).filter((report) => !isReportFinished(report.status));
  const count = list.data?.count;
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.count / query.pageSize)) : 1;
  const from = list.data && list.data.count ? (query.page - 1) * query.pageSize + 1 : 0;
  const to = list.data ? Math.min(query.page * query.pageSize, list.data.count) : 0;
  const hasFilters = countActiveReportFilters(query.filters) > 0;
  const isEmpty = list.data && list.data.count === 0 && !hasFilters && query.page === 1;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('reports.title')}
        subtitle={plant.data ? `${plant.data.name} · ${plant.data.code}` : undefined}
        actions={
          <>
            <Button
              component={Link}
              to={`/plants/${plantId}/elements`}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              {t('elements.title')}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {t('reports.create')}
            </Button>
          </>
        }
      />

      <Tabs
        value={kind}
        onChange={(value) =>
          value && value !== kind && update({ kind: value as ReportKind, query: { page: 1 } })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="report" leftSection={<IconFileReport size={16} aria-hidden />}>
            {t('reports.tabs.report')}
          </Tabs.Tab>
          <Tabs.Tab value="historic" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('reports.tabs.historic')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <ReportFiltersBar
        filters={query.filters}
        elementTypes={types.data ?? []}
        authors={authors}
        onChange={(filters) => update({ query: { filters, page: 1 } })}
      />

      {list.error && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : isEmpty ? (
        <EmptyState
          icon={kind === 'historic' ? <IconHistory size={32} /> : <IconFileReport size={32} />}
          title={t(`reports.emptyTitle.${kind}`)}
          description={t(`reports.emptyDescription.${kind}`)}
          action={
            kind === 'report' ? (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
                {t('reports.create')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Group px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={600} data-testid="reports-count">
              {count === undefined ? '…' : t('reports.total', { count, formatted: formatInteger(count) })}
            </Text>
          </Group>
          <ReportsTable
            reports={list.data?.results}
            isLoading={!list.data}
            elementTypes={typesById}
            label={t(`reports.tabs.${kind}`)}
            empty={t('reports.table.empty')}
            busy={{
              download: download.isPending
                ? download.variables && {
                    reportId: download.variables.report.id,
                    format: download.variables.format,
                  }
                : undefined,
              deletingId: deleteReport.isPending ? deleteReport.variables : undefined,
            }}
            onDownload={onDownload}
            onDelete={(report) => void onDelete(report)}
            user={profile.data}
            height={TABLE_HEIGHT}
            scrollResetKey={`${kind}|${query.page}|${query.pageSize}|${JSON.stringify(query.filters)}`}
          />
          <DataTablePagination
            page={query.page}
            pageCount={pageCount}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            summary={
              list.data
                ? t('reports.table.summary', {
                    from: formatInteger(from),
                    to: formatInteger(to),
                    total: formatInteger(list.data.count),
                  })
                : ''
            }
            pageSizeLabel={t('reports.table.pageSize')}
            onPageChange={(page) => update({ query: { page } })}
            onPageSizeChange={(pageSize) => update({ query: { pageSize, page: 1 } })}
            getPageControlLabel={(control) => t(`reports.table.pages.${control}`)}
          />
        </Paper>
      )}

      {unfinished.map((report) => (
        <ReportPoller key={report.id} plantId={plantId} kind={kind} report={report} onFinished={onFinished} />
      ))}
      {creating && (
        <CreateReportModal
          plantId={plantId}
          kind={kind}
          elementTypes={types.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={() => {
            notifySuccess(t('reports.created'));
            if (query.page !== 1) update({ query: { page: 1 } });
          }}
        />
      )}
    </Stack>
  );
}
