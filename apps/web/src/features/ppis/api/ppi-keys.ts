import type { PpiListQuery } from '@heliotrack/domain/ppis';
import type { ElementListQuery } from '../../../api/get-elements';

export type CountsKind = 'user-activities-summary' | 'other-roles-activity-summary' | 'activity-summary';

/**
 * Query keys of the PPI feature. Everything lives under `ppis`, so one invalidation of `ppiKeys.all`
 * after a write refreshes lists, details and linked elements alike.
 */
export const ppiKeys = {
  all: ['ppis'] as const,
  lists: ['ppis', 'list'] as const,
  list: (scope: 'admin' | 'linked', filters: PpiListQuery) => ['ppis', 'list', scope, filters] as const,
  detail: (ppiId: number) => ['ppis', 'detail', ppiId] as const,
  elements: (ppiId: number) => ['ppis', 'detail', ppiId, 'elements'] as const,
  /** What the signed-in user may do on the plan. */
  permissions: (ppiId: number) => ['ppis', 'detail', ppiId, 'permissions'] as const,
  activity: (ppiId: number, activityId: number) => ['ppis', 'detail', ppiId, 'activity', activityId] as const,
  logo: (ppiId: number, version: string) => ['ppis', 'detail', ppiId, 'logo', version] as const,
  plants: ['ppis', 'plants'] as const,
  users: (plantId: number | null) => ['ppis', 'users', plantId] as const,
  templates: ['ppis', 'templates'] as const,
  plantTemplates: (plantId: number) => ['ppis', 'templates', 'plant', plantId] as const,
};

/*
 * Results of a plan (issue "PPIs II"). Their keys live under the plan's (`ppiKeys.detail`), so a
 * write refreshes the plan, its register, its summaries and its results at once.
 */

export const resultKeys = {
  all: (ppiId: number) => [...ppiKeys.detail(ppiId), 'results'] as const,
  elements: (ppiId: number, query: ElementListQuery) =>
    [...ppiKeys.detail(ppiId), 'results', 'elements', query] as const,
  counts: (ppiId: number, kind: CountsKind) => [...ppiKeys.detail(ppiId), 'results', 'counts', kind] as const,
  detailed: (ppiId: number) => [...ppiKeys.detail(ppiId), 'results', 'detailed'] as const,
  one: (ppiId: number, resultId: number) => [...ppiKeys.detail(ppiId), 'results', 'one', resultId] as const,
  list: (ppiId: number, query: Record<string, string | number | undefined>) =>
    [...ppiKeys.detail(ppiId), 'results', 'list', query] as const,
  exports: (ppiId: number) => [...ppiKeys.detail(ppiId), 'exports'] as const,
};
