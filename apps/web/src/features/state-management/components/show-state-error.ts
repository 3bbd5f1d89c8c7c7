import { t } from '../../../lib/i18n';
import { showOperationError } from '../../../lib/show-operation-error';

export type StateAction = 'create' | 'edit' | 'delete';

/**
 * Specification section 8: a 400 opens a dialog titled 'Error al crear / editar / eliminar el
 * estado' with the server's messages joined by commas; any other failure says 'Error desconocido
 * al … el estado'.
 */
export function showStateError(action: StateAction, error: unknown): void {
  showOperationError(
    {
      title: t(`stateManagement.errors.${action}Title`),
      unknown: t(`stateManagement.errors.${action}Unknown`),
    },
    error,
  );
}
