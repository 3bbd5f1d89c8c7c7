import type { ActivityCounts, PpiResult, PpiResultValue } from './ppi-results';

/*
 * One PPI result in the API's shape, from its row: the server (results.service.ts) and the offline
 * device (apps/web offline/local-ppis.ts) both answer `GET ppis/{id}/ppi-results…` with it, so the
 * two shapes cannot drift apart.
 */

/** A stored result with the names its answer shows (the element, its type, the author, the equipment). */
export interface PpiResultRow {
  id: number;
  ppi_id: number;
  activity_id: number;
  element_id: number;
  element_code: string | null;
  element_type: string | null;
  result: string;
  observations: string;
  equipment_id: number | null;
  equipment_name: string | null;
  equipment_certificate: string | null;
  equipment_calibration_date: string | null;
  equipment_expiry_date: string | null;
  result_date: string;
  user_id: number | null;
  author_name: string | null;
  role: string;
  observed_at: string;
  created_at: string;
  updated_at: string;
}

/** The result's activity as the answer names it; unknown (the device lost it) answers blanks. */
export interface PpiResultActivity {
  position: number;
  name: string;
  roles: string[];
}

export function ppiResultOf(
  row: PpiResultRow,
  activity: PpiResultActivity | undefined,
  documents: PpiResult['documents'],
  /** Whether the caller may record the result again (their role's activity, plan open). */
  editable: boolean,
): PpiResult {
  return {
    id: row.id,
    ppi: row.ppi_id,
    activity: {
      id: row.activity_id,
      position: activity?.position ?? 0,
      name: activity?.name ?? '',
      roles: activity?.roles ?? [],
    },
    element: { id: row.element_id, code: row.element_code ?? '', type: row.element_type ?? '' },
    result: row.result as PpiResultValue,
    observations: row.observations,
    equipment:
      row.equipment_id === null
        ? null
        : {
            id: row.equipment_id,
            name: row.equipment_name ?? '',
            certificate_number: row.equipment_certificate ?? '',
            calibration_date: row.equipment_calibration_date ?? '',
            expiry_date: row.equipment_expiry_date ?? '',
          },
    result_date: row.result_date,
    author: row.user_id === null ? null : { id: row.user_id, name: row.author_name ?? '' },
    role: row.role,
    documents,
    editable,
    observed_at: row.observed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An activity of the plan, as the counts name it. */
export interface CountedActivity extends PpiResultActivity {
  id: number;
  is_required: boolean;
}

/**
 * Each activity's counts over the plan's linked elements (`GET ppis/{id}/activity-summary` and its
 * two halves, the dossier): ok, not ok, not applicable from the results of linked elements, and
 * pending, the linked elements without a result.
 */
export function activityCountsOf(
  activities: CountedActivity[],
  rows: { activity_id: number; result: string; n: number }[],
  linked: number,
): ActivityCounts[] {
  return activities.map((a) => {
    const counts = { ok: 0, not_ok: 0, na: 0 };
    for (const row of rows) if (row.activity_id === a.id && row.result in counts) counts[row.result as PpiResultValue] += row.n;
    return {
      activity: { id: a.id, position: a.position, name: a.name, roles: a.roles, is_required: a.is_required },
      ...counts,
      pending: linked - counts.ok - counts.not_ok - counts.na,
      expected: linked,
    };
  });
}
