import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconCloudOff,
  IconDownload,
  IconFileTypeCsv,
  IconFileTypeXls,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@heliotrack/domain/reports';
import { notifyError } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { useOfflineMode } from '../../../lib/offline-mode';
import { useExportElements, type ElementExport } from '../../../api/export-elements';

/** The "elements to download" menu: the list in view (type and filters) as Excel or CSV. */
export function ElementsExportMenu({
  request,
  typeName,
}: {
  /** The list in view; undefined while the element types load. */
  request: Omit<ElementExport, 'format'> | undefined;
  typeName: string;
}) {
  const { t } = useTranslation();
  const exportElements = useExportElements();
  // The export is made by the server: offline mode says so in the menu instead of failing.
  const isOffline = useOfflineMode();

  function onExport(format: ExportFormat) {
    if (!request) return;
    exportElements.mutate(
      { ...request, format },
      {
        onError: (error) =>
          notifyError((isApiError(error) && error.detail) || t('reports.elementsExport.failed')),
      },
    );
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          loading={exportElements.isPending}
          disabled={!request}
        >
          {t('reports.elementsExport.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('reports.elementsExport.title', { type: typeName })}</Menu.Label>
        {isOffline ? (
          <Menu.Item
            disabled
            leftSection={<IconCloudOff size={18} aria-hidden />}
            data-testid="needs-connection"
          >
            {t('offlineShell.needsConnection.part', { what: t('offlineShell.needsConnection.export') })}
          </Menu.Item>
        ) : (
          <>
            <Menu.Item
              leftSection={<IconFileTypeXls size={18} aria-hidden />}
              onClick={() => onExport('xlsx')}
            >
              {t('reports.elementsExport.xlsx')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              onClick={() => onExport('csv')}
            >
              {t('reports.elementsExport.csv')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
