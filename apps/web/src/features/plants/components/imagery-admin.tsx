import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlayerPlay, IconPhotoUp, IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImageryLayer, imageryFormatOf } from '@heliotrack/domain/imagery';
import { usePlantImagery } from '../../../api/get-plant-imagery';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { DAY_FORMAT, formatDay, parseDay } from '../../../lib/day';
import { confirm } from '../../../lib/dialogs';
import { formatFileSize, formatPercent } from '../../../lib/format';
import { useDeleteImageryLayer } from '../api/delete-imagery-layer';
import { useUpdateImageryLayer } from '../api/update-imagery-layer';
import { useUploadImageryLayer } from '../api/upload-imagery-layer';
import { serverMessagesOf } from './server-messages';

const NO_LAYERS: ImageryLayer[] = [];

/** "vuelo-2026-11-20.pmtiles" → "vuelo-2026-11-20": the name a layer gets until the user writes another. */
function baseName(fileName: string) {
  return fileName.replace(/\.(pmtiles|mbtiles)$/i, '');
}

function LayerStatus({ layer }: { layer: ImageryLayer }) {
  const { t } = useTranslation();
  if (layer.status !== 'ready')
    return (
      <Badge color="orange" variant="light" tt="none">
        {t('plantAdmin.imagery.incomplete', {
          percent: formatPercent(layer.size ? layer.received / layer.size : 0),
        })}
      </Badge>
    );
  return layer.is_default ? (
    <Badge color="teal" variant="light" tt="none" leftSection={<IconStar size={12} aria-hidden />}>
      {t('plantAdmin.imagery.isDefault')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" tt="none">
      {t('plantAdmin.imagery.ready')}
    </Badge>
  );
}

/**
 * Goes on with an upload that stopped (network lost, tab closed): the same file is chosen again and
 * only the bytes the server does not hold are sent.
 */
function ResumeUpload({ plantId, layer }: { plantId: number; layer: ImageryLayer }) {
  const { t } = useTranslation();
  const upload = useUploadImageryLayer();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);

  function resume(file: File | undefined) {
    if (!file) return;
    setSent(layer.received);
    upload.mutate(
      { plantId, file, name: layer.name, capturedOn: layer.captured_on, resume: layer, onProgress: setSent },
      {
        onSuccess: (ready) => notifySuccess(t('plantAdmin.imagery.uploaded', { name: ready.name })),
        onSettled: () => setSent(null),
      },
    );
  }

  return (
    <Stack gap={4}>
      <input
        ref={input}
        type="file"
        accept={`.${layer.format}`}
        hidden
        onChange={(event) => resume(event.currentTarget.files?.[0])}
      />
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlayerPlay size={14} aria-hidden />}
        aria-label={t('plantAdmin.imagery.resumeFor', { name: layer.name })}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {t('plantAdmin.imagery.resume')}
      </Button>
      {sent !== null && (
        <Progress
          value={(sent / layer.size) * 100}
          aria-label={t('plantAdmin.imagery.progressLabel')}
          size="sm"
        />
      )}
      {upload.error && (
        <Text size="xs" c="red" role="alert">
          {serverMessagesOf(upload.error) ?? upload.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** Uploads one archive: the file, its name and flight date, a progress bar, and cancel. */
function ImageryUploadForm({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const upload = useUploadImageryLayer();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [capturedOn, setCapturedOn] = useState('');
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  function chooseFile(next: File | null) {
    setFile(next);
    setFormError(next && !imageryFormatOf(next.name) ? t('plantAdmin.imagery.wrongFormat') : null);
    if (next && !name.trim()) setName(baseName(next.name));
  }

  function submit() {
    if (!file || !imageryFormatOf(file.name)) return setFormError(t('plantAdmin.imagery.wrongFormat'));
    if (!name.trim()) return setFormError(t('plantAdmin.imagery.nameRequired'));
    setFormError(null);
    abort.current = new AbortController();
    setProgress({ sent: 0, total: file.size });
    upload.mutate(
      {
        plantId,
        file,
        name: name.trim(),
        capturedOn: capturedOn || null,
        signal: abort.current.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      },
      {
        onSuccess: (layer) => {
          notifySuccess(t('plantAdmin.imagery.uploaded', { name: layer.name }));
          setFile(null);
          setName('');
          setCapturedOn('');
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  const isAborted = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  const uploadError =
    upload.error && !isAborted ? (serverMessagesOf(upload.error) ?? upload.error.message) : null;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('plantAdmin.imagery.upload')}</Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('plantAdmin.imagery.file')}
            description={t('plantAdmin.imagery.fileHint')}
            placeholder={t('plantAdmin.imagery.filePlaceholder')}
            accept=".pmtiles,.mbtiles"
            value={file}
            onChange={chooseFile}
            disabled={upload.isPending}
            leftSection={<IconPhotoUp size={16} aria-hidden />}
            w={280}
            clearable
          />
          <TextInput
            label={t('plantAdmin.imagery.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            disabled={upload.isPending}
            maxLength={200}
            w={240}
          />
          <DateInput
            label={t('plantAdmin.imagery.capturedOn')}
            placeholder={t('plantAdmin.imagery.datePlaceholder')}
            dateParser={parseDay}
            valueFormat={DAY_FORMAT}
            value={capturedOn || null}
            onChange={(value) => setCapturedOn(value ?? '')}
            disabled={upload.isPending}
            clearable
            popoverProps={{ withinPortal: true }}
            w={180}
          />
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={submit}
            loading={upload.isPending}
          >
            {t('plantAdmin.imagery.upload')}
          </Button>
        </Group>
        {progress && (
          <Stack gap={4}>
            <Progress
              value={progress.total ? (progress.sent / progress.total) * 100 : 0}
              aria-label={t('plantAdmin.imagery.progressLabel')}
              animated
            />
            <Group justify="space-between">
              <Text size="sm" role="status">
                {t('plantAdmin.imagery.uploading', {
                  sent: formatFileSize(progress.sent),
                  total: formatFileSize(progress.total),
                })}
              </Text>
              <Button variant="subtle" color="red" size="xs" onClick={() => abort.current?.abort()}>
                {t('plantAdmin.imagery.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
        {(formError || uploadError) && (
          <Alert
            color="red"
            role="alert"
            title={formError ? undefined : t('plantAdmin.imagery.uploadFailed')}
          >
            {formError ?? uploadError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A plant's orthophotos for its administrators (issue 37): the layers with their date, size, zooms
 * and which is the default; upload, make default and delete (after a confirmation).
 */
export function ImageryAdmin({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const imagery = usePlantImagery(plantId);
  const update = useUpdateImageryLayer();
  const remove = useDeleteImageryLayer();
  const actionError = update.error ?? remove.error;

  async function deleteLayer(layer: ImageryLayer) {
    const accepted = await confirm({
      title: t('plantAdmin.imagery.deleteTitle'),
      message: t('plantAdmin.imagery.deleteConfirm', { name: layer.name }),
      acceptLabel: t('plantAdmin.imagery.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    remove.mutate(
      { plantId, layerId: layer.id },
      { onSuccess: () => notifySuccess(t('plantAdmin.imagery.deleted', { name: layer.name })) },
    );
  }

  const columns: ColumnDef<ImageryLayer>[] = [
    {
      id: 'name',
      header: t('plantAdmin.imagery.name'),
      meta: { wrap: true },
      cell: ({ row }) => row.original.name,
    },
    {
      id: 'capturedOn',
      header: t('plantAdmin.imagery.capturedOn'),
      meta: { width: 140 },
      cell: ({ row }) => (row.original.captured_on ? formatDay(row.original.captured_on) : '—'),
    },
    {
      id: 'size',
      header: t('plantAdmin.imagery.size'),
      meta: { width: 100 },
      cell: ({ row }) => formatFileSize(row.original.size),
    },
    {
      id: 'zooms',
      header: t('plantAdmin.imagery.zooms'),
      meta: { width: 80 },
      cell: ({ row: { original: layer } }) =>
        layer.min_zoom !== null && layer.max_zoom !== null ? `${layer.min_zoom}–${layer.max_zoom}` : '—',
    },
    {
      id: 'status',
      header: t('plantAdmin.imagery.status'),
      meta: { width: 200 },
      cell: ({ row }) => <LayerStatus layer={row.original} />,
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>{t('plantAdmin.imagery.actions')}</VisuallyHidden>,
      // Wraps so that a resumed upload's error is read whole.
      meta: { width: 270, align: 'right', wrap: true },
      cell: ({ row: { original: layer } }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap" align="flex-start">
          {layer.status === 'uploading' && <ResumeUpload plantId={plantId} layer={layer} />}
          {layer.status === 'ready' && !layer.is_default && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconStar size={14} aria-hidden />}
              aria-label={t('plantAdmin.imagery.makeDefaultFor', { name: layer.name })}
              loading={update.isPending && update.variables?.layerId === layer.id}
              onClick={() => update.mutate({ plantId, layerId: layer.id, changes: { is_default: true } })}
            >
              {t('plantAdmin.imagery.makeDefault')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('plantAdmin.imagery.deleteFor', { name: layer.name })}
            onClick={() => void deleteLayer(layer)}
          >
            {t('plantAdmin.imagery.delete')}
          </Button>
        </Group>
      ),
    },
  ];
  const table = useDataTable({
    data: imagery.data ?? NO_LAYERS,
    columns,
    getRowId: (layer) => String(layer.id),
  });

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('plantAdmin.imagery.description')}
      </Text>
      {imagery.error && !imagery.data ? (
        <QueryError error={imagery.error} onRetry={() => void imagery.refetch()} />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable
            table={table}
            isLoading={!imagery.data}
            empty={t('plantAdmin.imagery.empty')}
            aria-label={t('plantAdmin.imagery.title')}
            minWidth={860}
          />
        </Paper>
      )}
      {actionError && (
        <Alert color="red" role="alert" title={t('plantAdmin.imagery.actionFailed')}>
          {serverMessagesOf(actionError) ?? actionError.message}
        </Alert>
      )}
      <ImageryUploadForm plantId={plantId} />
    </Stack>
  );
}
