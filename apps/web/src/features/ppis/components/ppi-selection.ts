import { useState } from 'react';
import { LINK_IDS_MAX } from '@heliotrack/domain/ppis';
import { readJson, removeKey, writeJson } from '../../../lib/storage';

/*
 * Specification section 3: the selected and registered PPI elements are stored locally, so a
 * selection survives a reload. One key per plan and kind in local storage; a selection belongs to
 * the view it was made in (`scope`: the table's filters, or the map), and another view starts anew.
 * The logout rule clears them with everything else.
 */

export type PpiElementsKind = 'selected' | 'registered';

export const ppiElementsKey = (ppiId: number, kind: PpiElementsKind) => `ppi_${kind}_elements_${ppiId}`;

export interface PpiSelection {
  scope: string;
  /** Ticked elements. */
  ids: readonly number[];
  /** Every element matching the table's filters (sent as filters, not ids). */
  allMatching: boolean;
}

function isSelection(value: unknown): value is PpiSelection {
  const v = value as PpiSelection | null;
  return !!v && typeof v.scope === 'string' && Array.isArray(v.ids) && v.ids.every((id) => Number.isSafeInteger(id)) && typeof v.allMatching === 'boolean';
}

export function readPpiSelection(ppiId: number, kind: PpiElementsKind = 'selected'): PpiSelection | null {
  const stored = readJson<unknown>(ppiElementsKey(ppiId, kind));
  return isSelection(stored) ? stored : null;
}

export function writePpiSelection(ppiId: number, selection: PpiSelection | null, kind: PpiElementsKind = 'selected') {
  const key = ppiElementsKey(ppiId, kind);
  if (!selection || (!selection.allMatching && selection.ids.length === 0)) removeKey(key);
  else writeJson(key, { ...selection, ids: selection.ids.slice(0, LINK_IDS_MAX) });
}

/** The plan's selection in this view, kept in local storage as it changes. */
export function usePpiSelection(ppiId: number, scope: string) {
  const [selection, setState] = useState<PpiSelection | null>(() => readPpiSelection(ppiId));
  const current: PpiSelection = selection && selection.scope === scope ? selection : { scope, ids: [], allMatching: false };
  function setSelection(next: Omit<PpiSelection, 'scope'>) {
    const value = { scope, ...next };
    setState(value);
    writePpiSelection(ppiId, value);
  }
  return [current, setSelection] as const;
}
