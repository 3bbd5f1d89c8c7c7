import { Group, MultiSelect, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { StateGroupInput, type StateGroup } from '@heliotrack/domain/state-management';
import { DEFAULT_STATE_COLOR } from '@heliotrack/domain/constants';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateStateGroup } from '../api/create-state-group';
import { useUpdateStateGroup } from '../api/update-state-group';
import { StateColorSwatch } from './color-swatch';

/** Create (no group) or edit a state group: name, description and its states, grouped by element type. */
export function StateGroupFormModal({
  group,
  states,
  elementTypes,
  onClose,
}: {
  group?: StateGroup;
  states: State[];
  elementTypes: ElementType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [selected, setSelected] = useState<string[]>(group?.states.map(String) ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateStateGroup();
  const update = useUpdateStateGroup();
  const colorOf = new Map(states.map((state) => [String(state.id), state.color]));
  const data = elementTypes
    .map((type) => ({
      group: type.name,
      items: states
        .filter((state) => state.element_type === type.id)
        .map((state) => ({ value: String(state.id), label: `${state.code} · ${state.name}` })),
    }))
    .filter((entry) => entry.items.length > 0);

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit() {
    const result = validateForm(StateGroupInput, { name, description, states: selected.map(Number) });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const onSuccess = (saved: StateGroup) => {
      notifySuccess(
        group
          ? t('stateManagement.groups.updated', { name: saved.name })
          : t('stateManagement.groups.created', { name: saved.name }),
      );
      onClose();
    };
    if (group) update.mutate({ groupId: group.id, body: result.data }, { onSuccess, onError });
    else create.mutate(result.data, { onSuccess, onError });
  }

  return (
    <FormModal
      title={group ? t('stateManagement.groups.edit') : t('stateManagement.groups.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
    >
      <TextInput
        label={t('stateManagement.groups.form.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <Textarea
        label={t('stateManagement.groups.form.description')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={errors.description}
        autosize
        minRows={2}
      />
      <MultiSelect
        label={t('stateManagement.groups.form.states')}
        placeholder={selected.length ? undefined : t('stateManagement.groups.form.statesPlaceholder')}
        data={data}
        value={selected}
        onChange={setSelected}
        error={errors.states}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <StateColorSwatch color={colorOf.get(option.value) ?? DEFAULT_STATE_COLOR} size={14} />
            {option.label}
          </Group>
        )}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('stateManagement.nothingFound')}
        maxDropdownHeight={300}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
