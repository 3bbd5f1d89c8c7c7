import type { PpiListQuery } from '@heliotrack/domain/ppis';

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
  activity: (ppiId: number, activityId: number) => ['ppis', 'detail', ppiId, 'activity', activityId] as const,
  logo: (ppiId: number, version: string) => ['ppis', 'detail', ppiId, 'logo', version] as const,
  plants: ['ppis', 'plants'] as const,
  users: (plantId: number | null) => ['ppis', 'users', plantId] as const,
  templates: ['ppis', 'templates'] as const,
  plantTemplates: (plantId: number) => ['ppis', 'templates', 'plant', plantId] as const,
};
