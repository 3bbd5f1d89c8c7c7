import type { ElementsByState } from '@heliotrack/domain/dashboard';

/** "Compare": ok against not ok elements of the added element types, at a start and an end date. */

export interface CompareDraft {
  /** Element type ids added with "Add element". */
  elementTypes: number[];
  ctr: number | null;
  /** 'YYYY-MM-DD' */
  startDate: string | null;
  endDate: string | null;
}

export type CompareErrorKey = 'compareNeedsElement' | 'compareDateRequired' | 'compareDatesOrder';
export type CompareErrors = Partial<Record<'elements' | 'startDate' | 'endDate', CompareErrorKey>>;

/** Specification section 5: compare needs at least one element. Both dates, start not after end. */
export function validateCompare(draft: CompareDraft): CompareErrors {
  const errors: CompareErrors = {};
  if (draft.elementTypes.length === 0) errors.elements = 'compareNeedsElement';
  if (!draft.startDate) errors.startDate = 'compareDateRequired';
  if (!draft.endDate) errors.endDate = 'compareDateRequired';
  if (draft.startDate && draft.endDate && draft.startDate > draft.endDate)
    errors.startDate = 'compareDatesOrder';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Adds a type once; the order is the order of adding. */
export function addCompareElement(elementTypes: number[], elementType: number): number[] {
  return elementTypes.includes(elementType) ? elementTypes : [...elementTypes, elementType];
}

export interface OkSplit {
  ok: number;
  notOk: number;
  /** Elements with no state yet: neither ok nor not ok. */
  noState: number;
  total: number;
}

export function okSplit(answer: ElementsByState): OkSplit {
  let ok = 0;
  let notOk = 0;
  for (const state of answer.states) {
    if (state.is_ok) ok += state.count;
    else notOk += state.count;
  }
  return { ok, notOk, noState: answer.no_state, total: answer.total };
}

export interface CompareRow {
  elementType: number;
  start: OkSplit;
  end: OkSplit;
  /** end.ok - start.ok */
  okChange: number;
}

export function compareRows(
  elementTypes: number[],
  startAnswers: (ElementsByState | undefined)[],
  endAnswers: (ElementsByState | undefined)[],
): CompareRow[] {
  const rows: CompareRow[] = [];
  elementTypes.forEach((elementType, index) => {
    const start = startAnswers[index];
    const end = endAnswers[index];
    if (!start || !end) return;
    const startSplit = okSplit(start);
    const endSplit = okSplit(end);
    rows.push({ elementType, start: startSplit, end: endSplit, okChange: endSplit.ok - startSplit.ok });
  });
  return rows;
}
