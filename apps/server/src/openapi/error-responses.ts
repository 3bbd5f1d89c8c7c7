import type { FastifySchema, RouteOptions } from 'fastify';

/*
 * The error answers of the API, described once (components) and listed on every operation that can
 * give them. Bodies follow Django REST Framework (lib/errors.ts): a 400 names fields,
 * `{"field": ["message"]}`, and every other 4xx is `{"detail": "message", "code": "machine_code"}`.
 * Messages are in the caller's language (Accept-Language: es, en, it); codes never change.
 */

const ErrorDetail = {
  type: 'object',
  description: 'An error in the caller\'s language (`detail`) with a machine code (`code`) that never changes.',
  properties: {
    detail: { type: 'string', example: 'Not found.' },
    code: { type: 'string', example: 'not_found' },
  },
  required: ['detail'],
};

const FieldErrors = {
  type: 'object',
  description:
    'Validation errors by field, as Django REST Framework gives them: each refused field (a dotted path for nested ones, ' +
    'e.g. `rows.3.name`) with its messages; `non_field_errors` for the request as a whole (malformed JSON…). ' +
    'A refused state change also carries the rule\'s `code` (e.g. `depends_on_not_reached`).',
  properties: {
    non_field_errors: { type: 'array', items: { type: 'string' } },
    code: { type: 'string', description: 'Only on refused state changes: the rule that refused it.' },
  },
  additionalProperties: { type: 'array', items: { type: 'string' } },
  example: { email: ['Enter a valid email address.'] },
};

const detail = (description: string, codes: string[], example: { detail: string; code?: string }) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  content: {
    'application/json': {
      schema: {
        allOf: [{ $ref: '#/components/schemas/ErrorDetail' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
      },
      example,
    },
  },
});

/** The statuses an operation may list, each a shared response of `components.responses`. */
export const ERROR_RESPONSES = {
  400: [
    'BadRequest',
    {
      description: 'The request was refused as it is: a field is missing or invalid, the JSON is malformed, or a rule refused the change.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/FieldErrors' } } },
    },
  ],
  401: [
    'Unauthorized',
    detail(
      'No access token, or one that is invalid or expired (refresh it with `POST /api/token/refresh/`), or the user was deactivated; on `POST /api/token/`, wrong credentials.',
      ['not_authenticated', 'token_not_valid', 'user_inactive', 'no_active_account'],
      { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
    ),
  ],
  403: [
    'Forbidden',
    detail(
      'The caller may not do this: administrators only, or only the author, or a role in the PPI the caller does not hold, or a viewer (role VI) writing; `password_change_required` until a one-time password (`npm run admin:create`) is changed with `PUT /api/user/password_change/`.',
      ['permission_denied', 'password_change_required'],
      { detail: 'You do not have permission to perform this action.', code: 'permission_denied' },
    ),
  ],
  404: [
    'NotFound',
    detail(
      'Nothing with this id, or nothing the caller may see: another organisation\'s ids, and plants the caller is not authorised on, are not found.',
      ['not_found'],
      { detail: 'Not found.', code: 'not_found' },
    ),
  ],
  409: [
    'Conflict',
    detail('The resource is not in a state that allows this yet (a report still being made, or one that failed).', ['report_not_ready', 'report_failed'], {
      detail: 'The report is not ready yet (40 %).',
      code: 'report_not_ready',
    }),
  ],
  413: [
    'PayloadTooLarge',
    detail('The body or the uploaded file is over the limit (JSON bodies 1 MB, mass state changes 2 MB, documents 20 MB).', ['too_large'], {
      detail: 'The request is too large.',
      code: 'too_large',
    }),
  ],
  415: [
    'UnsupportedMediaType',
    detail('The body\'s Content-Type is not one this operation reads (see its request body).', ['unsupported_media_type'], {
      detail: 'Unsupported content type: application/xml.',
      code: 'unsupported_media_type',
    }),
  ],
  429: [
    'TooManyRequests',
    {
      ...detail('Too many attempts from this address in a minute, or for this account in 15 minutes; try again after `Retry-After` seconds.', ['throttled'], {
        detail: 'Too many requests. Try again in 1 minute.',
        code: 'throttled',
      }),
      headers: { 'Retry-After': { description: 'Seconds to wait before the next attempt.', schema: { type: 'integer' } } },
    },
  ],
  503: [
    'ServiceUnavailable',
    detail('Password recovery is not configured on this installation (no mail transport, `SMTP_URL`); an administrator sets a new password instead.', ['recovery_not_configured'], {
      detail: 'Password recovery is not configured on this installation. Ask an administrator.',
      code: 'recovery_not_configured',
    }),
  ],
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export const errorComponents = {
  schemas: { ErrorDetail, FieldErrors },
  responses: Object.fromEntries(Object.values(ERROR_RESPONSES)),
};

/**
 * Statuses only some operations give, by operationId: wrong credentials on the public token
 * endpoints, and a report that is not made yet.
 */
const OPERATION_ERRORS: Record<string, ErrorStatus[]> = {
  obtainToken: [401],
  refreshToken: [401],
  // Limited per account (lib/account-limits.ts); recovery is off in production without SMTP_URL.
  changePassword: [429],
  requestPasswordReset: [503],
  downloadPlantReport: [409],
  downloadPlantHistoricReport: [409],
  // 404 when METRICS is off, 401 without the METRICS_TOKEN when one is set.
  getMetrics: [401, 404],
};

/**
 * The error statuses of one route, from what the server does with it:
 * - 400: it reads a body, a query string or path parameters (each is validated), or a multipart form;
 * - 401 and 403: it needs an access token (the auth plugin), and so the caller's permissions;
 * - 404: it has path parameters (an id of another organisation is not found);
 * - 413 and 415: it reads a body (size limits, content types);
 * - 429: it is rate limited (login and password recovery, and the password change per account);
 * - and the operation's own (OPERATION_ERRORS).
 */
export function errorStatuses(route: RouteOptions, schema: FastifySchema, operationId: string | undefined): ErrorStatus[] {
  const readsBody = Boolean(schema.body || schema.multipart);
  const hasParams = Boolean(schema.params) || route.url.includes(':');
  const statuses = new Set<ErrorStatus>(operationId ? (OPERATION_ERRORS[operationId] ?? []) : []);
  if (readsBody || schema.querystring || hasParams) statuses.add(400);
  if (!route.config?.public) {
    statuses.add(401);
    statuses.add(403);
  }
  if (hasParams) statuses.add(404);
  if (readsBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit) statuses.add(429);
  return [...statuses].sort();
}
