import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientElementTypes } from '../../../api/get-client-element-types';
import { usePlants } from '../../../api/get-plants';
import type { FormErrors } from '../../../lib/validate-form';

/** What a template is for: its element type, and a plant (none: every plant of the organisation). */
export function TemplateScopeFields({
  typeId,
  plantId,
  onTypeChange,
  onPlantChange,
  errors,
}: {
  typeId: number | null;
  plantId: number | null;
  onTypeChange: (typeId: number | null) => void;
  onPlantChange: (plantId: number | null) => void;
  errors: FormErrors;
}) {
  const { t } = useTranslation();
  const types = useClientElementTypes();
  const plants = usePlants();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('ppis.templates.form.elementType')}
        data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
        value={typeId !== null ? String(typeId) : null}
        onChange={(value) => onTypeChange(value ? Number(value) : null)}
        error={errors.element_type}
        required
      />
      <Select
        label={t('ppis.templates.form.plant')}
        placeholder={t('ppis.templates.allPlants')}
        data={(plants.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.code}` }))}
        value={plantId !== null ? String(plantId) : null}
        onChange={(value) => onPlantChange(value ? Number(value) : null)}
        error={errors.plant}
        clearable
      />
    </SimpleGrid>
  );
}
