import '@mantine/dates/styles.css';
import { Alert, Anchor, Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconClipboardCheck, IconListCheck, IconLock } from '@tabler/icons-react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type {
  ActivityCounts,
  ElementResults,
  PpiResult,
  PpiResultValue,
} from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { useElementTypes } from '../../../api/get-element-types';
import { EMPTY_FILTERS, useElements, type ElementFilterValues } from '../../../api/get-elements';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { usePlantStates } from '../../../api/get-plant-states';
import { ElementsPagination } from '../../../components/elements/elements-pagination';
import { ElementFiltersBar } from '../../../components/elements/element-filters-bar';
import {
  orderingToSorting,
  readListState,
  sortingToOrdering,
  writeListState,
  type ElementListState,
} from '../../../components/elements/element-list-search';
import { ElementsTable } from '../../../components/elements/elements-table';
import { SelectionBar } from '../../../components/elements/selection-bar';
import { QueryError } from '../../../components/query-error';
import { useIsPhone } from '../../../lib/field-layout';
import { formatInteger, formatPercent } from '../../../lib/format';
import { allElementIds, useActivityCounts, useElementResults, usePpiPermissions } from '../api/ppi-results';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { usePpiSelection } from '../components/ppi-selection';
import { MassiveActivitiesModal } from '../components/massive-activities-modal';
import { RecordResultModal, type RecordTarget } from '../components/record-result-modal';
import { ResultBadge } from '../components/result-badge';
import { ResultDetailModal } from '../components/result-detail-modal';
import { ResultsHeader } from '../components/results-nav';
import { useRoleLabel } from '../components/role-label';

export const ppiResultsLoader = ppiLoader;

const TABLE_HEIGHT = 'max(360px, calc(100dvh - 560px))';
const CTR_QUERY = { page: 1, pageSize: 1000, ordering: 'code' as const, filters: EMPTY_FILTERS };

/**
 * /ppis/{ppiId}/ppi-results (also …/ppi-results-by-elements-activities and …/select-elements): the
 * register of inspections. The plan's linked elements in the element table, one column per
 * activity with its result; the caller records the activities of their role on one element (a
 * cell) or on a selection (the element list's filters, select all), and opens other roles'
 * results read-only.
 */
export function PpiResultsPage() {
  return <WithPpi>{(ppi) => <Register key={ppi.id} ppi={ppi} />}</WithPpi>;
}

/** An activity's counts; its name leads to its details (the acceptance criteria), offline too. */
function CountsCard({ ppiId, counts, mine }: { ppiId: number; counts: ActivityCounts; mine: boolean }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const done = counts.expected - counts.pending;
  return (
    <Paper withBorder p="sm" data-testid={`activity-counts-${counts.activity.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={`/ppis/${ppiId}/activity/${counts.activity.id}/details`} size="sm" fw={600} lineClamp={2}>
          {counts.activity.position}. {counts.activity.name}
        </Anchor>
        {!mine && (
          <Badge variant="light" color="gray" tt="none" leftSection={<IconLock size={12} />}>
            {t('ppis.results.readOnly')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {counts.activity.roles.map(roleLabel).join(', ')}
      </Text>
      <Text size="sm" mt={4}>
        {t('ppis.results.counts', {
          ok: formatInteger(counts.ok),
          notOk: formatInteger(counts.not_ok),
          na: formatInteger(counts.na),
          pending: formatInteger(counts.pending),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('ppis.results.progress', { percent: formatPercent(counts.expected ? done / counts.expected : 0) })}
      </Text>
    </Paper>
  );
}

function Register({ ppi }: { ppi: PpiDetail }) {
  const { t } = useTranslation();
  const plantId = ppi.plant.id;
  const [params, setParams] = useSearchParams();
  const { query } = readListState(params);
  const types = useElementTypes(plantId);
  const states = usePlantStates(plantId);
  const contractors = usePlantContractors(plantId);
  const elementType = types.data?.find((type) => type.id === ppi.element_type.id);
  const ctrType = types.data?.find((type) => type.code === 'CTR');
  const showCt = !!elementType?.ctr_dependent && elementType.code !== 'CTR';
  const ctrs = useElements({ plantId, type: showCt ? ctrType : undefined, query: CTR_QUERY });
  const list = useElementResults(ppi.id, query);
  const permissions = usePpiPermissions(ppi.id);
  const mine = useActivityCounts(ppi.id, 'user-activities-summary');
  const others = useActivityCounts(ppi.id, 'other-roles-activity-summary');
  const [recording, setRecording] = useState<RecordTarget | null>(null);
  const [opened, setOpened] = useState<{ resultId: number; readOnly: boolean } | null>(null);
  const [loadingAll, setLoadingAll] = useState<'record' | 'massive' | null>(null);
  // The elements a massive activities update is being made for (its dialog is open).
  const [massiveIds, setMassiveIds] = useState<number[] | null>(null);
  const isPhone = useIsPhone();
  const [showCounts, setShowCounts] = useState(false);

  const recordable = useMemo(
    () => new Set(permissions.data?.recordable_activities ?? []),
    [permissions.data],
  );
  const isOpen = ppi.status === 'open';
  const myActivities = ppi.activities.filter((a) => recordable.has(a.id));
  const statesById = useMemo(() => new Map((states.data ?? []).map((s) => [s.id, s])), [states.data]);
  const contractorsById = useMemo(
    () => new Map((contractors.data ?? []).map((c) => [c.id, c])),
    [contractors.data],
  );
  const typeStates = useMemo(
    () => (states.data ?? []).filter((s) => s.element_type === ppi.element_type.id),
    [states.data, ppi.element_type.id],
  );

  const scope = JSON.stringify(['results', query.filters]);
  const [selection, setSelection] = usePpiSelection(ppi.id, scope);
  const pageIds = useMemo(() => (list.data?.results ?? []).map((e) => e.id), [list.data]);
  const selectedIds = useMemo(
    () => new Set(selection.allMatching ? pageIds : selection.ids),
    [selection, pageIds],
  );
  const selectedCount = selection.allMatching ? (list.data?.count ?? 0) : selection.ids.length;

  function update(next: Partial<ElementListState['query']>) {
    setParams(writeListState({ typeCode: null, query: { ...query, ...next } }), {
      replace: true,
      preventScrollReset: true,
    });
  }

  function onSelectionChange(added: number[], removed: number[]) {
    const ids = new Set(selection.allMatching ? pageIds : selection.ids);
    for (const id of added) ids.add(id);
    for (const id of removed) ids.delete(id);
    setSelection({ ids: [...ids], allMatching: false });
  }

  /** The selected ids; with "select all", every linked element matching the filters. */
  async function selectedElementIds(kind: 'record' | 'massive'): Promise<number[]> {
    if (!selection.allMatching) return [...selection.ids];
    setLoadingAll(kind);
    try {
      return await allElementIds(ppi.id, query);
    } finally {
      setLoadingAll(null);
    }
  }

  async function recordSelection() {
    setRecording({ elementIds: await selectedElementIds('record'), activityId: null });
  }

  async function recordActivities() {
    setMassiveIds(await selectedElementIds('massive'));
  }

  function openCell(element: ElementResults, activityId: number) {
    const result = element.results[String(activityId)];
    const mayRecord = recordable.has(activityId);
    if (result) setOpened({ resultId: result.id, readOnly: !mayRecord });
    else if (mayRecord && isOpen) setRecording({ elementIds: [element.id], activityId });
  }

  const activityColumns = useMemo<ColumnDef<ElementResults>[]>(
    () =>
      ppi.activities.map((activity) => ({
        id: `activity-${activity.id}`,
        header: `${activity.position}. ${activity.name}`,
        enableSorting: false,
        meta: { width: 150 },
        cell: ({ row }) => {
          const result = row.original.results[String(activity.id)];
          const clickable = !!result || (recordable.has(activity.id) && isOpen);
          const value = (result?.result as PpiResultValue | undefined) ?? null;
          const badge = <ResultBadge result={value} />;
          return clickable ? (
            <UnstyledButton
              onClick={(event) => {
                event.stopPropagation();
                openCell(row.original, activity.id);
              }}
              // The name starts with the badge's text, what a voice user sees and says (WCAG 2.5.3).
              aria-label={t('ppis.results.cellWithResult', {
                result: t(`ppis.results.value.${value ?? 'pending'}`),
                code: row.original.code,
                activity: activity.name,
              })}
              data-testid={`cell-${row.original.id}-${activity.id}`}
            >
              {badge}
            </UnstyledButton>
          ) : (
            badge
          );
        },
      })),
    // openCell reads only what the other dependencies carry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ppi.activities, recordable, isOpen, t],
  );

  const sorting: SortingState = orderingToSorting(query.ordering);

  return (
    <Stack gap={0}>
      <ResultsHeader ppi={ppi} view="register" />
      <Stack gap="md">
        {!isOpen && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconLock size={18} />}
            role="status"
            data-testid="ppi-closed"
          >
            {t('ppis.results.closed')}
          </Alert>
        )}
        {permissions.data && permissions.data.recordable_activities.length === 0 && (
          <Alert color="blue" variant="light">
            {t('ppis.results.nothingToRecord')}
          </Alert>
        )}
        {isPhone && (
          <Button
            variant="default"
            justify="space-between"
            fullWidth
            rightSection={showCounts ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
            aria-expanded={showCounts}
            onClick={() => setShowCounts((shown) => !shown)}
          >
            {t('ppis.results.progressToggle', { count: ppi.activities.length })}
          </Button>
        )}
        {/* On a phone the activities' counts wait behind a button, so the table starts on the first screen. */}
        <Collapse expanded={!isPhone || showCounts}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {(mine.data ?? []).map((c) => (
              <CountsCard key={c.activity.id} ppiId={ppi.id} counts={c} mine />
            ))}
            {(others.data ?? []).map((c) => (
              <CountsCard key={c.activity.id} ppiId={ppi.id} counts={c} mine={false} />
            ))}
          </SimpleGrid>
        </Collapse>
        {elementType && (
          <ElementFiltersBar
            elementType={elementType}
            filters={query.filters}
            states={typeStates}
            contractors={contractors.data ?? []}
            ctrs={ctrs.data?.results}
            onChange={(filters: ElementFilterValues) => update({ filters, page: 1 })}
          />
        )}
        <SelectionBar
          selectedCount={selectedCount}
          matchingCount={list.data?.count}
          loadingAll={null}
          onSelectAll={() => setSelection({ ids: [], allMatching: true })}
          onCancelSelectAll={() => undefined}
          onClear={() => setSelection({ ids: [], allMatching: false })}
          idleText={t('ppis.results.selectToRecord')}
        >
          <Button
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
            disabled={selectedCount === 0 || !isOpen || myActivities.length === 0}
            loading={loadingAll === 'massive'}
            onClick={() => void recordActivities()}
          >
            {selectedCount
              ? t('ppis.results.massive.openSelected', {
                  count: selectedCount,
                  formatted: formatInteger(selectedCount),
                })
              : t('ppis.results.massive.open')}
          </Button>
          <Button
            leftSection={<IconClipboardCheck size={18} aria-hidden />}
            disabled={selectedCount === 0 || !isOpen || myActivities.length === 0}
            loading={loadingAll === 'record'}
            onClick={() => void recordSelection()}
          >
            {selectedCount
              ? t('ppis.results.recordSelected', {
                  count: selectedCount,
                  formatted: formatInteger(selectedCount),
                })
              : t('ppis.results.record')}
          </Button>
        </SelectionBar>
        {list.error && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <ElementsTable<ElementResults>
              elements={list.data?.results}
              isLoading={!list.data}
              states={statesById}
              contractors={contractorsById}
              sorting={sorting}
              onSortingChange={(next) => update({ ordering: sortingToOrdering(next), page: 1 })}
              selectedIds={selectedIds}
              onSelectionChange={onSelectionChange}
              onOpen={(element) =>
                selectedIds.has(element.id)
                  ? onSelectionChange([], [element.id])
                  : onSelectionChange([element.id], [])
              }
              height={TABLE_HEIGHT}
              scrollResetKey={`${scope}|${query.page}|${query.pageSize}|${query.ordering}`}
              typeName={ppi.element_type.name}
              extraColumns={activityColumns}
            />
            <ElementsPagination
              page={query.page}
              pageSize={query.pageSize}
              count={list.data?.count}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            />
          </Paper>
        )}
      </Stack>
      {recording && (
        <RecordResultModal
          ppiId={ppi.id}
          activities={myActivities}
          target={recording}
          onClose={() => {
            if (!recording.existing && recording.elementIds.length > 1)
              setSelection({ ids: [], allMatching: false });
            setRecording(null);
          }}
        />
      )}
      {massiveIds && (
        <MassiveActivitiesModal
          ppiId={ppi.id}
          activities={myActivities}
          elementIds={massiveIds}
          onClose={(saved) => {
            if (saved) setSelection({ ids: [], allMatching: false });
            setMassiveIds(null);
          }}
        />
      )}
      {opened && (
        <ResultDetailModal
          ppiId={ppi.id}
          resultId={opened.resultId}
          readOnly={opened.readOnly}
          onClose={() => setOpened(null)}
          onEdit={(result: PpiResult) => {
            setOpened(null);
            setRecording({
              elementIds: [result.element.id],
              activityId: result.activity.id,
              existing: result,
            });
          }}
        />
      )}
    </Stack>
  );
}
