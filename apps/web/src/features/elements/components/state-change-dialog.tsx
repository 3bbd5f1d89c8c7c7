import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPaperclip } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  MASSIVE_CHANGE_MAX,
  MassiveStateChangeRequest,
  StateChangeRequest,
  type Element,
} from '@heliotrack/domain/elements';
import { StateBadge, StateSwatch } from '../../../components/state-badge/state-badge';
import { isApiError } from '../../../lib/api-error';
import { newClientUuid } from '../../../lib/client-uuid';
import { useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/format-field-errors';
import { validateForm, type FormErrors } from '../../../lib/validate-form';
import { useChangeElementState } from '../api/change-element-state';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { usePlantStates } from '../../../api/get-plant-states';
import { useTransactionTypes } from '../api/get-transaction-types';
import { BatchError, splitIntoBatches, useMassiveStateChange } from '../api/massive-state-change';
import { uploadDocument } from '../../../api/upload-document';

/** What the dialog changes: one element (its own endpoint) or many (massive, in batches of 50,000). */
export type StateChangeTarget =
  | { kind: 'single'; element: Pick<Element, 'id' | 'code' | 'state_id'> }
  | { kind: 'massive'; elementIds: number[] };

interface FormValues {
  state: number | null;
  transactionType: number | null;
  contractor: number | null;
  observations: string;
  files: File[];
}

const INITIAL_VALUES: FormValues = {
  state: null,
  transactionType: null,
  contractor: null,
  observations: '',
  files: [],
};

/** Fields of the server's 400 bodies that have an input in this form. */
const FORM_FIELDS: Record<string, keyof FormValues> = {
  state: 'state',
  transaction_type: 'transactionType',
  contractor: 'contractor',
  observations: 'observations',
  documents: 'files',
  document: 'files',
};

/** The full-screen modal's body below its header (60 px) and padding. */
const PHONE_FORM = {
  minHeight: 'calc(100dvh - 76px)',
  display: 'flex',
  flexDirection: 'column',
} as const;

const STICKY_ACTIONS = {
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  paddingBlock: 'var(--mantine-spacing-sm)',
  borderTop: '1px solid var(--mantine-color-gray-3)',
} as const;

interface SendProgress {
  label: string;
  /** 0–100; null while the length of the work is unknown (uploads, a single change). */
  value: number | null;
}

/**
 * The state-change dialog (specification section 4): a state of the element's type (active ones,
 * with their colours), transaction type, contractor, observations and documents. Documents are
 * uploaded first (POST documents/) and their ids sent with the change. A massive change goes in
 * batches of 50,000 with a progress bar; the dialog ends with how many elements changed. Errors of
 * the server (400) are shown here, beside their fields, never in a second dialog. On phones the
 * dialog fills the screen and its buttons stay pinned at the bottom while the form scrolls (issue 22).
 * On touch screens its lists are tapped, not typed into, so no field takes the focus and pops the
 * keyboard up.
 */
export function StateChangeDialog({
  plantId,
  elementType,
  target,
  onClose,
  onDone,
}: {
  plantId: number;
  elementType: ElementType;
  target: StateChangeTarget;
  onClose: () => void;
  /** Called once the change went through (also partly), with the number of changed elements. */
  onDone?: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const states = usePlantStates(plantId);
  const transactionTypes = useTransactionTypes();
  const contractors = usePlantContractors(plantId);
  const changeState = useChangeElementState();
  const massiveChange = useMassiveStateChange();
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FormErrors>({});
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [outcome, setOutcome] = useState<{ changed: number; stateId: number } | null>(null);
  const isSending = progress !== null;
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();

  const elementIds = target.kind === 'single' ? [target.element.id] : target.elementIds;
  const typeStates = (states.data ?? []).filter(
    (state) => state.element_type === elementType.id && state.is_active,
  );
  const stateById = new Map((states.data ?? []).map((state) => [state.id, state]));
  const selectedState = values.state !== null ? stateById.get(values.state) : undefined;
  const typeTransactionTypes = (transactionTypes.data ?? []).filter(
    (type) => type.element_type === null || type.element_type === elementType.id,
  );

  // The client uuid of this action: kept while the form is unchanged, so pressing Save again after a
  // lost answer is the same action (the server answers it once); any edit makes a new action.
  const actionId = useRef(newClientUuid());

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    actionId.current = newClientUuid();
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  }

  function showError(error: unknown) {
    const cause = error instanceof BatchError ? error.cause : error;
    const next: FormErrors = {};
    if (isApiError(cause) && cause.status === 400) {
      const general: string[] = [];
      for (const [field, message] of Object.entries(fieldErrorsOf(cause.body))) {
        const formField = FORM_FIELDS[field];
        if (formField) next[formField] = message;
        else general.push(field === '_general' ? message : `${field}: ${message}`);
      }
      if (general.length) next._general = general.join(', ');
    } else if (isApiError(cause)) {
      next._general = cause.detail ?? t('stateChange.errors.unknown');
    } else {
      next._general = t('stateChange.errors.unknown');
    }
    if (error instanceof BatchError && error.changed > 0) {
      next._partial = t('stateChange.errors.partial', {
        count: error.changed,
        formatted: formatInteger(error.changed),
      });
    }
    setErrors(next);
  }

  async function uploadFiles(): Promise<number[]> {
    const ids: number[] = [];
    for (const file of values.files) ids.push((await uploadDocument({ plantId, file })).id);
    return ids;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSending) return;
    const common = {
      state: values.state ?? undefined,
      element_type: elementType.id,
      transaction_type: values.transactionType ?? undefined,
      contractor: values.contractor ?? undefined,
      // Placeholder ids: the schema checks how many documents there are before any upload.
      documents: values.files.map(() => 1),
      // Specification section 5: observations are sent only if not empty.
      observations: values.observations.trim() || undefined,
    };
    const checked =
      target.kind === 'single'
        ? validateForm(StateChangeRequest, common)
        : validateForm(MassiveStateChangeRequest, {
            ...common,
            element_ids: elementIds.slice(0, MASSIVE_CHANGE_MAX),
          });
    const tooLarge = values.files.find((file) => file.size > DOCUMENT_MAX_BYTES);
    if (!checked.success || tooLarge) {
      const next: FormErrors = checked.success
        ? {}
        : { ...checked.errors, files: checked.errors.documents ?? '' };
      if (tooLarge) {
        next.files = t('stateChange.errors.tooLarge', {
          name: tooLarge.name,
          size: `${formatInteger(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB`,
        });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const { documents: _placeholders, ...body } = checked.data;
    const stateId = body.state;

    try {
      if (target.kind === 'single') {
        setProgress({ label: t('stateChange.progress.sending'), value: null });
        const documents = values.files.length ? await uploadFiles() : [];
        const result = await changeState.mutateAsync({
          plantId,
          type: elementType,
          elementId: target.element.id,
          body: { ...body, documents, client_uuid: actionId.current },
        });
        setOutcome({ changed: result.element_count, stateId });
        onDone?.(result.element_count);
      } else {
        const batches = splitIntoBatches(elementIds).length;
        setProgress({
          label: t('stateChange.progress.batch', {
            batch: 1,
            batches,
            done: formatInteger(0),
            total: formatInteger(elementIds.length),
          }),
          value: 0,
        });
        const { changed } = await massiveChange.mutateAsync({
          plantId,
          type: elementType,
          elementIds,
          body,
          actionId: actionId.current,
          documentsFor: values.files.length ? () => uploadFiles() : undefined,
          onProgress: (step) =>
            setProgress({
              label: t('stateChange.progress.batch', {
                batch: Math.min(step.batch + 1, step.batches),
                batches: step.batches,
                done: formatInteger(step.changed),
                total: formatInteger(step.total),
              }),
              value: (100 * step.batch) / step.batches,
            }),
        });
        setOutcome({ changed, stateId });
        onDone?.(changed);
      }
    } catch (error) {
      if (error instanceof BatchError && error.changed > 0) onDone?.(error.changed);
      showError(error);
    } finally {
      setProgress(null);
    }
  }

  const title =
    target.kind === 'single'
      ? t('stateChange.titleSingle', { code: target.element.code })
      : t('stateChange.titleMassive', {
          count: elementIds.length,
          formatted: formatInteger(elementIds.length),
        });

  return (
    <Modal
      opened
      onClose={() => !isSending && onClose()}
      title={<Text fw={700}>{title}</Text>}
      size="lg"
      centered
      fullScreen={isPhone}
      transitionProps={isPhone ? { transition: 'slide-up', duration: 150 } : undefined}
      closeOnClickOutside={!isSending}
      closeOnEscape={!isSending}
      withCloseButton={!isSending}
      closeButtonProps={{ 'aria-label': t('common.close'), size: isTouch ? 'xl' : undefined }}
    >
      {outcome ? (
        <Stack align="center" gap="sm" py="md" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} aria-hidden />
          </ThemeIcon>
          <Title order={3} ta="center">
            {t('stateChange.success', { count: outcome.changed, formatted: formatInteger(outcome.changed) })}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">{t('stateChange.newState')}</Text>
            <StateBadge state={stateById.get(outcome.stateId)} />
          </Group>
          <Button mt="md" onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          // On a phone the form fills the screen, so its actions sit at the bottom, under the thumb.
          style={isPhone ? PHONE_FORM : undefined}
        >
          <Stack gap="sm" style={isPhone ? { flex: 1 } : undefined}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {target.kind === 'single' ? t('stateChange.currentState') : t('stateChange.elementType')}
              </Text>
              {target.kind === 'single' ? (
                <StateBadge
                  state={target.element.state_id !== null ? stateById.get(target.element.state_id) : null}
                  size="sm"
                />
              ) : (
                <Text size="sm" fw={600}>
                  {elementType.name}
                </Text>
              )}
            </Group>
            {errors._general && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {errors._general}
                {errors._partial && (
                  <Text size="sm" mt={4}>
                    {errors._partial}
                  </Text>
                )}
              </Alert>
            )}
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
            {progress && (
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
            )}
            <Group
              justify="flex-end"
              mt={isPhone ? 'auto' : 'sm'}
              wrap="nowrap"
              // On a phone the actions stay at the bottom of the screen, above the scrolling form.
              style={isPhone ? STICKY_ACTIONS : undefined}
            >
              <Button variant="default" onClick={onClose} disabled={isSending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSending} style={isPhone ? { flex: 1 } : undefined}>
                {target.kind === 'single'
                  ? t('stateChange.submitSingle')
                  : t('stateChange.submitMassive', {
                      count: elementIds.length,
                      formatted: formatInteger(elementIds.length),
                    })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
