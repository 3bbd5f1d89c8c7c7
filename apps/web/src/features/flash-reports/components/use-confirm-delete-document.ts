import { useTranslation } from 'react-i18next';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { confirm } from '../../../lib/dialogs';
import { useDeleteFlashReportDocument } from '../api/delete-flash-report-document';

/** Removes one photo or document of a flash report after the shared confirmation dialog. */
export function useConfirmDeleteDocument() {
  const { t } = useTranslation();
  const mutation = useDeleteFlashReportDocument();

  async function confirmDelete(document: Pick<DocumentInfo, 'id' | 'name'>, onDeleted?: () => void) {
    const accepted = await confirm({
      title: t('flashReports.details.confirmDeleteFileTitle'),
      message: t('flashReports.details.confirmDeleteFile', { name: document.name }),
      acceptLabel: t('flashReports.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    mutation.mutate(document.id, {
      onSuccess: () => {
        notifySuccess(t('flashReports.details.fileDeleted', { name: document.name }));
        onDeleted?.();
      },
      onError: (error) =>
        notifyError(
          (isApiError(error) && error.detail) ||
            t('flashReports.details.fileDeleteFailed', { name: document.name }),
        ),
    });
  }

  return { confirmDelete, deletingId: mutation.isPending ? mutation.variables : undefined };
}
