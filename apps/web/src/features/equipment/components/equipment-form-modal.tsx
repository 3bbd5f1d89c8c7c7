import '@mantine/dates/styles.css';
import { FileInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFileCertificate, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, type DocumentInfo } from '@heliotrack/domain/elements';
import { EquipmentInput, type Equipment } from '@heliotrack/domain/equipment';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { confirm } from '../../../lib/dialogs';
import { formatInteger } from '../../../lib/format';
import { formatFieldErrors } from '../../../lib/format-field-errors';
import { formErrorsOf, validateForm, type FormErrors } from '../../../lib/validate-form';
import { DocumentRow } from '../../../components/documents/document-row';
import { useDeleteEquipmentDocument } from '../api/delete-equipment-document';
import { useSaveEquipment } from '../api/save-equipment';
import { DAY_FORMAT, parseDay } from '../../../lib/day';
import { FormModal } from '../../../components/form-modal';

interface FormValues {
  name: string;
  kind: string;
  brand: string;
  model: string;
  serial_number: string;
  certificate_number: string;
  calibration_date: string | null;
  expiry_date: string | null;
}

const TEXT_FIELDS = [
  ['brand', 'brand'],
  ['model', 'model'],
  ['serial_number', 'serialNumber'],
  ['certificate_number', 'certificateNumber'],
] as const;

/**
 * Add or edit calibration equipment: checked with the server's own schema (expiry not before
 * calibration), server messages under their fields; new certificates are uploaded after the save,
 * existing ones can be downloaded or deleted.
 */
export function EquipmentFormModal({ equipment, onClose }: { equipment?: Equipment; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEquipment();
  const [values, setValues] = useState<FormValues>({
    name: equipment?.name ?? '',
    kind: equipment?.kind ?? '',
    brand: equipment?.brand ?? '',
    model: equipment?.model ?? '',
    serial_number: equipment?.serial_number ?? '',
    certificate_number: equipment?.certificate_number ?? '',
    calibration_date: equipment?.calibration_date ?? null,
    expiry_date: equipment?.expiry_date ?? null,
  });
  const [certificates, setCertificates] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, _general: _general, ...rest }) => rest);
  }

  function onSubmit() {
    if (save.isPending) return;
    const checked = validateForm(EquipmentInput, {
      ...values,
      calibration_date: values.calibration_date ?? undefined,
      expiry_date: values.expiry_date ?? undefined,
    });
    const tooLarge = certificates.find((file) => file.size > DOCUMENT_MAX_BYTES);
    if (!checked.success || tooLarge) {
      const next: FormErrors = checked.success ? {} : { ...checked.errors };
      if (tooLarge)
        next.certificates = t('stateChange.errors.tooLarge', {
          name: tooLarge.name,
          size: `${formatInteger(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB`,
        });
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { equipmentId: equipment?.id, body: checked.data, certificates },
      {
        onSuccess: ({ equipment: saved, failedUploads }) => {
          notifySuccess(t(equipment ? 'equipment.saved' : 'equipment.created', { name: saved.name }));
          for (const { file, error } of failedUploads)
            notifyError(
              t('equipment.uploadFailed', {
                name: file.name,
                message: isApiError(error) ? formatFieldErrors(error.body) || error.message : String(error),
              }),
            );
          onClose();
        },
        onError: (error) => setErrors(formErrorsOf(error)),
      },
    );
  }

  const disabled = save.isPending;
  return (
    <FormModal
      title={equipment ? t('equipment.edit') : t('equipment.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('equipment.fields.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          withAsterisk
          data-autofocus
          disabled={disabled}
        />
        <TextInput
          label={t('equipment.fields.kind')}
          placeholder={t('equipment.fields.kindPlaceholder')}
          value={values.kind}
          onChange={(event) => set('kind', event.currentTarget.value)}
          error={errors.kind}
          disabled={disabled}
        />
        {TEXT_FIELDS.map(([field, label]) => (
          <TextInput
            key={field}
            label={t(`equipment.fields.${label}`)}
            value={values[field]}
            onChange={(event) => set(field, event.currentTarget.value)}
            error={errors[field]}
            disabled={disabled}
          />
        ))}
        <DateInput
          label={t('equipment.fields.calibrationDate')}
          placeholder={t('equipment.fields.datePlaceholder')}
          dateParser={parseDay}
          value={values.calibration_date}
          onChange={(value) => set('calibration_date', value)}
          error={errors.calibration_date}
          valueFormat={DAY_FORMAT}
          withAsterisk
          clearable
          disabled={disabled}
        />
        <DateInput
          label={t('equipment.fields.expiryDate')}
          placeholder={t('equipment.fields.datePlaceholder')}
          dateParser={parseDay}
          value={values.expiry_date}
          onChange={(value) => set('expiry_date', value)}
          error={errors.expiry_date}
          valueFormat={DAY_FORMAT}
          withAsterisk
          clearable
          disabled={disabled}
        />
      </SimpleGrid>
      {equipment && <Certificates equipmentId={equipment.id} documents={equipment.documents} />}
      <FileInput
        multiple
        label={t('equipment.fields.addCertificates')}
        placeholder={t('equipment.fields.certificatesPlaceholder')}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={certificates}
        onChange={(files) => {
          setCertificates(files);
          setErrors(({ certificates: _cleared, ...rest }) => rest);
        }}
        accept={DOCUMENT_ACCEPT}
        error={errors.certificates || errors.document}
        clearable
        disabled={disabled}
      />
    </FormModal>
  );
}

/** The certificates already stored: download, or delete after confirmation. */
export function Certificates({ equipmentId, documents }: { equipmentId: number; documents: DocumentInfo[] }) {
  const { t } = useTranslation();
  const remove = useDeleteEquipmentDocument();
  // The list comes from the parent's snapshot: hide what was deleted here until it refreshes.
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const shown = documents.filter((document) => !deleted.has(document.id));

  async function onDelete(document: DocumentInfo) {
    const accepted = await confirm({
      title: t('equipment.confirmDeleteCertificateTitle'),
      message: t('equipment.confirmDeleteCertificate', { name: document.name }),
      acceptLabel: t('equipment.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    remove.mutate(
      { equipmentId, documentId: document.id },
      {
        onSuccess: () => {
          setDeleted((current) => new Set([...current, document.id]));
          notifySuccess(t('equipment.certificateDeleted', { name: document.name }));
        },
      },
    );
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('equipment.fields.certificates')}
      </Text>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('equipment.noCertificates')}
        </Text>
      ) : (
        shown.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            icon={<IconFileCertificate size={16} aria-hidden />}
            onDelete={(document) => void onDelete(document)}
            isDeleting={remove.isPending && remove.variables?.documentId === document.id}
          />
        ))
      )}
    </Stack>
  );
}
