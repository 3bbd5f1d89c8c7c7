import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import { ApiError } from '../lib/errors';

type ReconstructedIssue = z.core.$ZodIssue;

export function registerErrorHandler(app: FastifyInstance) {
  // Unknown paths answer like every other 404: `{detail, code: 'not_found'}`, whatever the method.
  app.setNotFoundHandler((req, reply) => {
    const detail = translate(req.lang, 'errors.routeNotFound', { method: req.method, url: req.url.split('?')[0] });
    reply.code(404).send({ detail, code: 'not_found' });
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
    // The codes are the ones the services give for the same refusals (openapi/error-responses.ts lists them).
    if (status === 413) return reply.code(413).send({ detail: translate(language, 'errors.tooLarge'), code: 'too_large' });
    if (status === 415) {
      return reply.code(415).send({
        detail: translate(language, 'errors.unsupportedMediaType', { type: String(req.headers['content-type'] ?? '') }),
        code: 'unsupported_media_type',
      });
    }
    if (status === 429) return reply.code(429).send({ detail: error.message, code: 'throttled' });
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
