import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeElementState } from '../../../api/change-element-state';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';

/** One element to a new state; a 400 (e.g. a depends_on refusal) is shown in the dialog. */
export function useChangeElementState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeElementState,
    onSuccess: (result, { plantId }) =>
      invalidatePlantElements(queryClient, plantId, result.elements_version),
  });
}
