import type { TFunction } from 'i18next';
import type { Element } from '@heliotrack/domain/elements';
import { isApiError } from '../../../lib/api-error';
import { formatInteger } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/format-field-errors';
import type { FormErrors } from '../../../lib/validate-form';
import { BatchError } from '../api/massive-state-change';

/** What the dialog changes: one element (its own endpoint) or many (massive, in batches of 50,000). */
export type StateChangeTarget =
  | { kind: 'single'; element: Pick<Element, 'id' | 'code' | 'state_id'> }
  | { kind: 'massive'; elementIds: number[] };

export interface FormValues {
  state: number | null;
  transactionType: number | null;
  contractor: number | null;
  observations: string;
  files: File[];
}

export const INITIAL_VALUES: FormValues = {
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

export interface SendProgress {
  label: string;
  /** 0–100; null while the length of the work is unknown (uploads, a single change). */
  value: number | null;
}

/**
 * The form's messages for a failed change: a 400's fields beside their inputs (the rest above
 * them), any other error above the fields, and how many elements a massive change did change
 * before a batch failed.
 */
export function stateChangeErrorsOf(error: unknown, t: TFunction): FormErrors {
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
  return next;
}
