import { useTranslation } from 'react-i18next';
import type { FlashReport } from '@heliotrack/domain/flash-reports';
import { notifySuccess } from '../../../components/notifications/notify';
import { confirm } from '../../../lib/dialogs';
import { useDeleteFlashReport } from '../api/delete-flash-report';
import { showFlashReportError } from './show-flash-report-error';

/** Delete with the shared confirmation dialog; failures show the dialog of specification section 8. */
export function useConfirmDeleteFlashReport() {
  const { t } = useTranslation();
  const mutation = useDeleteFlashReport();

  async function confirmDelete(report: Pick<FlashReport, 'id' | 'title'>, onDeleted?: () => void) {
    const accepted = await confirm({
      title: t('flashReports.confirmDeleteTitle'),
      message: t('flashReports.confirmDelete', { title: report.title }),
      acceptLabel: t('flashReports.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    mutation.mutate(report.id, {
      onSuccess: () => {
        notifySuccess(t('flashReports.deleted', { title: report.title }));
        onDeleted?.();
      },
      onError: (error) => showFlashReportError('delete', error),
    });
  }

  return {
    confirmDelete,
    deletingId: mutation.isPending ? mutation.variables : undefined,
  };
}
