import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import type { FieldErrors } from '@heliotrack/domain/validation';
import type { Language } from '@heliotrack/domain/constants';
import type { StateChangeRefusalCode } from '@heliotrack/domain/state-change-refusals';

type ErrorBody = FieldErrors | { detail: string; code?: string } | Record<string, string[] | string>;

/**
 * The one error type services throw. The body follows Django REST Framework
 * (`{detail, code}` or `{field: [messages]}`), which the web client expects.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | ((language: Language) => ErrorBody),
  ) {
    super(`API error ${statusCode}`);
  }
}

/** Errors with a translated `detail`, e.g. `detailError(404, 'errors.notFound')`. */
export function detailError(statusCode: number, key: ApiMessageKey, code?: string, params?: Record<string, string | number>) {
  return new ApiError(statusCode, (language) => ({ detail: translate(language, key, params), ...(code ? { code } : {}) }));
}

export const notFound = () => detailError(404, 'errors.notFound', 'not_found');
export const forbidden = () => detailError(403, 'errors.forbidden', 'permission_denied');

/** A 400 naming fields, e.g. `fieldError('email', 'errors.emailTaken')`. */
export function fieldError(field: string, key: ApiMessageKey, params?: Record<string, string | number>) {
  return new ApiError(400, (language) => ({ [field]: [translate(language, key, params)] }));
}

/**
 * A 400 naming a field, with the machine code of the rule that refused it (packages/domain
 * state-change-refusals): `{"state": ["…"], "code": "depends_on_not_reached"}`.
 */
export function refusal(code: StateChangeRefusalCode, field: string, key: ApiMessageKey, params?: Record<string, string | number>) {
  return new ApiError(400, (language) => ({ [field]: [translate(language, key, params)], code }));
}

export type Message = [ApiMessageKey, Record<string, string | number>?];

/** A 400 with several messages under one field, e.g. every reason a state cannot be deleted. */
export function fieldErrors(field: string, messages: Message[]) {
  return new ApiError(400, (language) => ({
    [field]: messages.map(([key, params]) => translate(language, key, params)),
  }));
}
