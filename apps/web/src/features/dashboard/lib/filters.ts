import { z } from 'zod';
import type { Milestone } from '@heliotrack/domain/milestones';

/**
 * The dashboard's filters. The specification keeps the selected ctr, the date filter and the
 * by-planning flag in session storage: they survive a reload of the tab, not a new tab or a logout.
 */
export interface DashboardFilters {
  plantId: number | null;
  /** Id of a CTR element of the plant; null for the whole plant. */
  ctrId: number | null;
  /** true: the target date is the chosen milestone's; false: `targetDate`. */
  byPlanning: boolean;
  /** 'YYYY-MM-DD'; null for the current state. */
  targetDate: string | null;
  milestoneId: number | null;
}

export const DASHBOARD_FILTERS_KEY = 'dashboard_filters';

export const EMPTY_FILTERS: DashboardFilters = {
  plantId: null,
  ctrId: null,
  byPlanning: false,
  targetDate: null,
  milestoneId: null,
};

const id = z.number().int().positive().nullable().catch(null);
const StoredFilters = z.object({
  plantId: id,
  ctrId: id,
  byPlanning: z.boolean().catch(false),
  targetDate: z.iso.date().nullable().catch(null),
  milestoneId: id,
});

/** Whatever the storage holds (edited by hand, an older shape), the answer is valid filters. */
export function parseFilters(raw: string | null): DashboardFilters {
  if (!raw) return EMPTY_FILTERS;
  try {
    const parsed = StoredFilters.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_FILTERS;
  } catch {
    return EMPTY_FILTERS;
  }
}

export function readFilters(
  storage: Pick<Storage, 'getItem'> | undefined = safeSessionStorage(),
): DashboardFilters {
  try {
    return parseFilters(storage?.getItem(DASHBOARD_FILTERS_KEY) ?? null);
  } catch {
    return EMPTY_FILTERS;
  }
}

export function writeFilters(
  filters: DashboardFilters,
  storage: Pick<Storage, 'setItem'> | undefined = safeSessionStorage(),
): void {
  try {
    storage?.setItem(DASHBOARD_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage full or disabled: the filters still work for this page view.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Another plant resets what belongs to the plant (its CTR and its milestone); the date and the
 * by-planning flag are the user's and stay.
 */
export function withPlant(filters: DashboardFilters, plantId: number | null): DashboardFilters {
  if (plantId === filters.plantId) return filters;
  return { ...filters, plantId, ctrId: null, milestoneId: null };
}

/** The stored plant when the user still sees it, else the first plant, else none. */
export function resolvePlantId(stored: number | null, plantIds: number[]): number | null {
  if (stored !== null && plantIds.includes(stored)) return stored;
  return plantIds[0] ?? null;
}

/** The stored milestone when the plant still has it, else its first milestone (by target date). */
export function resolveMilestone(stored: number | null, milestones: Milestone[]): Milestone | null {
  return milestones.find((m) => m.id === stored) ?? sortMilestones(milestones)[0] ?? null;
}

export function sortMilestones(milestones: Milestone[]): Milestone[] {
  return [...milestones].sort((a, b) => a.target_date.localeCompare(b.target_date) || a.id - b.id);
}

/** The day the charts show: the milestone's target date by planning, else the chosen date (or now). */
export function effectiveTargetDate(filters: DashboardFilters, milestone: Milestone | null): string | null {
  if (filters.byPlanning) return milestone?.target_date ?? null;
  return filters.targetDate;
}
