import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardChart } from '@heliotrack/domain/dashboard';
import { notifyError } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { formatFieldErrors } from '../../../lib/format-field-errors';
import { getStoredUser } from '../../../lib/session';
import { readString, removeKey } from '../../../lib/storage';
import { saveDashboardCharts, useDashboardCharts } from '../api/dashboard-charts';
import {
  addCustomChart,
  isFull,
  legacyChartsKey,
  mergeLegacyCharts,
  newChartId,
  parseLegacyCharts,
  removeCustomChart,
  type CustomChartDraft,
} from '../lib/custom-charts';
import { dashboardKeys } from '../api/query-keys';

/**
 * The charts this user added, kept on the server. A change shows at once (optimistic update); if
 * the server refuses it the list goes back to what it was and a notification says so. Saves run
 * one after another, each with the whole list as the user then saw it.
 */
export function useCustomCharts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = getStoredUser()?.id ?? null;
  const queryKey = dashboardKeys.charts(userId);
  const query = useDashboardCharts(userId);

  const mutation = useMutation({
    mutationKey: [...queryKey, 'save'],
    scope: { id: `dashboard-charts-${userId ?? 'anonymous'}` },
    mutationFn: saveDashboardCharts,
    onMutate: async (next: DashboardChart[]) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData<DashboardChart[]>(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      const reason =
        isApiError(error) && error.status === 400
          ? formatFieldErrors(error.body)
          : t('dashboard.chartsLeftAsWere');
      notifyError(reason, t('dashboard.chartsSaveFailed'));
    },
    onSettled: async () => {
      // The last save of a burst brings the list in line with the server (the answer or a refusal).
      if (queryClient.isMutating({ mutationKey: [...queryKey, 'save'] }) === 1) {
        await queryClient.invalidateQueries({ queryKey, exact: true });
      }
    },
  });
  const { mutate } = mutation;

  const change = useCallback(
    (edit: (current: DashboardChart[]) => DashboardChart[]) => {
      const current = queryClient.getQueryData<DashboardChart[]>(queryKey);
      // Never save a list that was not read first: it would replace the user's charts with less.
      if (!current) return;
      const next = edit(current);
      if (next !== current) mutate(next);
    },
    // queryKey is rebuilt on every render from userId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, mutate, userId],
  );

  // Charts kept in local storage before they moved to the server: added to the server's list once.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || userId === null) return;
    const key = legacyChartsKey(userId);
    const raw = readString(key);
    if (raw === null) return;
    removeKey(key);
    const legacy = parseLegacyCharts(raw);
    change((current) => {
      const merged = mergeLegacyCharts(current, legacy);
      return merged.length === current.length ? current : merged;
    });
  }, [loaded, userId, change]);

  const charts = query.data ?? [];
  return {
    charts,
    /** True until the list is read. */
    isPending: query.isPending,
    /** Read: adding and removing wait for it. */
    isSuccess: query.isSuccess,
    error: query.error,
    refetch: query.refetch,
    isFull: isFull(charts),
    add: (draft: CustomChartDraft) => change((current) => addCustomChart(current, draft, newChartId())),
    remove: (id: string) => change((current) => removeCustomChart(current, id)),
  };
}
