import path from 'node:path';
import { DOCUMENT_KINDS, type DocumentKind } from '@heliotrack/domain/elements';

/** How many leading bytes of an upload are kept to recognise it. */
export const HEAD_BYTES = 512;

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

/** The first bytes every file of a kind starts with; text kinds must simply not look binary. */
const MAGIC: Record<DocumentKind, (head: Buffer) => boolean> = {
  pdf: (h) => startsWith(h, '%PDF-'),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  webp: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8),
  // Office Open XML files are zip archives.
  xlsx: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  docx: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  csv: (h) => !h.includes(0),
  txt: (h) => !h.includes(0),
};

/** Kinds recognisable by their bytes alone, so a photo named without an extension is still accepted. */
const SNIFFABLE: DocumentKind[] = ['pdf', 'png', 'jpeg', 'webp'];

export type KindCheck =
  | { ok: true; kind: DocumentKind; contentType: string }
  | { ok: false; reason: 'notAllowed' }
  | { ok: false; reason: 'mismatch'; kind: DocumentKind };

/**
 * Decides what an upload is from its name, the content type the client declared and its first
 * bytes: the extension (or, without one, the declared type) picks the kind, the declared type must
 * be one a browser sends for that kind, and the bytes must match it. Served back with the kind's
 * own content type, never the declared one.
 */
export function checkDocumentKind(fileName: string, declaredType: string, head: Buffer): KindCheck {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  const kind = extension
    ? DOCUMENT_KINDS.find((k) => (k.extensions as readonly string[]).includes(extension))
    : DOCUMENT_KINDS.find((k) => SNIFFABLE.includes(k.kind) && (k.declared as readonly string[]).includes(declared));
  if (!kind || !(kind.declared as readonly string[]).includes(declared)) return { ok: false, reason: 'notAllowed' };
  if (!MAGIC[kind.kind](head)) return { ok: false, reason: 'mismatch', kind: kind.kind };
  return { ok: true, kind: kind.kind, contentType: kind.contentType };
}
