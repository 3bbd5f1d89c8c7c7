import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeElementState } from '../../../api/change-element-state';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';

/**
 * One element to a new state; a 400 (e.g. a depends_on refusal) is shown in the dialog. The write's
 * answer is its outcome: the dialog shows it at once, and the lists, maps and figures behind it
 * refresh on their own (not awaited: on a loaded tablet, offline above all, refetching every open
 * list took up to seconds after a change that took milliseconds).
 */
export function useChangeElementState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeElementState,
    onSuccess: (result, { plantId }) => {
      void invalidatePlantElements(queryClient, plantId, result.elements_version);
    },
  });
}
