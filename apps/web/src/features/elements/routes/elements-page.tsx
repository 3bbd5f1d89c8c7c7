import '@mantine/dates/styles.css';
import { Button, Paper, Stack, Tabs } from '@mantine/core';
import { IconArrowsExchange, IconComponents, IconFileReport, IconMap2 } from '@tabler/icons-react';
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Element } from '@heliotrack/domain/elements';
import { ElementsPagination } from '../../../components/elements/elements-pagination';
import { EmptyState } from '../../../components/empty-state';
import { notifyError } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { SyncReviewLink } from '../../../components/sync-review-link';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { TOUCH_TARGET, useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { usePlant } from '../../../api/get-plant';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { useElementTypes } from '../../../api/get-element-types';
import { EMPTY_FILTERS, useElements, type ElementFilterValues } from '../../../api/get-elements';
import { useMatchingElementIds, type IdsProgress } from '../../../api/get-matching-element-ids';
import { usePlantStates } from '../../../api/get-plant-states';
import { ElementActions, useElementActions } from '../components/element-actions';
import { ElementFiltersBar } from '../../../components/elements/element-filters-bar';
import {
  orderingToSorting,
  readListState,
  sortingToOrdering,
  writeListState,
  type ElementListState,
} from '../../../components/elements/element-list-search';
import { ElementsTable } from '../../../components/elements/elements-table';
import { ElementsExportMenu } from '../components/elements-export-menu';
import { SelectionBar } from '../../../components/elements/selection-bar';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { prefetchElementCatalogues } from './plant-route';

export function elementsLoader({ params }: LoaderFunctionArgs) {
  prefetchElementCatalogues(routeIdOf(params.plantId));
  return null;
}

const TABLE_HEIGHT = 'max(360px, calc(100dvh - 430px))';

/** The CT filter lists the plant's CTs: few per plant (one per ~4 MWp), one page holds them all. */
const CTR_QUERY = { page: 1, pageSize: 1000, ordering: 'code' as const, filters: EMPTY_FILTERS };

export function ElementsPage() {
  const plantId = useRouteId('plantId');
  if (plantId === null) return <InvalidPlant />;
  return <PlantElements key={plantId} plantId={plantId} />;
}

function InvalidPlant() {
  const { t } = useTranslation();
  return <EmptyState icon={<IconComponents size={32} />} title={t('elements.invalidPlant')} />;
}

function PlantElements({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [params, setParams] = useSearchParams();
  const listState = readListState(params);
  const { query } = listState;
  const plant = usePlant(plantId);
  const types = useElementTypes(plantId);
  const states = usePlantStates(plantId);
  const contractors = usePlantContractors(plantId);
  const elementType = types.data?.find((type) => type.code === listState.typeCode) ?? types.data?.[0];
  const ctrType = types.data?.find((type) => type.code === 'CTR');
  const showCt = !!elementType?.ctr_dependent && elementType.code !== 'CTR';
  const ctrs = useElements({ plantId, type: showCt ? ctrType : undefined, query: CTR_QUERY });
  const list = useElements({ plantId, type: elementType, query });

  const typeStates = useMemo(
    () => (states.data ?? []).filter((state) => state.element_type === elementType?.id),
    [states.data, elementType?.id],
  );
  const statesById = useMemo(
    () => new Map((states.data ?? []).map((state) => [state.id, state])),
    [states.data],
  );
  const contractorsById = useMemo(
    () => new Map((contractors.data ?? []).map((contractor) => [contractor.id, contractor])),
    [contractors.data],
  );

  // The selection belongs to one type and one filter: another tab or filter starts a new one.
  const scope = `${elementType?.id}|${JSON.stringify(query.filters)}`;
  const [selection, setSelection] = useState<{ scope: string; ids: ReadonlySet<number> }>({
    scope,
    ids: new Set(),
  });
  const selectedIds = selection.scope === scope ? selection.ids : new Set<number>();
  const [loadingAll, setLoadingAll] = useState<IdsProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const matchingIds = useMatchingElementIds();

  const actions = useElementActions();
  const isTouch = useIsTouch();

  function update(next: { typeCode?: string | null; query?: Partial<ElementListState['query']> }) {
    const merged: ElementListState = {
      typeCode: next.typeCode !== undefined ? next.typeCode : listState.typeCode,
      query: { ...query, ...next.query },
    };
    setParams(writeListState(merged), { replace: true, preventScrollReset: true });
  }

  const { showDetail, changeState } = actions;
  const onOpen = useCallback(
    (element: Element) => elementType && showDetail(element.id, elementType),
    [elementType, showDetail],
  );
  const onChangeOne = useCallback(
    (element: Pick<Element, 'id' | 'code' | 'state_id'>) =>
      elementType && changeState({ kind: 'single', element }, elementType),
    [elementType, changeState],
  );

  function onSelectionChange(added: number[], removed: number[]) {
    const ids = new Set(selectedIds);
    for (const id of added) ids.add(id);
    for (const id of removed) ids.delete(id);
    setSelection({ scope, ids });
  }

  function onSelectAll() {
    if (!elementType) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setLoadingAll({ total: list.data?.count ?? 0 });
    matchingIds.mutate(
      {
        plantId,
        type: elementType,
        filters: query.filters,
        signal: controller.signal,
      },
      {
        onSuccess: (ids) => setSelection({ scope, ids: new Set(ids) }),
        onError: (error) => {
          if (!controller.signal.aborted)
            notifyError((isApiError(error) && error.detail) || t('elements.selection.loadAllFailed'));
        },
        onSettled: () => {
          setLoadingAll(null);
          abortRef.current = null;
        },
      },
    );
  }

  const sorting: SortingState = orderingToSorting(query.ordering);
  const typeName = elementType?.name ?? '';

  return (
    <Stack gap="md">
      <PageHeader
        title={t('elements.title')}
        subtitle={plant.data ? `${plant.data.name} · ${plant.data.code}` : undefined}
        actions={
          <>
            <ElementsExportMenu
              request={
                elementType && {
                  plantId,
                  typeCode: elementType.code,
                  filters: query.filters,
                  ordering: query.ordering,
                }
              }
              typeName={elementType ? typeLabel(elementType) : ''}
            />
            <Button
              component={Link}
              to={`/reports/plant/${plantId}`}
              variant="light"
              leftSection={<IconFileReport size={18} aria-hidden />}
            >
              {t('reports.open')}
            </Button>
            <Button
              component={Link}
              to={`/plants/${plantId}/elements-map${elementType ? `?type=${encodeURIComponent(elementType.code)}` : ''}`}
              variant="light"
              leftSection={<IconMap2 size={18} aria-hidden />}
            >
              {t('elements.viewOnMap')}
            </Button>
            {plant.data && (
              <SyncReviewLink plant={plant.data} count={plant.data.unresolved_sync_reviews} size="sm" />
            )}
          </>
        }
      />

      {types.error && !types.data ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : types.data && types.data.length === 0 ? (
        <EmptyState icon={<IconComponents size={32} />} title={t('elements.noTypes')} />
      ) : (
        <>
          <Tabs
            value={elementType?.code ?? null}
            onChange={(code) =>
              code && update({ typeCode: code, query: { page: 1, filters: EMPTY_FILTERS } })
            }
            keepMounted={false}
          >
            {/* On touch screens the tabs stay on one line and scroll sideways inside their strip. */}
            <Tabs.List
              style={isTouch ? { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' } : undefined}
            >
              {(types.data ?? []).map((type) => (
                <Tabs.Tab
                  key={type.code}
                  value={type.code}
                  mih={isTouch ? TOUCH_TARGET : undefined}
                  style={{ flexShrink: 0 }}
                >
                  {typeLabel(type)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          {elementType && (
            <ElementFiltersBar
              key={elementType.code}
              elementType={elementType}
              filters={query.filters}
              states={typeStates}
              contractors={contractors.data ?? []}
              ctrs={ctrs.data?.results}
              onChange={(filters: ElementFilterValues) => update({ query: { filters, page: 1 } })}
            />
          )}

          <SelectionBar
            selectedCount={selectedIds.size}
            matchingCount={list.data?.count}
            loadingAll={loadingAll}
            onSelectAll={onSelectAll}
            onCancelSelectAll={() => abortRef.current?.abort()}
            onClear={() => setSelection({ scope, ids: new Set() })}
          >
            <Button
              leftSection={<IconArrowsExchange size={18} aria-hidden />}
              disabled={selectedIds.size === 0 || !!loadingAll}
              onClick={() =>
                elementType && changeState({ kind: 'massive', elementIds: [...selectedIds] }, elementType)
              }
            >
              {selectedIds.size
                ? t('elements.selection.changeState', {
                    count: selectedIds.size,
                    formatted: formatInteger(selectedIds.size),
                  })
                : t('elements.changeState')}
            </Button>
          </SelectionBar>

          {list.error && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <ElementsTable
                elements={list.data?.results}
                isLoading={!list.data}
                states={statesById}
                contractors={contractorsById}
                sorting={sorting}
                onSortingChange={(next) => update({ query: { ordering: sortingToOrdering(next), page: 1 } })}
                selectedIds={selectedIds}
                onSelectionChange={onSelectionChange}
                onOpen={onOpen}
                onChangeState={onChangeOne}
                height={TABLE_HEIGHT}
                scrollResetKey={`${scope}|${query.page}|${query.pageSize}|${query.ordering}`}
                typeName={typeName}
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
        </>
      )}

      <ElementActions
        plantId={plantId}
        baseMap={plant.data}
        actions={actions}
        onMassiveDone={() => setSelection({ scope, ids: new Set() })}
      />
    </Stack>
  );
}
