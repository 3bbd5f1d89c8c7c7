import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import {
  DOCUMENT_MAX_BYTES,
  MASSIVE_CHANGE_MAX,
  MassiveStateChangeRequest,
  StateChangeRequest,
} from '@heliotrack/domain/elements';
import { newClientUuid } from '../../../lib/client-uuid';
import { formatInteger } from '../../../lib/format';
import { validateForm, type FormErrors } from '../../../lib/validate-form';
import { uploadDocument } from '../../../api/upload-document';
import { useChangeElementState } from '../api/change-element-state';
import { BatchError, splitIntoBatches, useMassiveStateChange } from '../api/massive-state-change';
import {
  INITIAL_VALUES,
  stateChangeErrorsOf,
  type FormValues,
  type SendProgress,
  type StateChangeTarget,
} from './state-change-form';

/**
 * The state-change dialog's form and its sending: the values, their errors, the progress of the
 * send and its outcome. Documents are uploaded first (POST documents/) and their ids sent with the
 * change; a massive change goes in batches of 50,000, reporting its progress.
 */
export function useStateChange({
  plantId,
  elementType,
  target,
  onDone,
}: {
  plantId: number;
  elementType: ElementType;
  target: StateChangeTarget;
  onDone?: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const changeState = useChangeElementState();
  const massiveChange = useMassiveStateChange();
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FormErrors>({});
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [outcome, setOutcome] = useState<{ changed: number; stateId: number } | null>(null);
  const isSending = progress !== null;

  const elementIds = target.kind === 'single' ? [target.element.id] : target.elementIds;

  // The client uuid of this action: kept while the form is unchanged, so pressing Save again after a
  // lost answer is the same action (the server answers it once); any edit makes a new action.
  const actionId = useRef(newClientUuid());

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    actionId.current = newClientUuid();
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
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
      setErrors(stateChangeErrorsOf(error, t));
    } finally {
      setProgress(null);
    }
  }

  return { values, set, errors, progress, outcome, isSending, elementIds, onSubmit };
}
