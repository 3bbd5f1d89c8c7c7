import type { ReportKind } from '@heliotrack/domain/reports';
import { queryKeys } from '../../../api/query-keys';

/** Filters of the report lists, in form shape; null means "any". */
export interface ReportFilterValues {
  /** Local calendar days, 'YYYY-MM-DD', both included. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Element type id. */
  type: number | null;
  /** User id of the author. */
  author: number | null;
}

export interface ReportListQuery {
  page: number;
  pageSize: number;
  filters: ReportFilterValues;
}

/**
 * Query keys of the reports feature, under the plant's key (`queryKeys.plants.detail`): every
 * report query of a plant and kind starts with `all(plantId, kind)`, its paged lists with `lists`.
 */
export const reportKeys = {
  all: (plantId: number, kind: ReportKind) => [...queryKeys.plants.detail(plantId), 'reports', kind] as const,
  /** The paged lists of a plant and kind, whatever their page and filters. */
  lists: (plantId: number, kind: ReportKind) => [...reportKeys.all(plantId, kind), 'list'] as const,
  list: (plantId: number, kind: ReportKind, query: ReportListQuery) =>
    [...reportKeys.lists(plantId, kind), query] as const,
  one: (plantId: number, kind: ReportKind, reportId: number) =>
    [...reportKeys.all(plantId, kind), 'one', reportId] as const,
};
