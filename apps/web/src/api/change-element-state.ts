import type {
  MassiveStateChangeRequest,
  StateChangeRequest,
  StateChangeResult,
} from '@heliotrack/domain/elements';
import { http } from '../lib/http-client';
import { massiveStateChangePath, stateChangePath, type ElementTypeRef } from './element-paths';

/*
 * The state-change calls of the API, shared by the features that change states (the elements'
 * dialogs, the sync review's "Aplicar este estado ahora"). A 400 (e.g. a depends_on refusal) is
 * the caller's to show: the calls opt out of the global 400 dialog.
 */

export interface ChangeElementStateRequest {
  plantId: number;
  type: ElementTypeRef;
  elementId: number;
  body: StateChangeRequest;
}

/** One element to a new state. */
export function changeElementState({
  plantId,
  type,
  elementId,
  body,
}: ChangeElementStateRequest): Promise<StateChangeResult> {
  return http.post<StateChangeResult>(stateChangePath(plantId, type, elementId), body, { handle400: false });
}

/** One massive change of at most 50,000 elements: all of them change or none (DESIGN section 4). */
export function massiveStateChange({
  plantId,
  type,
  body,
}: {
  plantId: number;
  type: ElementTypeRef;
  body: MassiveStateChangeRequest;
}): Promise<StateChangeResult> {
  return http.post<StateChangeResult>(massiveStateChangePath(plantId, type), body, { handle400: false });
}
