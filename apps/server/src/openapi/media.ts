import { z } from 'zod';

/*
 * Request and response bodies that are files, for the OpenAPI document only (openapi/document.ts):
 * uploads are read part by part by their services, and downloads are streams or buffers, which
 * Fastify never validates or serialises.
 */

declare module 'fastify' {
  interface FastifySchema {
    /** The fields of a multipart/form-data upload. */
    multipart?: z.ZodObject;
    /** Answers that are files (or have no body), by status: see fileResponse. */
    fileResponses?: Record<number, FileResponse>;
  }
}

export interface FileResponse {
  description: string;
  content?: Record<string, { schema: z.ZodType }>;
}

/** A file in a multipart form or a download: bytes. */
export const BinaryFile = z.string().meta({ format: 'binary' });

/** A download: the file in one of `mediaTypes`, bytes (text for `text/*` and NDJSON). */
export function fileResponse(description: string, mediaTypes: readonly string[]): FileResponse {
  const schemaOf = (type: string) => (type.startsWith('text/') || type.endsWith('ndjson') ? z.string() : BinaryFile);
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: schemaOf(type) }])) };
}

/** A zod schema as the OpenAPI 3.0 schema of a request or response body. */
export function toOpenapiSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io });
}
