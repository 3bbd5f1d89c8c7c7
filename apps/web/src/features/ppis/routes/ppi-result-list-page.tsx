import { Group, Loader, Pagination, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PPI_RESULTS, type PpiResult, type PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { ROLE_CODES } from '@heliotrack/domain/roles';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { QueryError } from '../../../components/query-error';
import { formatDay } from '../../../lib/day';
import { useIsPhone } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { usePpiPermissions, useResultList } from '../api/ppi-results';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { RecordResultModal, type RecordTarget } from '../components/record-result-modal';
import { ResultBadge } from '../components/result-badge';
import { ResultDetailModal } from '../components/result-detail-modal';
import { ResultsHeader } from '../components/results-nav';
import { useRoleLabel } from '../components/role-label';

export const ppiResultListLoader = ppiLoader;

const PAGE_SIZE = 50;
const NO_RESULTS: PpiResult[] = [];

/** The results as cards on a phone: each a finger-sized target that opens the result. */
function ResultCards({
  results,
  onOpen,
}: {
  results: PpiResult[] | undefined;
  onOpen: (r: PpiResult) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  if (!results) return <Loader m="sm" aria-label={t('app.loading')} />;
  if (results.length === 0)
    return (
      <Text c="dimmed" size="sm" p="sm">
        {t('ppis.results.list.empty')}
      </Text>
    );
  return (
    <Stack gap={0} role="group" aria-label={t('ppis.results.list.title')}>
      {results.map((r, index) => (
        <UnstyledButton
          key={r.id}
          onClick={() => onOpen(r)}
          aria-label={t('ppis.results.cell', { code: r.element.code, activity: r.activity.name })}
          p="sm"
          mih={44}
          style={{ borderTop: index ? '1px solid var(--mantine-color-gray-3)' : undefined }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="sm" c="blue" style={{ overflowWrap: 'anywhere' }}>
              {r.element.code}
            </Text>
            <ResultBadge result={r.result} />
          </Group>
          <Text size="sm">
            {r.activity.position}. {r.activity.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.author?.name ?? '—'} ({roleLabel(r.role)}) · {formatDay(r.result_date)}
          </Text>
          {r.observations && (
            <Text size="sm" lineClamp={2}>
              {r.observations}
            </Text>
          )}
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/**
 * /ppis/{ppiId}/ppi-results/details/by-elements-and-roles and
 * /ppis/{ppiId}/ppi-results/{activityId}/by-activity-and-roles: every recorded result, newest
 * first, filtered by activity, role and result (in the address); other roles' results open read-only.
 */
export function PpiResultListPage() {
  return <WithPpi>{(ppi) => <ResultList key={ppi.id} ppi={ppi} />}</WithPpi>;
}

function ResultList({ ppi }: { ppi: PpiDetail }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const fixedActivity = useRouteId('activityId');
  const [params, setParams] = useSearchParams();
  const activity = fixedActivity ?? routeIdOf(params.get('activity')) ?? undefined;
  const role = params.get('role') ?? undefined;
  const result = (PPI_RESULTS as readonly string[]).includes(params.get('result') ?? '')
    ? (params.get('result') as PpiResultValue)
    : undefined;
  const page = routeIdOf(params.get('page')) ?? 1;
  const list = useResultList(ppi.id, { activity, role, result, page, page_size: PAGE_SIZE });
  const permissions = usePpiPermissions(ppi.id);
  const recordable = new Set(permissions.data?.recordable_activities ?? []);
  const [opened, setOpened] = useState<PpiResult | null>(null);
  const [recording, setRecording] = useState<RecordTarget | null>(null);

  function set(key: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  }

  const columns: ColumnDef<PpiResult>[] = [
    {
      id: 'element',
      header: t('ppis.results.list.element'),
      meta: { width: 150 },
      cell: ({ row: { original: r } }) => (
        <UnstyledButton
          onClick={() => setOpened(r)}
          aria-label={t('ppis.results.cell', { code: r.element.code, activity: r.activity.name })}
          maw="100%"
        >
          <Text fw={600} size="sm" c="blue" truncate>
            {r.element.code}
          </Text>
        </UnstyledButton>
      ),
    },
    {
      id: 'activity',
      header: t('ppis.results.list.activity'),
      meta: { wrap: true },
      cell: ({ row: { original: r } }) => `${r.activity.position}. ${r.activity.name}`,
    },
    {
      id: 'result',
      header: t('ppis.results.list.result'),
      meta: { width: 120 },
      cell: ({ row }) => <ResultBadge result={row.original.result} />,
    },
    {
      id: 'author',
      header: t('ppis.results.list.author'),
      meta: { wrap: true },
      cell: ({ row: { original: r } }) => (
        <>
          {r.author?.name ?? '—'}{' '}
          <Text span size="xs" c="dimmed">
            ({roleLabel(r.role)})
          </Text>
        </>
      ),
    },
    { id: 'date', header: t('ppis.results.list.date'), meta: { width: 110 }, cell: ({ row }) => formatDay(row.original.result_date) },
    {
      id: 'observations',
      header: t('ppis.results.list.observations'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2}>
          {row.original.observations}
        </Text>
      ),
    },
  ];
  const table = useDataTable({ data: list.data?.results ?? NO_RESULTS, columns, getRowId: (r) => String(r.id) });

  const count = list.data?.count ?? 0;
  // Field layout (issue 22): on a phone the filters take the width and the results are cards.
  const isPhone = useIsPhone();
  const filterWidth = (width: number) => (isPhone ? '100%' : width);
  return (
    <Stack gap={0}>
      <ResultsHeader ppi={ppi} view="results" />
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('ppis.results.list.activity')}
            placeholder={t('ppis.results.list.allActivities')}
            data={ppi.activities.map((a) => ({ value: String(a.id), label: `${a.position}. ${a.name}` }))}
            value={activity ? String(activity) : null}
            onChange={(value) => set('activity', value)}
            disabled={fixedActivity !== null}
            clearable
            w={filterWidth(280)}
          />
          <Select
            label={t('ppis.results.list.role')}
            placeholder={t('ppis.results.list.allRoles')}
            data={ROLE_CODES.map((code) => ({ value: code, label: roleLabel(code) }))}
            value={role ?? null}
            onChange={(value) => set('role', value)}
            clearable
            w={filterWidth(220)}
          />
          <Select
            label={t('ppis.results.list.result')}
            placeholder={t('ppis.results.list.allResults')}
            data={PPI_RESULTS.map((value) => ({ value, label: t(`ppis.results.value.${value}`) }))}
            value={result ?? null}
            onChange={(value) => set('result', value)}
            clearable
            w={filterWidth(200)}
          />
          <Text size="sm" c="dimmed" role="status">
            {list.data ? t('ppis.results.list.total', { count, formatted: formatInteger(count) }) : ''}
          </Text>
        </Group>
        {list.error && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
            {isPhone ? (
              <ResultCards results={list.data?.results} onOpen={setOpened} />
            ) : (
              <DataTable
                table={table}
                isLoading={!list.data}
                empty={t('ppis.results.list.empty')}
                aria-label={t('ppis.results.list.title')}
              />
            )}
            {count > PAGE_SIZE && (
              <Group justify="center" p="sm">
                <Pagination
                  total={Math.ceil(count / PAGE_SIZE)}
                  value={page}
                  onChange={(value) => set('page', String(value))}
                />
              </Group>
            )}
          </Paper>
        )}
      </Stack>
      {opened && (
        <ResultDetailModal
          ppiId={ppi.id}
          resultId={opened.id}
          readOnly={!recordable.has(opened.activity.id)}
          onClose={() => setOpened(null)}
          onEdit={(r) => {
            setOpened(null);
            setRecording({ elementIds: [r.element.id], activityId: r.activity.id, existing: r });
          }}
        />
      )}
      {recording && (
        <RecordResultModal
          ppiId={ppi.id}
          activities={ppi.activities.filter((a) => recordable.has(a.id))}
          target={recording}
          onClose={() => setRecording(null)}
        />
      )}
    </Stack>
  );
}
