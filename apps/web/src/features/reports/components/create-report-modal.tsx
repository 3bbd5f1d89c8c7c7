import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { ReportRequest, type Report, type ReportKind } from '@heliotrack/domain/reports';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formErrorsOf, validateForm, type FormErrors } from '../../../lib/validate-form';
import { useCreateReport } from '../api/create-report';

/** Asks the server for a report of the plant, of every element type or of one. */
export function CreateReportModal({
  plantId,
  kind,
  elementTypes,
  onClose,
  onCreated,
}: {
  plantId: number;
  kind: ReportKind;
  elementTypes: ElementType[];
  onClose: () => void;
  onCreated: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [elementType, setElementType] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateReport(plantId, kind);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(ReportRequest, { element_type: elementType });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.data, {
      onSuccess: (report) => {
        onCreated(report);
        onClose();
      },
      onError: (error) => setErrors(formErrorsOf(error)),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`reports.createTitle.${kind}`)}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {errors._general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors._general}
            </Alert>
          )}
          <Select<number>
            label={t('reports.form.elementType')}
            placeholder={t('reports.form.allTypes')}
            data={elementTypes.map((type) => ({ value: type.id, label: typeLabel(type) }))}
            value={elementType}
            onChange={setElementType}
            error={errors.element_type}
            clearable
            searchable
            nothingFoundMessage={t('reports.filters.nothingFound')}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" c="dimmed">
            {t('reports.form.hint')}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            {/* Every type is the usual choice: the focus waits on the button, Enter asks for it. */}
            <Button type="submit" loading={create.isPending} data-autofocus>
              {t('reports.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
