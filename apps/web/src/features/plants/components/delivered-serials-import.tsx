import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERED_SERIALS_IMPORT_ACCEPT,
  DELIVERED_SERIALS_IMPORT_MAX_BYTES,
  type DeliveredSerialsImportResult,
} from '@heliotrack/domain/serials';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { notifySuccess } from '../../../components/notifications/notify';
import { formErrorsOf, type FormErrors } from '../../../lib/validate-form';
import { useImportDeliveredSerials } from '../api/import-delivered-serials';
import { NeedsConnectionNote } from '../../../components/needs-connection';
import { useOfflineMode } from '../../../lib/offline-mode';

/**
 * A delivery note (xlsx or CSV, one serial a row) added to the plant's delivered serials, as the
 * template import works: first a preview of what will be added and every error by row, then the
 * import, which the server refuses whole while any row is wrong.
 */
/** The import of delivered serials: an upload to the server, so offline mode shows that it needs a connection. */
export function DeliveredSerialsImport({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const isOffline = useOfflineMode();
  if (isOffline) return <NeedsConnectionNote what={t('offlineShell.needsConnection.upload')} />;
  return <OnlineDeliveredSerialsImport plantId={plantId} />;
}

function OnlineDeliveredSerialsImport({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DeliveredSerialsImportResult | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const importSheet = useImportDeliveredSerials();

  function run(dryRun: boolean) {
    if (!file) return setErrors({ file: t('serials.delivered.import.fileRequired') });
    if (file.size > DELIVERED_SERIALS_IMPORT_MAX_BYTES) {
      return setErrors({
        file: t('serials.delivered.import.tooLarge', {
          max: DELIVERED_SERIALS_IMPORT_MAX_BYTES / (1024 * 1024),
        }),
      });
    }
    setErrors({});
    importSheet.mutate(
      { plantId, file, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun) return setPreview(result);
          notifySuccess(t('serials.delivered.import.imported', { count: result.added }));
          setPreview(null);
          setFile(null);
        },
        onError: (error) => {
          setErrors(formErrorsOf(error));
          if (!dryRun) setPreview(null);
        },
      },
    );
  }

  const canImport = !!preview && preview.error_count === 0 && preview.added > 0;

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('serials.delivered.import.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('serials.delivered.import.help')}
      </Text>
      <FileInput
        label={t('serials.delivered.import.file')}
        description={t('serials.delivered.import.fileHint')}
        accept={DELIVERED_SERIALS_IMPORT_ACCEPT}
        value={file}
        onChange={(value) => {
          setFile(value);
          setPreview(null);
        }}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        error={errors.file}
        clearable
      />
      {errors._general && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errors._general}
        </Alert>
      )}
      {errors.rows && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={t('serials.delivered.import.refused')}
        >
          {errors.rows}
        </Alert>
      )}
      {preview && <ImportPreview preview={preview} />}
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => run(true)}
          loading={importSheet.isPending && importSheet.variables?.dryRun}
        >
          {t('serials.delivered.import.preview')}
        </Button>
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => run(false)}
          disabled={!canImport}
          loading={importSheet.isPending && !importSheet.variables?.dryRun}
        >
          {t('serials.delivered.import.import')}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportPreview({ preview }: { preview: DeliveredSerialsImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        <Badge color="green" variant="light" tt="none">
          {t('serials.delivered.import.willAdd', { count: preview.added })}
        </Badge>
        {preview.already_listed > 0 && (
          <Badge color="gray" variant="light" tt="none">
            {t('serials.delivered.import.alreadyListed', { count: preview.already_listed })}
          </Badge>
        )}
        {preview.repeated > 0 && (
          <Badge color="yellow" variant="light" tt="none">
            {t('serials.delivered.import.repeated', { count: preview.repeated })}
          </Badge>
        )}
        {preview.error_count > 0 && (
          <Badge color="red" variant="light" tt="none">
            {t('serials.delivered.import.errorCount', { count: preview.error_count })}
          </Badge>
        )}
      </Group>
      {preview.errors.length > 0 && <ImportErrors errors={preview.errors} />}
      {preview.sample.length > 0 && <ImportSample sample={preview.sample} />}
    </Stack>
  );
}

/** A preview's tables are short (the server sends the first rows only) and scroll within 200 px. */
const PREVIEW_HEIGHT = 200;

function ImportErrors({ errors }: { errors: DeliveredSerialsImportResult['errors'] }) {
  const { t } = useTranslation();
  const columns: ColumnDef<DeliveredSerialsImportResult['errors'][number]>[] = [
    {
      id: 'row',
      header: t('serials.delivered.import.columns.row'),
      meta: { width: 70 },
      cell: ({ row }) => row.original.row,
    },
    {
      id: 'error',
      header: t('serials.delivered.import.columns.error'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text span size="sm" c="red">
          {row.original.message}
        </Text>
      ),
    },
  ];
  const table = useDataTable({ data: errors, columns, getRowId: (error) => String(error.row) });
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <DataTable
        table={table}
        height={PREVIEW_HEIGHT}
        aria-label={t('serials.delivered.import.errorsLabel')}
        minWidth={360}
      />
    </Paper>
  );
}

function ImportSample({ sample }: { sample: string[] }) {
  const { t } = useTranslation();
  const columns: ColumnDef<string>[] = [
    {
      id: 'serial',
      header: t('serials.delivered.import.columns.serial'),
      cell: ({ row }) => (
        <Text span size="sm" ff="monospace">
          {row.original}
        </Text>
      ),
    },
  ];
  const table = useDataTable({ data: sample, columns, getRowId: (serial) => serial });
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <DataTable
        table={table}
        height={PREVIEW_HEIGHT}
        aria-label={t('serials.delivered.import.sampleLabel')}
        minWidth={360}
      />
    </Paper>
  );
}
