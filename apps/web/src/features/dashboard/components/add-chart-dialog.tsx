import { Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { useElementsByState } from '../api/get-elements-by-state';
import {
  validateCustomChart,
  type ChartKind,
  type CustomChartDraft,
  type CustomChartErrors,
} from '../lib/custom-charts';

const EMPTY_DRAFT: CustomChartDraft = { elementType: null, states: [], kind: 'bar' };

/** "Add chart": an element type, some of its states and the kind of chart. */
export function AddChartDialog({
  opened,
  onClose,
  onAdd,
  plantId,
  types,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (draft: CustomChartDraft) => void;
  plantId: number;
  types: ElementsOk;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [draft, setDraft] = useState<CustomChartDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<CustomChartErrors>({});
  const states = useElementsByState(
    draft.elementType === null
      ? null
      : { plant: plantId, elementType: draft.elementType, ctr: null, targetDate: null },
  );

  const close = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const found = validateCustomChart(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onAdd(draft);
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('dashboard.addChartTitle')} size="md">
      <Stack gap="md">
        <Select
          label={t('dashboard.chartElementType')}
          data={types.map((type) => ({ value: String(type.element_type), label: typeLabel(type) }))}
          value={draft.elementType === null ? null : String(draft.elementType)}
          onChange={(value) => {
            setDraft((current) => ({ ...current, elementType: value ? Number(value) : null, states: [] }));
            setErrors((current) => ({ ...current, elementType: undefined }));
          }}
          error={errors.elementType && t(`dashboard.${errors.elementType}`)}
          withAsterisk
          searchable
        />
        <MultiSelect
          label={t('dashboard.chartStates')}
          data={(states.data?.states ?? []).map((state) => ({
            value: String(state.state),
            label: state.name,
          }))}
          value={draft.states.map(String)}
          onChange={(values) => {
            setDraft((current) => ({ ...current, states: values.map(Number) }));
            setErrors((current) => ({ ...current, states: undefined }));
          }}
          disabled={draft.elementType === null || states.isPending}
          error={errors.states && t(`dashboard.${errors.states}`)}
          withAsterisk
          searchable
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="add-chart-kind">
            {t('dashboard.chartKind')}
          </Text>
          <SegmentedControl
            aria-labelledby="add-chart-kind"
            value={draft.kind}
            onChange={(value) => setDraft((current) => ({ ...current, kind: value as ChartKind }))}
            data={[
              { value: 'bar', label: t('dashboard.chartKindBar') },
              { value: 'pie', label: t('dashboard.chartKindPie') },
              { value: 'line', label: t('dashboard.chartKindLine') },
            ]}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit}>{t('dashboard.addChart')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
