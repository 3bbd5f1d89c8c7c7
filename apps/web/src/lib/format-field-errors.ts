/**
 * Turning DRF-style 400 bodies (`{field: [messages], non_field_errors: [...]}`) into text.
 * Specification section 5: the messages are joined by commas and prefixed with their field key.
 */

/** Keys whose messages are general, not about one field: shown without a prefix. */
const GENERAL_KEYS = new Set(['non_field_errors', 'detail']);

function collect(value: unknown, key: string, out: { key: string; message: string }[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string') out.push({ key, message: value });
  else if (typeof value === 'number' || typeof value === 'boolean') out.push({ key, message: String(value) });
  else if (Array.isArray(value)) value.forEach((item) => collect(item, key, out));
  else if (typeof value === 'object')
    for (const [child, nested] of Object.entries(value))
      collect(nested, key ? `${key}.${child}` : child, out);
}

function entries(body: unknown): { key: string; message: string }[] {
  const out: { key: string; message: string }[] = [];
  // A top-level `code` string is the refusal's machine code (state changes), not a message to show.
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { code?: unknown }).code === 'string') {
    const { code: _code, ...messages } = body as Record<string, unknown>;
    collect(messages, '', out);
  } else collect(body, '', out);
  return out;
}

/** 'email: Introduzca una dirección de correo válida., password: Este campo es obligatorio.' */
export function formatFieldErrors(body: unknown): string {
  return entries(body)
    .map(({ key, message }) => (key === '' || GENERAL_KEYS.has(key) ? message : `${key}: ${message}`))
    .join(', ');
}

/** One line per field for forms that show errors under their inputs; general ones under `_general`. */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { key, message } of entries(body)) {
    const field = key === '' || GENERAL_KEYS.has(key) ? '_general' : key.split('.')[0];
    result[field] = result[field] ? `${result[field]} ${message}` : message;
  }
  return result;
}
