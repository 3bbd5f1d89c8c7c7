import type { State } from '@heliotrack/domain/catalogues';
import type { Milestone } from '@heliotrack/domain/milestones';

/** What the milestone form holds: empty selects are null, an empty count is ''. */
export interface MilestoneFormValues {
  name: string;
  element_type: number | null;
  state: number | null;
  target_count: number | '';
  target_date: string | null;
}

export function milestoneFormValues(milestone?: Milestone): MilestoneFormValues {
  return {
    name: milestone?.name ?? '',
    element_type: milestone?.element_type ?? null,
    state: milestone?.state ?? null,
    target_count: milestone?.target_count ?? '',
    target_date: milestone?.target_date ?? null,
  };
}

/** The values as the request body for the shared schema: empty fields are left out so it names them. */
export function milestoneRequestOf(values: MilestoneFormValues) {
  return {
    name: values.name,
    element_type: values.element_type ?? undefined,
    state: values.state ?? undefined,
    target_count: values.target_count === '' ? undefined : values.target_count,
    target_date: values.target_date ?? undefined,
  };
}

/**
 * The states a milestone of `typeId` can target: the active ones of that type, plus `keep` (the
 * milestone's own state when it has since been deactivated), in workflow order (by id).
 */
export function statesOfType(states: State[], typeId: number | null, keep: number | null = null): State[] {
  if (typeId === null) return [];
  return states
    .filter((state) => state.element_type === typeId && (state.is_active || state.id === keep))
    .sort((a, b) => a.id - b.id);
}
