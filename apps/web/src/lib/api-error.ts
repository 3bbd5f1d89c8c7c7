/** Body of a non-2xx answer: DRF style `{detail, code}` or `{field: [messages]}`, or null. */
export type ApiErrorBody = Record<string, unknown> | string | null;

/** Thrown by the http client for every non-2xx answer and for network failures (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: ApiErrorBody;

  constructor(status: number, statusText: string, body: ApiErrorBody) {
    super(`${status} ${statusText}`.trim());
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  /** The `detail` message of the body, when there is one. */
  get detail(): string | undefined {
    const body = this.body;
    return body && typeof body === 'object' && typeof body.detail === 'string' ? body.detail : undefined;
  }

  /** The `code` of a DRF/SimpleJWT error body (e.g. 'token_not_valid'). */
  get code(): string | undefined {
    const body = this.body;
    return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
