import type { Language } from '@heliotrack/domain/constants';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { getLanguage } from '../../lib/i18n';
import type { LocalStore } from '../local-store';
import { openedLocalStore } from '../opened-local-store';

/*
 * What every offline handler shares: the local store (imported on first use, so neither the worker
 * nor sqlite-wasm enters the main bundle), and the server's error answers (same status, same body,
 * same translated texts) for what the device can refuse itself.
 */
/** The open local store. */
export const store: () => Promise<LocalStore> = openedLocalStore;

export function language(): Language {
  return getLanguage();
}

/** The server's 404 `{detail, code: 'not_found'}`. */
export function notFound(): ApiError {
  return new ApiError(404, 'Not Found', {
    detail: translate(language(), 'errors.notFound'),
    code: 'not_found',
  });
}

/** The server's refusal of one field: `{[field]: [message], code}` (apps/server lib/errors `refusal`). */
export function refusal(
  code: string,
  field: string,
  key: ApiMessageKey,
  params?: Record<string, string | number>,
): ApiError {
  return new ApiError(400, 'Bad Request', { [field]: [translate(language(), key, params)], code });
}

/** A 400 on one field without a code (the server's `fieldError`). */
export function fieldError(
  field: string,
  key: ApiMessageKey,
  params?: Record<string, string | number>,
): ApiError {
  return new ApiError(400, 'Bad Request', { [field]: [translate(language(), key, params)] });
}

/** The query string as Fastify hands it to the route schema: one value a string, repeated keys an array. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

/** Parses like the route schema does; a failure is the server's 400 with the translated field errors. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError(400, 'Bad Request', issuesToFieldErrors(result.error.issues, language()));
}

/** A positive integer path segment, or the server's 404 (its param schema refuses the rest). */
export function idParam(text: string | undefined): number {
  const id = Number(text);
  if (!text || !/^\d{1,9}$/.test(text) || id < 1) throw notFound();
  return id;
}
