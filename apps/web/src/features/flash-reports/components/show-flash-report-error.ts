import { t } from '../../../lib/i18n';
import { showOperationError } from '../../../lib/show-operation-error';

export type FlashReportAction = 'create' | 'edit' | 'delete';

/**
 * Specification section 8: a 400 opens a dialog titled 'Error al crear / editar / eliminar el flash
 * report' with the server's messages joined by commas; any other failure says 'Error desconocido al
 * … el flash report'. The calls send `handle400: false`, so the global 400 dialog stays closed.
 */
export function showFlashReportError(action: FlashReportAction, error: unknown): void {
  showOperationError(
    { title: t(`flashReports.errors.${action}Title`), unknown: t(`flashReports.errors.${action}Unknown`) },
    error,
  );
}
