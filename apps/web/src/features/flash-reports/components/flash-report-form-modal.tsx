import { FileInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, DOCUMENT_MAX_BYTES } from '@heliotrack/domain/elements';
import {
  FLASH_REPORT_SEVERITIES,
  FLASH_REPORT_STATUSES,
  type FlashReport,
  type FlashReportSeverity,
  type FlashReportStatus,
} from '@heliotrack/domain/flash-reports';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { formatInteger } from '../../../lib/format';
import { formatFieldErrors } from '../../../lib/format-field-errors';
import { isApiError } from '../../../lib/api-error';
import { FlashReportSaveError, useSaveFlashReport } from '../api/save-flash-report';
import { showFlashReportError } from './show-flash-report-error';
import { FormModal } from '../../../components/form-modal';

/** Photos must be images the server accepts as such (PNG, JPEG, WebP); `image/*` lets phones offer the camera. */
const PHOTO_KINDS = DOCUMENT_KINDS.filter((kind) => ['png', 'jpeg', 'webp'].includes(kind.kind));
export const PHOTO_ACCEPT = [
  ...PHOTO_KINDS.flatMap((kind) => kind.extensions.map((extension) => `.${extension}`)),
  ...PHOTO_KINDS.flatMap((kind) => kind.declared),
].join(',');

interface FormValues {
  title: string;
  description: string;
  severity: FlashReportSeverity;
  status: FlashReportStatus;
  photos: File[];
  documents: File[];
}

type FormErrors = Partial<Record<keyof FormValues, string>>;

/**
 * Create or edit a flash report of an element: title (required), description, severity, status, new
 * photos and documents. The title is checked here; everything else the server refuses comes back as
 * the titled error dialog of specification section 8.
 */
export function FlashReportFormModal({
  elementId,
  report,
  onClose,
}: {
  elementId: number;
  /** Absent: a new report. */
  report?: FlashReport;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveFlashReport();
  const [values, setValues] = useState<FormValues>({
    title: report?.title ?? '',
    description: report?.description ?? '',
    severity: report?.severity ?? 'medium',
    status: report?.status ?? 'open',
    photos: [],
    documents: [],
  });
  const [errors, setErrors] = useState<FormErrors>({});

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function tooLargeError(files: File[]): string | undefined {
    const tooLarge = files.find((file) => file.size > DOCUMENT_MAX_BYTES);
    return tooLarge
      ? t('stateChange.errors.tooLarge', {
          name: tooLarge.name,
          size: `${formatInteger(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB`,
        })
      : undefined;
  }

  function onSubmit() {
    if (save.isPending) return;
    const next: FormErrors = {
      title: values.title.trim() ? undefined : t('validation.required', { ns: 'api' }),
      photos: tooLargeError(values.photos),
      documents: tooLargeError(values.documents),
    };
    setErrors(next);
    if (next.title || next.photos || next.documents) return;
    save.mutate(
      {
        flashReportId: report?.id,
        body: {
          element: elementId,
          title: values.title,
          description: values.description,
          severity: values.severity,
          status: values.status,
        },
        photos: values.photos,
        documents: values.documents,
      },
      {
        onSuccess: ({ report: saved, failedUploads }) => {
          notifySuccess(t(report ? 'flashReports.saved' : 'flashReports.created', { title: saved.title }));
          for (const { file, error } of failedUploads) {
            notifyError(
              t('flashReports.uploadFailed', {
                name: file.name,
                message: isApiError(error) ? formatFieldErrors(error.body) || error.message : String(error),
              }),
            );
          }
          onClose();
        },
        onError: (error) =>
          error instanceof FlashReportSaveError
            ? showFlashReportError(error.action, error.cause)
            : showFlashReportError(report ? 'edit' : 'create', error),
      },
    );
  }

  return (
    <FormModal
      title={report ? t('flashReports.edit') : t('flashReports.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={save.isPending}
    >
      <TextInput
        label={t('flashReports.fields.title')}
        placeholder={t('flashReports.fields.titlePlaceholder')}
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
        withAsterisk
        data-autofocus
        disabled={save.isPending}
      />
      <Textarea
        label={t('flashReports.fields.description')}
        placeholder={t('flashReports.fields.descriptionPlaceholder')}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        disabled={save.isPending}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t('flashReports.fields.severity')}
          data={FLASH_REPORT_SEVERITIES.map((severity) => ({
            value: severity,
            label: t(`flashReports.severities.${severity}`),
          }))}
          value={values.severity}
          onChange={(value) => value && set('severity', value as FlashReportSeverity)}
          allowDeselect={false}
          withAsterisk
          disabled={save.isPending}
        />
        <Select
          label={t('flashReports.fields.status')}
          data={FLASH_REPORT_STATUSES.map((status) => ({
            value: status,
            label: t(`flashReports.statuses.${status}`),
          }))}
          value={values.status}
          onChange={(value) => value && set('status', value as FlashReportStatus)}
          allowDeselect={false}
          disabled={save.isPending}
        />
      </SimpleGrid>
      <FileInput
        multiple
        label={t('flashReports.fields.photos')}
        placeholder={t('flashReports.fields.photosPlaceholder')}
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={values.photos}
        onChange={(files) => set('photos', files)}
        accept={PHOTO_ACCEPT}
        error={errors.photos}
        clearable
        disabled={save.isPending}
      />
      <FileInput
        multiple
        label={t('flashReports.fields.documents')}
        placeholder={t('flashReports.fields.documentsPlaceholder')}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={values.documents}
        onChange={(files) => set('documents', files)}
        accept={DOCUMENT_ACCEPT}
        error={errors.documents}
        clearable
        disabled={save.isPending}
      />
    </FormModal>
  );
}
