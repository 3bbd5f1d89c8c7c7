import type { z } from 'zod';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import { isApiError } from './api-error';
import { fieldErrorsOf } from './format-field-errors';
import { getLanguage } from './i18n';

export type FormErrors = Record<string, string>;

/**
 * Validates form values with the same zod schema the server uses; messages come from the API
 * catalogue in the current language, one line per field.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.infer<S> } | { success: false; errors: FormErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(issuesToFieldErrors(result.error.issues, getLanguage()))) {
    errors[field.split('.')[0]] = messages.join(' ');
  }
  return { success: false, errors };
}

/**
 * A failed save as form errors: a 400's messages under their fields, anything else as a general
 * error (`_general`) shown above the form.
 */
export function formErrorsOf(error: unknown): FormErrors {
  if (isApiError(error) && error.status === 400) return fieldErrorsOf(error.body);
  return { _general: (isApiError(error) && error.detail) || (error as Error).message };
}
