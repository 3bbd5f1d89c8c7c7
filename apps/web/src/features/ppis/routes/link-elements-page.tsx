import '@mantine/dates/styles.css';
import { Button, Paper, SegmentedControl, Stack } from '@mantine/core';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PpiDetail, PpiElement } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useElementTypes } from '../../../api/get-element-types';
import { EMPTY_FILTERS, useElements, type ElementFilterValues } from '../../../api/get-elements';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { usePlantStates } from '../../../api/get-plant-states';
import { useProfile } from '../../../api/get-profile';
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
import { notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { formatInteger } from '../../../lib/format';
import { ppiFilterParams, useTemplateElements, type LinkedFilter } from '../api/get-template-elements';
import { useLinkElements } from '../api/link-elements';
import { LinkedBadge } from '../components/linked-badge';
import { PpiHeader } from '../components/ppi-header';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { usePpiSelection } from '../components/ppi-selection';

export const linkElementsLoader = ppiLoader;

const TABLE_HEIGHT = 'max(360px, calc(100dvh - 520px))';
const CTR_QUERY = { page: 1, pageSize: 1000, ordering: 'code' as const, filters: EMPTY_FILTERS };
const LINKED_FILTERS: LinkedFilter[] = ['all', 'linked', 'unlinked'];

/** /ppis/{ppiId}/link-elements */
export function LinkElementsPage() {
  return <WithPpi>{(ppi) => <PpiElements key={ppi.id} ppi={ppi} />}</WithPpi>;
}

/**
 * The plant's elements of the plan's type in the element table, with its filters, selection and
 * "select all matching"; administrators link or unlink the selection. The selection is kept in
 * local storage per plan (specification section 3), so it survives a reload.
 */
function PpiElements({ ppi }: { ppi: PpiDetail }) {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const canManage = isAdministrator(user);
  const plantId = ppi.plant.id;
  const [params, setParams] = useSearchParams();
  const listState = readListState(params);
  const { query } = listState;
  const linkedParam = params.get('linked');
  const linked: LinkedFilter = LINKED_FILTERS.includes(linkedParam as LinkedFilter) ? (linkedParam as LinkedFilter) : 'all';

  const types = useElementTypes(plantId);
  const states = usePlantStates(plantId);
  const contractors = usePlantContractors(plantId);
  const elementType = types.data?.find((type) => type.id === ppi.element_type.id);
  const ctrType = types.data?.find((type) => type.code === 'CTR');
  const showCt = !!elementType?.ctr_dependent && elementType.code !== 'CTR';
  const ctrs = useElements({ plantId, type: showCt ? ctrType : undefined, query: CTR_QUERY });
  const list = useTemplateElements(ppi.id, query, linked);
  const link = useLinkElements();

  const typeStates = useMemo(() => (states.data ?? []).filter((s) => s.element_type === ppi.element_type.id), [states.data, ppi.element_type.id]);
  const statesById = useMemo(() => new Map((states.data ?? []).map((s) => [s.id, s])), [states.data]);
  const contractorsById = useMemo(() => new Map((contractors.data ?? []).map((c) => [c.id, c])), [contractors.data]);

  const scope = JSON.stringify([query.filters, linked]);
  const [selection, setSelection] = usePpiSelection(ppi.id, scope);
  const pageIds = useMemo(() => (list.data?.results ?? []).map((e) => e.id), [list.data]);
  const selectedIds = useMemo(() => new Set(selection.allMatching ? pageIds : selection.ids), [selection, pageIds]);
  const selectedCount = selection.allMatching ? (list.data?.count ?? 0) : selection.ids.length;

  function update(next: { query?: Partial<ElementListState['query']>; linked?: LinkedFilter }) {
    const merged = writeListState({ typeCode: null, query: { ...query, ...next.query } });
    const nextLinked = next.linked ?? linked;
    if (nextLinked !== 'all') merged.set('linked', nextLinked);
    setParams(merged, { replace: true, preventScrollReset: true });
  }

  function onSelectionChange(added: number[], removed: number[]) {
    // Unticking one of "all matching" keeps what this page shows, less what was unticked.
    const ids = new Set(selection.allMatching ? pageIds : selection.ids);
    for (const id of added) ids.add(id);
    for (const id of removed) ids.delete(id);
    setSelection({ ids: [...ids], allMatching: false });
  }

  function onLink(action: 'link' | 'unlink') {
    const target = selection.allMatching ? { filters: ppiFilterParams(query.filters, linked) } : { elementIds: [...selection.ids] };
    link.mutate(
      { ppiId: ppi.id, action, selection: target },
      {
        onSuccess: (result) => {
          notifySuccess(
            action === 'link'
              ? t('ppis.elements.linkedNow', { count: result.changed, formatted: formatInteger(result.changed) })
              : t('ppis.elements.unlinkedNow', { count: result.changed, formatted: formatInteger(result.changed) }),
          );
          setSelection({ ids: [], allMatching: false });
        },
      },
    );
  }

  const extraColumns = useMemo<ColumnDef<PpiElement>[]>(
    () => [{ id: 'linked', header: t('ppis.elements.column'), enableSorting: false, meta: { width: 140 }, cell: ({ row }) => <LinkedBadge isLinked={row.original.is_linked} /> }],
    [t],
  );

  const sorting: SortingState = orderingToSorting(query.ordering);
  const isClosed = ppi.status === 'closed';

  return (
    <Stack gap={0}>
      <PpiHeader ppi={ppi} view="table" />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('ppis.elements.show')}
          value={linked}
          onChange={(value) => update({ linked: value as LinkedFilter, query: { page: 1 } })}
          data={LINKED_FILTERS.map((value) => ({ value, label: t(`ppis.elements.filter.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        {elementType && (
          <ElementFiltersBar
            elementType={elementType}
            filters={query.filters}
            states={typeStates}
            contractors={contractors.data ?? []}
            ctrs={ctrs.data?.results}
            onChange={(filters: ElementFilterValues) => update({ query: { filters, page: 1 } })}
          />
        )}
        <SelectionBar
          selectedCount={selectedCount}
          matchingCount={list.data?.count}
          loadingAll={null}
          onSelectAll={() => setSelection({ ids: [], allMatching: true })}
          onCancelSelectAll={() => undefined}
          onClear={() => setSelection({ ids: [], allMatching: false })}
          idleText={canManage ? t('ppis.elements.selectToLink') : t('ppis.elements.selectToView')}
        >
          {canManage && (
            <>
              <Button
                variant="light"
                color="gray"
                leftSection={<IconUnlink size={18} aria-hidden />}
                disabled={selectedCount === 0 || link.isPending || isClosed}
                loading={link.isPending && link.variables?.action === 'unlink'}
                onClick={() => onLink('unlink')}
              >
                {selectedCount ? t('ppis.elements.unlink', { count: selectedCount, formatted: formatInteger(selectedCount) }) : t('ppis.elements.unlinkAction')}
              </Button>
              <Button
                leftSection={<IconLink size={18} aria-hidden />}
                disabled={selectedCount === 0 || link.isPending || isClosed}
                loading={link.isPending && link.variables?.action === 'link'}
                onClick={() => onLink('link')}
              >
                {selectedCount ? t('ppis.elements.link', { count: selectedCount, formatted: formatInteger(selectedCount) }) : t('ppis.elements.linkAction')}
              </Button>
            </>
          )}
        </SelectionBar>
        {list.error && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <ElementsTable<PpiElement>
              elements={list.data?.results}
              isLoading={!list.data}
              states={statesById}
              contractors={contractorsById}
              sorting={sorting}
              onSortingChange={(next) => update({ query: { ordering: sortingToOrdering(next), page: 1 } })}
              selectedIds={selectedIds}
              onSelectionChange={onSelectionChange}
              onOpen={(element) => (selectedIds.has(element.id) ? onSelectionChange([], [element.id]) : onSelectionChange([element.id], []))}
              height={TABLE_HEIGHT}
              scrollResetKey={`${scope}|${query.page}|${query.pageSize}|${query.ordering}`}
              typeName={ppi.element_type.name}
              extraColumns={extraColumns}
            />
            <ElementsPagination
              page={query.page}
              pageSize={query.pageSize}
              count={list.data?.count}
              onPageChange={(page) => update({ query: { page } })}
              onPageSizeChange={(pageSize) => update({ query: { pageSize, page: 1 } })}
            />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
