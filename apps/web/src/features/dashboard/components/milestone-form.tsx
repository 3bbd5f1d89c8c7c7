import '@mantine/dates/styles.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '@heliotrack/domain/catalogues';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import { MilestoneRequest, type Milestone } from '@heliotrack/domain/milestones';
import { DEFAULT_STATE_COLOR } from '@heliotrack/domain/constants';
import { notifySuccess } from '../../../components/notifications/notify';
import { StateSwatch } from '../../../components/state-badge/state-badge';
import { DAY_FORMAT, parseDay } from '../../../lib/day';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatInteger } from '../../../lib/format';
import { formErrorsOf, validateForm, type FormErrors } from '../../../lib/validate-form';
import { useSaveMilestone } from '../api/save-milestone';
import {
  milestoneFormValues,
  milestoneRequestOf,
  statesOfType,
  type MilestoneFormValues,
} from '../lib/milestone-form';

/**
 * Create or edit a milestone (administrators): checked with the server's own schema, the server's
 * messages under their fields. The states offered are those of the chosen element type.
 */
export function MilestoneForm({
  plantId,
  milestone,
  types,
  states,
  onDone,
  onCancel,
}: {
  plantId: number;
  milestone?: Milestone;
  /** The organisation's element types with the plant's element count of each. */
  types: ElementsOk;
  /** The plant's states, every element type. */
  states: State[];
  onDone: (saved: Milestone) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const save = useSaveMilestone();
  const [values, setValues] = useState<MilestoneFormValues>(() => milestoneFormValues(milestone));
  const [errors, setErrors] = useState<FormErrors>({});
  // The form replaces the list inside an open modal (or appears once its data has loaded): the
  // modal's own autofocus has already run, so focus the first field here.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const typeStates = statesOfType(states, values.element_type, milestone?.state ?? null);
  const chosenType = types.find((type) => type.element_type === values.element_type);
  const stateOf = new Map(typeStates.map((state) => [String(state.id), state]));

  function set(change: Partial<MilestoneFormValues>) {
    setValues((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      delete next._general;
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = validateForm(MilestoneRequest, milestoneRequestOf(values));
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { plantId, milestoneId: milestone?.id, body: checked.data },
      {
        onSuccess: (saved) => {
          notifySuccess(
            t(milestone ? 'dashboard.planning.saved' : 'dashboard.planning.created', { name: saved.name }),
          );
          onDone(saved);
        },
        onError: (error) => setErrors(formErrorsOf(error)),
      },
    );
  }

  const disabled = save.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={milestone ? t('dashboard.planning.edit') : t('dashboard.planning.add')}
    >
      <Stack gap="md">
        {errors._general && (
          <Alert color="red" variant="light">
            {errors._general}
          </Alert>
        )}
        <TextInput
          label={t('dashboard.planning.name')}
          placeholder={t('dashboard.planning.namePlaceholder')}
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
          withAsterisk
          ref={nameRef}
          disabled={disabled}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('dashboard.planning.elementType')}
            placeholder={t('dashboard.planning.typePlaceholder')}
            data={types.map((type) => ({ value: String(type.element_type), label: typeLabel(type) }))}
            value={values.element_type === null ? null : String(values.element_type)}
            onChange={(value) => {
              const type = value ? Number(value) : null;
              // A state belongs to one type: a new type starts without one.
              if (type !== values.element_type) set({ element_type: type, state: null });
            }}
            error={errors.element_type}
            withAsterisk
            searchable
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('dashboard.planning.state')}
            placeholder={
              values.element_type === null
                ? t('dashboard.planning.chooseTypeFirst')
                : t('dashboard.planning.statePlaceholder')
            }
            data={typeStates.map((state) => ({ value: String(state.id), label: state.name }))}
            value={values.state === null ? null : String(values.state)}
            onChange={(value) => set({ state: value ? Number(value) : null })}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <StateSwatch color={stateOf.get(option.value)?.color ?? DEFAULT_STATE_COLOR} size={12} />
                {option.label}
              </Group>
            )}
            leftSection={
              values.state !== null && stateOf.get(String(values.state)) ? (
                <StateSwatch color={stateOf.get(String(values.state))!.color} size={12} />
              ) : undefined
            }
            error={errors.state}
            withAsterisk
            disabled={disabled || values.element_type === null}
          />
          <Stack gap={4}>
            <NumberInput
              label={t('dashboard.planning.targetCount')}
              value={values.target_count}
              onChange={(value) => set({ target_count: typeof value === 'number' ? value : '' })}
              error={errors.target_count}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              withAsterisk
              disabled={disabled}
            />
            {chosenType && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                ta="left"
                onClick={() => set({ target_count: chosenType.total })}
                disabled={disabled}
              >
                {t('dashboard.planning.allOfType', { value: formatInteger(chosenType.total) })}
              </Anchor>
            )}
          </Stack>
          <DateInput
            label={t('dashboard.planning.targetDate')}
            placeholder={t('dashboard.planning.datePlaceholder')}
            dateParser={parseDay}
            value={values.target_date}
            onChange={(value) => set({ target_date: value || null })}
            error={errors.target_date}
            valueFormat={DAY_FORMAT}
            withAsterisk
            disabled={disabled}
            popoverProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={disabled}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
