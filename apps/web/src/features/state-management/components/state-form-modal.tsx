import {
  Button,
  ColorInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { ClientStateCreate, ClientStateUpdate } from '@heliotrack/domain/state-management';
import { DEFAULT_STATE_COLOR } from '@heliotrack/domain/constants';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors } from '../../../lib/validate-form';
import { useCreateClientState } from '../api/create-client-state';
import { useClientStates } from '../api/get-client-states';
import { useUpdateClientState } from '../api/update-client-state';
import { showStateError } from './show-state-error';

interface FormValues {
  element_type: string | null;
  code: string;
  name: string;
  description: string;
  /** '#rrggbb' in the picker; stored without '#'. */
  color: string;
  is_ok: boolean;
  restringed: boolean;
  depends_on: string | null;
  is_active: boolean;
}

const SWATCHES = [
  '#2f9e44',
  '#1971c2',
  '#f08c00',
  '#e03131',
  '#7048e8',
  '#0c8599',
  '#868e96',
  `#${DEFAULT_STATE_COLOR}`,
];

function initialValues(state: State | undefined, elementType: number | null): FormValues {
  return {
    element_type: state ? String(state.element_type) : elementType ? String(elementType) : null,
    code: state?.code ?? '',
    name: state?.name ?? '',
    description: state?.description ?? '',
    color: `#${state?.color ?? DEFAULT_STATE_COLOR}`,
    is_ok: state?.is_ok ?? true,
    restringed: state?.restringed ?? false,
    depends_on: state?.depends_on ? String(state.depends_on) : null,
    is_active: state?.is_active ?? true,
  };
}

/** Create (no state) or edit a state; validated with the domain's schemas before sending. */
export function StateFormModal({
  state,
  elementTypes,
  defaultElementType,
  onClose,
}: {
  state?: State;
  elementTypes: ElementType[];
  defaultElementType: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(() => initialValues(state, defaultElementType));
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateClientState();
  const update = useUpdateClientState();
  const elementType = values.element_type ? Number(values.element_type) : null;
  // depends_on: a state of the same element type, never the state itself.
  const sameType = useClientStates({ elementType });
  const dependsOnOptions = (elementType ? (sameType.data ?? []) : [])
    .filter((candidate) => candidate.element_type === elementType && candidate.id !== state?.id)
    .map((candidate) => ({ value: String(candidate.id), label: `${candidate.code} · ${candidate.name}` }));

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      element_type: elementType ?? 0,
      code: values.code,
      name: values.name,
      description: values.description,
      color: values.color.replace(/^#/, ''),
      is_ok: values.is_ok,
      restringed: values.restringed,
      depends_on: values.depends_on ? Number(values.depends_on) : null,
      is_active: values.is_active,
    };
    if (state) {
      const result = validateForm(ClientStateUpdate, body);
      if (!result.success) return setErrors(result.errors);
      setErrors({});
      update.mutate(
        { stateId: state.id, body: result.data },
        {
          onSuccess: (saved) => {
            notifySuccess(t('stateManagement.states.updated', { name: saved.name }));
            onClose();
          },
          onError: (error) => showStateError('edit', error),
        },
      );
    } else {
      const result = validateForm(ClientStateCreate, body);
      if (!result.success) return setErrors(result.errors);
      setErrors({});
      create.mutate(result.data, {
        onSuccess: (saved) => {
          notifySuccess(t('stateManagement.states.created', { name: saved.name }));
          onClose();
        },
        onError: (error) => showStateError('create', error),
      });
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={state ? t('stateManagement.states.edit') : t('stateManagement.states.create')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('stateManagement.states.form.elementType')}
              data={elementTypes.map((type) => ({ value: String(type.id), label: type.name }))}
              value={values.element_type}
              onChange={(value) => {
                set('element_type', value);
                set('depends_on', null);
              }}
              error={errors.element_type}
              disabled={!!state}
              allowDeselect={false}
              required
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('stateManagement.states.form.code')}
              value={values.code}
              onChange={(event) => set('code', event.currentTarget.value)}
              error={errors.code}
              required
            />
            <TextInput
              label={t('stateManagement.states.form.name')}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              required
            />
            <ColorInput
              label={t('stateManagement.states.form.color')}
              format="hex"
              swatches={SWATCHES}
              value={values.color}
              onChange={(value) => set('color', value)}
              error={errors.color}
              required
              popoverProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Textarea
            label={t('stateManagement.states.form.description')}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
          />
          <Select
            label={t('stateManagement.states.form.dependsOn')}
            description={t('stateManagement.states.form.dependsOnHint')}
            placeholder={t('stateManagement.states.form.dependsOnNone')}
            data={dependsOnOptions}
            value={values.depends_on}
            onChange={(value) => set('depends_on', value)}
            error={errors.depends_on}
            disabled={!elementType}
            clearable
            searchable
            nothingFoundMessage={t('stateManagement.nothingFound')}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
            <Switch
              label={t('stateManagement.states.form.isOk')}
              checked={values.is_ok}
              onChange={(event) => set('is_ok', event.currentTarget.checked)}
            />
            <Switch
              label={t('stateManagement.states.form.restringed')}
              checked={values.restringed}
              onChange={(event) => set('restringed', event.currentTarget.checked)}
            />
            <Switch
              label={t('stateManagement.states.form.isActive')}
              checked={values.is_active}
              onChange={(event) => set('is_active', event.currentTarget.checked)}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
