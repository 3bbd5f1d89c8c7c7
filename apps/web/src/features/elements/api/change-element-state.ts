import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateChangeRequest, StateChangeResult } from '@heliotrack/domain/elements';
import { http } from '../../../lib/http-client';
import { stateChangePath, type ElementTypeRef } from '../../../api/element-paths';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';

export interface ChangeElementStateRequest {
  plantId: number;
  type: ElementTypeRef;
  elementId: number;
  body: StateChangeRequest;
}

/** One element to a new state; a 400 (e.g. a depends_on refusal) is shown in the dialog. */
export function changeElementState({
  plantId,
  type,
  elementId,
  body,
}: ChangeElementStateRequest): Promise<StateChangeResult> {
  return http.post<StateChangeResult>(stateChangePath(plantId, type, elementId), body, { handle400: false });
}

export function useChangeElementState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeElementState,
    onSuccess: (result, { plantId }) =>
      invalidatePlantElements(queryClient, plantId, result.elements_version),
  });
}
