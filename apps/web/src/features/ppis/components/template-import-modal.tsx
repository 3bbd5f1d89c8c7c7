import { Alert, Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_IMPORT_ACCEPT, TEMPLATE_IMPORT_MAX_BYTES, type TemplateImportResult } from '@heliotrack/domain/ppis';
import { notifySuccess } from '../../../components/notifications/notify';
import { formErrorsOf, type FormErrors } from '../../../lib/validate-form';
import { useImportTemplate } from '../api/import-template';
import { TemplateImportPreview } from './template-import-preview';
import { TemplateScopeFields } from './template-scope-fields';

/**
 * A template from a sheet (xlsx or CSV, one activity a row: name, criteria, required, roles), as the
 * layout import works: first a preview of what will be created and every error by row, then the
 * import, which the server refuses whole while any row is wrong.
 */
export function TemplateImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [plantId, setPlantId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TemplateImportResult | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const importSheet = useImportTemplate();

  function run(dryRun: boolean) {
    const missing: FormErrors = {};
    if (!name.trim()) missing.name = t('ppis.import.nameRequired');
    if (typeId === null) missing.element_type = t('ppis.import.typeRequired');
    if (!file) missing.file = t('ppis.import.fileRequired');
    else if (file.size > TEMPLATE_IMPORT_MAX_BYTES) missing.file = t('ppis.import.tooLarge', { max: TEMPLATE_IMPORT_MAX_BYTES / (1024 * 1024) });
    if (Object.keys(missing).length) return setErrors(missing);
    setErrors({});
    importSheet.mutate(
      { file: file!, name: name.trim(), elementTypeId: typeId, plantId, dryRun },
      {
        onSuccess: (result) => {
          if (result.template) {
            notifySuccess(t('ppis.import.created', { name: result.template.name, count: result.template.activities.length }));
            onClose();
          } else setPreview(result);
        },
        onError: (error) => {
          const fieldErrors = formErrorsOf(error);
          setErrors(fieldErrors);
          if (!dryRun) setPreview(null);
        },
      },
    );
  }

  // A change to the form or the file asks for a new preview.
  function changed<T>(setter: (value: T) => void) {
    return (value: T) => {
      setter(value);
      setPreview(null);
    };
  }

  const canImport = !!preview && preview.error_count === 0 && preview.activities.length > 0;

  return (
    <Modal opened onClose={() => !importSheet.isPending && onClose()} title={t('ppis.import.title')} size="xl" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('ppis.import.help')}
        </Text>
        <TextInput label={t('ppis.templates.form.name')} value={name} onChange={(e) => changed(setName)(e.currentTarget.value)} error={errors.name} required data-autofocus />
        <TemplateScopeFields typeId={typeId} plantId={plantId} onTypeChange={changed(setTypeId)} onPlantChange={changed(setPlantId)} errors={errors} />
        <FileInput
          label={t('ppis.import.file')}
          description={t('ppis.import.fileHint')}
          accept={TEMPLATE_IMPORT_ACCEPT}
          value={file}
          onChange={changed(setFile)}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          error={errors.file}
          required
          clearable
        />
        {errors._general && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors._general}
          </Alert>
        )}
        {errors.rows && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={t('ppis.import.refused')}>
            {errors.rows}
          </Alert>
        )}

        {preview && <TemplateImportPreview preview={preview} />}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={importSheet.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="light" onClick={() => run(true)} loading={importSheet.isPending && importSheet.variables?.dryRun}>
            {t('ppis.import.preview')}
          </Button>
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => run(false)} disabled={!canImport} loading={importSheet.isPending && !importSheet.variables?.dryRun}>
            {t('ppis.import.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
