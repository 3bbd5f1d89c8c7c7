import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StateChangeRequest, StateChangeResult } from '@heliotrack/domain/elements';
import { http } from '../../../lib/http-client';
import { stateChangePath, type ElementTypeRef } from './element-paths';
import { plantElementsKey } from './get-elements';

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

/** After a change: lists, details, histories, the dashboard figures and the map tiles are stale. */
export function invalidateAfterStateChange(queryClient: QueryClient, plantId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: plantElementsKey(plantId) }),
    queryClient.invalidateQueries({ queryKey: ['elements'] }),
    queryClient.invalidateQueries({ queryKey: ['plants', plantId, 'tiles'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

export function useChangeElementState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeElementState,
    onSuccess: (_result, { plantId }) => invalidateAfterStateChange(queryClient, plantId),
  });
}
