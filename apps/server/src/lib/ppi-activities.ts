import type { Activity, ActivityInput } from '@heliotrack/domain/ppis';
import { activityCountsOf } from '@heliotrack/domain/ppi-result-dto';
import type { ActivityCounts } from '@heliotrack/domain/ppi-results';
import { fromFlag, toFlag } from '../db/dialect';
import type { PpiActivityColumns } from '../db/schema';

/*
 * The activities of a PPI template and of a plan (which copies them), as the database keeps them:
 * what the ppis areas (templates, plans, results, exports) all read and write the same way.
 */

/** An activity's columns as written: a template's or a plan's, without their owner's id. */
export type ActivityValues = Omit<PpiActivityColumns, 'id' | 'criteria' | 'is_required' | 'roles'> & {
  criteria: string;
  is_required: number;
  roles: string;
};

/** An activity row as read (a template's or a plan's). */
export interface ActivityRow {
  id: number;
  position: number;
  name: string;
  criteria: string;
  is_required: number;
  roles: string;
}

/** The roles column (a JSON list); anything else counts as no role. */
export function parseRoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** An activity row of the database (template's or PPI's) as the API shows it. */
export function toActivityDto(row: ActivityRow): Activity {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    criteria: row.criteria,
    is_required: fromFlag(row.is_required),
    roles: parseRoles(row.roles),
  };
}

/** Activities in the order given, numbered from 1. */
export function activityValues(activities: ActivityInput[]): ActivityValues[] {
  return activities.map((a, i) => ({
    position: i + 1,
    name: a.name,
    criteria: a.criteria ?? '',
    is_required: toFlag(a.is_required ?? true),
    roles: JSON.stringify(a.roles),
  }));
}

/** Each activity's counts of the linked elements: ok, not ok, not applicable, and what is pending (the dossier's too). */
export function activityCounts(
  activities: ActivityRow[],
  rows: { activity_id: number; result: string; n: number }[],
  linked: number,
): ActivityCounts[] {
  const counted = activities.map((a) => ({ ...a, roles: parseRoles(a.roles), is_required: a.is_required === 1 }));
  return activityCountsOf(counted, rows, linked);
}
