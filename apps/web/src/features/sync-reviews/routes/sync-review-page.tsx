import { Anchor, Breadcrumbs, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { isViewerOnly } from '@heliotrack/domain/roles';
import { SYNC_REVIEW_KINDS, type SyncReview, type SyncReviewKind } from '@heliotrack/domain/sync-reviews';
import { changeElementState, massiveStateChange } from '../../../api/change-element-state';
import { elementTypesQueryOptions } from '../../../api/get-element-types';
import { plantQueryOptions, usePlant } from '../../../api/get-plant';
import { useProfile } from '../../../api/get-profile';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';
import { DataTablePagination } from '../../../components/data-table/data-table-pagination';
import { PAGE_SIZES, pageSizeOf } from '../../../components/data-table/page-sizes';
import { EmptyState } from '../../../components/empty-state';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { formatInteger } from '../../../lib/format';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { showOperationError } from '../../../lib/show-operation-error';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import {
  syncReviewsQueryOptions,
  useSyncReviews,
} from '../api/get-sync-reviews';
import type { SyncReviewStatus, SyncReviewsQuery } from '../api/query-keys';
import { useResolveSyncReview } from '../api/resolve-sync-review';
import { SyncReviewCard } from '../components/sync-review-card';
import { syncReviewKeys } from '../api/query-keys';

const STATUSES: readonly SyncReviewStatus[] = ['false', 'true', 'all'];
const STATUS_LABELS = { false: 'unresolved', true: 'resolved', all: 'all' } as const;

/** The filter and page live in the address, so a reload or a shared link keeps them. */
function readQuery(params: URLSearchParams): SyncReviewsQuery {
  const kind = params.get('kind');
  const status = params.get('resolved');
  return {
    kind: (SYNC_REVIEW_KINDS as readonly string[]).includes(kind ?? '') ? (kind as SyncReviewKind) : null,
    resolved: (STATUSES as readonly string[]).includes(status ?? '') ? (status as SyncReviewStatus) : 'false',
    page: routeIdOf(params.get('page')) ?? 1,
    pageSize: pageSizeOf(routeIdOf(params.get('page_size'))),
  };
}

function writeQuery({ kind, resolved, page, pageSize }: SyncReviewsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (resolved !== 'false') params.set('resolved', resolved);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== pageSizeOf(null)) params.set('page_size', String(pageSize));
  return params;
}

export function syncReviewLoader({ params, request }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId);
  if (isSignedIn() && plantId !== null) {
    void appQueryClient.prefetchQuery(plantQueryOptions(plantId));
    void appQueryClient.prefetchQuery(
      syncReviewsQueryOptions(plantId, readQuery(new URL(request.url).searchParams)),
    );
  }
  return null;
}

/** Issue 38, "In the office": a plant's conflicts, late arrivals and refused offline changes. */
export function SyncReviewPage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId');
  if (plantId === null)
    return <EmptyState icon={<IconGitCompare size={32} />} title={t('syncReviews.invalidPlant')} />;
  return <SyncReviews key={plantId} plantId={plantId} />;
}

function SyncReviews({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const plant = usePlant(plantId);
  const profile = useProfile();
  const list = useSyncReviews(plantId, query);
  const resolve = useResolveSyncReview();
  const canAct = !!profile.data && !isViewerOnly(profile.data);

  const apply = useMutation({
    mutationFn: async (review: SyncReview) => {
      const types = await queryClient.fetchQuery(elementTypesQueryOptions(plantId));
      const type = types.find((candidate) => candidate.id === review.element_type.id) ?? {
        ...review.element_type,
        path: null,
      };
      const body = { state: review.incoming.state!.id, element_type: review.element_type.id, documents: [] };
      return review.element_ids.length === 1
        ? changeElementState({ plantId, type, elementId: review.element_ids[0], body })
        : massiveStateChange({ plantId, type, body: { ...body, element_ids: review.element_ids } });
    },
    onSuccess: (result) => invalidatePlantElements(queryClient, plantId, result.elements_version),
  });

  function update(next: Partial<SyncReviewsQuery>) {
    setParams(writeQuery({ ...query, page: 1, ...next }), { replace: true, preventScrollReset: true });
  }

  function elementsOf(review: SyncReview): string {
    const [first] = review.elements;
    return review.element_count === 1 && first?.code
      ? first.code
      : t('syncReviews.elementCount', {
          count: review.element_count,
          formatted: formatInteger(review.element_count),
        });
  }

  function markResolved(review: SyncReview) {
    resolve.mutate(
      { plantId, reviewId: review.id },
      {
        onSuccess: () => notifySuccess(t('syncReviews.resolvedDone')),
        onError: () => notifyError(t('syncReviews.resolveUnknownError')),
      },
    );
  }

  async function onApply(review: SyncReview) {
    const state = review.incoming.state;
    if (!state) return;
    const accepted = await confirm({
      title: t('syncReviews.applyTitle'),
      message: t('syncReviews.applyConfirm', { elements: elementsOf(review), state: state.name }),
      acceptLabel: t('syncReviews.apply'),
    });
    if (!accepted) return;
    try {
      await apply.mutateAsync(review);
    } catch (error) {
      showOperationError(
        { title: t('syncReviews.applyError'), unknown: t('syncReviews.applyUnknownError') },
        error,
      );
      return;
    }
    notifySuccess(t('syncReviews.applied', { state: state.name }));
    // The list shows the new state at once; whether the review is settled is the person's call.
    void queryClient.invalidateQueries({ queryKey: syncReviewKeys.all(plantId) });
    const settle = await confirm({
      title: t('syncReviews.applyTitle'),
      message: t('syncReviews.appliedResolve', { state: state.name }),
      acceptLabel: t('syncReviews.resolve'),
    });
    if (settle) markResolved(review);
  }

  const count = list.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / query.pageSize));
  const isFiltered = query.kind !== null || query.resolved !== 'false';

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/plants" size="sm">
          {t('nav.plants')}
        </Anchor>
        <Text size="sm">{plant.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader title={t('syncReviews.title')} subtitle={t('syncReviews.subtitle')} />

      <Paper withBorder p="sm">
        <Group gap="md" wrap="wrap" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sync-review-kind">
              {t('syncReviews.filters.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="sync-review-kind"
              value={query.kind ?? 'any'}
              onChange={(value) => update({ kind: value === 'any' ? null : (value as SyncReviewKind) })}
              data={[
                { value: 'any', label: t('syncReviews.filters.allKinds') },
                ...SYNC_REVIEW_KINDS.map((kind) => ({ value: kind, label: t(`syncReviews.kinds.${kind}`) })),
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sync-review-status">
              {t('syncReviews.filters.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="sync-review-status"
              value={query.resolved}
              onChange={(value) => update({ resolved: value as SyncReviewStatus })}
              data={STATUSES.map((status) => ({
                value: status,
                label: t(`syncReviews.filters.${STATUS_LABELS[status]}`),
              }))}
            />
          </Stack>
        </Group>
      </Paper>

      {list.error && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Stack gap="md" aria-busy>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={180} radius="md" />
          ))}
        </Stack>
      ) : count === 0 && !isFiltered ? (
        <EmptyState
          icon={<IconGitCompare size={32} />}
          title={t('syncReviews.emptyTitle')}
          description={t('syncReviews.emptyDescription')}
        />
      ) : (
        <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {count === 0 ? (
            <Paper withBorder p="xl">
              <Text c="dimmed" ta="center">
                {t('syncReviews.noResults')}
              </Text>
            </Paper>
          ) : (
            <Stack gap="md" role="list" aria-label={t('syncReviews.listLabel')}>
              {list.data.results.map((review) => (
                <div role="listitem" key={review.id}>
                  <SyncReviewCard
                    review={review}
                    plantId={plantId}
                    canAct={canAct}
                    onApply={(r) => void onApply(r)}
                    onResolve={markResolved}
                    isResolving={resolve.isPending && resolve.variables.reviewId === review.id}
                    isApplying={apply.isPending && apply.variables.id === review.id}
                  />
                </div>
              ))}
            </Stack>
          )}
          <Paper withBorder p={0}>
            <DataTablePagination
              page={query.page}
              pageCount={pageCount}
              pageSize={query.pageSize}
              pageSizes={PAGE_SIZES}
              summary={t('syncReviews.summary', { count, formatted: formatInteger(count) })}
              pageSizeLabel={t('elements.table.pageSize')}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
              getPageControlLabel={(control) => t(`elements.table.pages.${control}`)}
            />
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
