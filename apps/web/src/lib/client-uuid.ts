/**
 * A random RFC 4122 version 4 id for a write the browser may send twice (DESIGN section 10): the
 * server answers a repeated id with the first result. `crypto.randomUUID` exists only in secure
 * contexts, and the app is also opened over plain http on a site's network, hence the fallback.
 */
export function newClientUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
