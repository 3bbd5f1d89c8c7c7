import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import { type FieldErrors, issuesToFieldErrors } from '@heliotrack/domain/validation';
import type { Language } from '@heliotrack/domain/constants';

type ErrorBody = FieldErrors | { detail: string; code?: string };

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

export type Message = [ApiMessageKey, Record<string, string | number>?];

/** A 400 with several messages under one field, e.g. every reason a state cannot be deleted. */
export function fieldErrors(field: string, messages: Message[]) {
  return new ApiError(400, (language) => ({
    [field]: messages.map(([key, params]) => translate(language, key, params)),
  }));
}

type ReconstructedIssue = z.core.$ZodIssue;

export function registerErrorHandler(app: FastifyInstance) {
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ detail: translate(req.lang, 'errors.routeNotFound', { method: req.method, url: req.url.split('?')[0] }) });
  });

  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    const language = req.lang ?? 'es';
    if (error instanceof ApiError) {
      const body = typeof error.body === 'function' ? error.body(language) : error.body;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod flattens issues; rebuild them to translate by issue code.
      const issues = error.validation.map(
        (v) =>
          ({
            ...(v.params as object),
            code: v.keyword,
            message: v.message,
            path: v.instancePath.split('/').filter(Boolean),
          }) as unknown as ReconstructedIssue,
      );
      return reply.code(400).send(issuesToFieldErrors(issues, language));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ detail: translate(language, 'errors.tooLarge') });
    if (status === 415) {
      return reply.code(415).send({
        detail: translate(language, 'errors.unsupportedMediaType', { type: String(req.headers['content-type'] ?? '') }),
      });
    }
    if (status === 429) return reply.code(429).send({ detail: error.message });
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty bodies with a JSON content type and other parser refusals.
      const key: ApiMessageKey = error.code?.startsWith('FST_ERR_CTP') ? 'errors.malformedJson' : 'validation.invalid';
      return reply.code(400).send({ non_field_errors: [translate(language, key)] });
    }
    req.log.error({ err: error }, 'unhandled error');
    // 5xx bodies never carry internals.
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ detail: translate(language, 'errors.internal') });
  });
}
