import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * pino JSON, one object a line, for every log line of the server. Secrets never reach the log:
 * the authorization header (access tokens, the metrics token), cookies, and any password or token
 * field a logged object may carry are replaced by "[redacted]".
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'password',
        '*.password',
        '*.new_password',
        '*.old_password',
        '*.refresh',
        '*.access',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/** Every line logged for a signed-in request names its user and organisation (beside Fastify's reqId). */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('preHandler', async (req, reply) => {
    if (!req.user) return;
    const log = req.log.child({ userId: req.user.id, organisationId: req.user.clientId });
    req.log = log;
    reply.log = log;
  });
}
