import { FileInput, Group, Progress, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { DOCUMENT_ACCEPT } from '@heliotrack/domain/elements';
import { StateSwatch } from '../../../components/state-badge/state-badge';
import { useIsTouch } from '../../../lib/field-layout';
import type { FormErrors } from '../../../lib/validate-form';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { useTransactionTypes } from '../api/get-transaction-types';
import type { FormValues, SendProgress } from './state-change-form';

/**
 * The inputs of a state change: a state of the element's type (active ones, with their colours),
 * transaction type, contractor, observations and documents. On touch screens its lists are tapped,
 * not typed into, so no field takes the focus and pops the keyboard up.
 */
export function StateChangeFields({
  plantId,
  elementType,
  states,
  values,
  set,
  errors,
  isSending,
}: {
  plantId: number;
  elementType: ElementType;
  /** The plant's states (of every type). */
  states: State[];
  values: FormValues;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  errors: FormErrors;
  isSending: boolean;
}) {
  const { t } = useTranslation();
  const transactionTypes = useTransactionTypes();
  const contractors = usePlantContractors(plantId);
  const isTouch = useIsTouch();

  const typeStates = states.filter((state) => state.element_type === elementType.id && state.is_active);
  const stateById = new Map(states.map((state) => [state.id, state]));
  const selectedState = values.state !== null ? stateById.get(values.state) : undefined;
  const typeTransactionTypes = (transactionTypes.data ?? []).filter(
    (type) => type.element_type === null || type.element_type === elementType.id,
  );

  return (
    <>
      <Select<number>
        label={t('stateChange.state')}
        placeholder={t('stateChange.statePlaceholder')}
        data={typeStates.map((state) => ({ value: state.id, label: state.name }))}
        value={values.state}
        onChange={(value) => set('state', value)}
        leftSection={selectedState ? <StateSwatch color={selectedState.color} /> : undefined}
        renderOption={({ option }) => {
          const state = stateById.get(option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              <StateSwatch color={state?.color ?? ''} />
              <div>
                <Text size="sm">{option.label}</Text>
                {state?.description && (
                  <Text size="xs" c="dimmed">
                    {state.description}
                  </Text>
                )}
              </div>
            </Group>
          );
        }}
        error={errors.state}
        disabled={isSending}
        searchable={!isTouch}
        required
        data-autofocus={isTouch ? undefined : true}
        nothingFoundMessage={t('elements.filters.nothingFound')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select<number>
          label={t('stateChange.transactionType')}
          placeholder={t('stateChange.none')}
          data={typeTransactionTypes.map((type) => ({
            value: type.id,
            label: type.description || type.code,
          }))}
          value={values.transactionType}
          onChange={(value) => set('transactionType', value)}
          error={errors.transactionType}
          disabled={isSending}
          clearable
          searchable={!isTouch}
          nothingFoundMessage={t('elements.filters.nothingFound')}
        />
        <Select<number>
          label={t('stateChange.contractor')}
          placeholder={t('stateChange.none')}
          data={(contractors.data ?? []).map((contractor) => ({
            value: contractor.id,
            label: contractor.name,
          }))}
          value={values.contractor}
          onChange={(value) => set('contractor', value)}
          error={errors.contractor}
          disabled={isSending}
          clearable
          searchable={!isTouch}
          nothingFoundMessage={t('elements.filters.nothingFound')}
        />
      </SimpleGrid>
      <Textarea
        label={t('stateChange.observations')}
        placeholder={t('stateChange.observationsPlaceholder')}
        value={values.observations}
        onChange={(event) => set('observations', event.currentTarget.value)}
        error={errors.observations}
        disabled={isSending}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
      />
      <FileInput
        multiple
        label={t('stateChange.documents')}
        placeholder={t('stateChange.documentsPlaceholder')}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={values.files}
        onChange={(files) => set('files', files)}
        accept={DOCUMENT_ACCEPT}
        error={errors.files || undefined}
        disabled={isSending}
        clearable
      />
    </>
  );
}

/** How far the send is: a label and a bar (full and animated while its length is unknown). */
export function SendProgressBar({ progress }: { progress: SendProgress }) {
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{progress.label}</Text>
      <Progress
        value={progress.value ?? 100}
        animated
        size="lg"
        aria-label={progress.label}
        transitionDuration={200}
      />
    </Stack>
  );
}
