import type { Multipart } from '@fastify/multipart';
import { translate } from '@heliotrack/domain/i18n/translate';
import { ApiError, detailError, fieldError } from './errors';

/*
 * A multipart request with one small file (a PPI logo, a template or delivered-serial sheet) and a few text fields,
 * read into memory: the file is checked whole (its first bytes, or all of it for a sheet) before
 * anything is stored. The app's multipart limits (one file, five fields) apply.
 */

export interface SmallFile {
  fileName: string;
  declaredType: string;
  bytes: Buffer;
}

export interface SmallUpload {
  file: SmallFile | null;
  fields: Record<string, string>;
}

/** The upload limits of app.ts (one file, a few fields) exceeded: @fastify/multipart's codes. */
const LIMIT_CODES = ['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'];

export async function readSmallUpload(
  parts: AsyncIterable<Multipart> | null,
  contentType: string | undefined,
  options: { fileField: string; fields: readonly string[]; maxBytes: number; tooLarge: () => ApiError },
): Promise<SmallUpload> {
  if (!parts) throw detailError(415, 'errors.unsupportedMediaType', 'unsupported_media_type', { type: contentType ?? '' });
  const upload: SmallUpload = { file: null, fields: {} };
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField || upload.file) {
          part.file.resume();
          throw fieldError(part.fieldname, 'validation.unknownField');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > options.maxBytes) {
            part.file.resume();
            throw options.tooLarge();
          }
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) throw options.tooLarge();
        upload.file = { fileName: part.filename.trim().slice(-255), declaredType: part.mimetype, bytes: Buffer.concat(chunks) };
      } else if (options.fields.includes(part.fieldname)) {
        upload.fields[part.fieldname] = String(part.value);
      } else {
        throw fieldError(part.fieldname, 'validation.unknownField');
      }
    }
  } catch (error) {
    if (LIMIT_CODES.includes((error as { code?: string }).code ?? '')) {
      throw new ApiError(400, (language) => ({
        non_field_errors: [translate(language, 'documents.tooManyParts', { fields: options.fields.length })],
      }));
    }
    throw error;
  }
  return upload;
}
