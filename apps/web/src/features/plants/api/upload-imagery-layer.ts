import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImageryLayer, imageryFormatOf, UPLOAD_CHUNK_BYTES } from '@heliotrack/domain/imagery';
import { queryKeys } from '../../../api/query-keys';
import { ApiError } from '../../../lib/api-error';
import { newClientUuid } from '../../../lib/client-uuid';
import { getLanguage, t } from '../../../lib/i18n';
import { apiAddress } from '../../../lib/server-url';
import { getAccessToken } from '../../../lib/session';
import { http, refreshTokens } from '../../../lib/http-client';

export interface ImageryUploadRequest {
  plantId: number;
  file: File;
  name: string;
  /** YYYY-MM-DD, the day of the flight. */
  capturedOn: string | null;
  /** Bytes the server holds so far, after each chunk's progress event. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** An incomplete layer of this same file: its upload goes on from the bytes the server holds. */
  resume?: ImageryLayer;
  /** Bytes per request (tests send small ones). */
  chunkBytes?: number;
}

function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return text ? { detail: text } : null;
  }
}

/**
 * One chunk with XMLHttpRequest: fetch() cannot tell how far an upload went, and a chunk of 8 MiB
 * on a site's connection takes long enough for a still bar to look stuck.
 */
function sendChunk(
  url: string,
  chunk: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal | undefined,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: parsed(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, 'Network error', null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(chunk);
  });
}

/**
 * Declares the layer, then sends the archive in chunks at the offsets the server expects: a 409
 * names the bytes it holds and the upload goes on from there; an expired token is refreshed once
 * per chunk. The last chunk answers the ready layer (or the 400 of an archive it cannot read).
 */
export async function uploadImageryLayer({
  plantId,
  file,
  name,
  capturedOn,
  onProgress,
  signal,
  resume,
  chunkBytes = UPLOAD_CHUNK_BYTES,
}: ImageryUploadRequest): Promise<ImageryLayer> {
  const format = imageryFormatOf(file.name);
  if (!format || (resume && (resume.size !== file.size || resume.format !== format)))
    throw new ApiError(400, 'Bad Request', { file: [t('plantAdmin.imagery.wrongFile')] });
  let layer =
    resume ??
    (await http.post<ImageryLayer>(
      `plants/${plantId}/imagery/`,
      { name, captured_on: capturedOn, format, size: file.size, client_uuid: newClientUuid() },
      { handle400: false, signal },
    ));
  let offset = layer.received;
  let refreshed = false;
  onProgress?.(offset, file.size);
  while (layer.status !== 'ready') {
    const chunk = file.slice(offset, offset + chunkBytes);
    const url = apiAddress(`plants/${plantId}/imagery/${layer.id}/content?offset=${offset}`);
    const start = offset;
    const answer = await sendChunk(url, chunk, (loaded) => onProgress?.(start + loaded, file.size), signal);
    if (answer.status === 401 && !refreshed) {
      refreshed = true;
      await refreshTokens();
      continue;
    }
    if (answer.status === 409 && typeof answer.body?.received === 'number') {
      offset = answer.body.received;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, '', answer.body);
    layer = answer.body as unknown as ImageryLayer;
    offset = layer.received;
    refreshed = false;
    onProgress?.(offset, file.size);
  }
  return layer;
}

export function useUploadImageryLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImageryLayer,
    // Also after a failure: the layer row exists (uploading) and the list shows it.
    onSettled: (_layer, _error, { plantId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.plants.imagery(plantId) }),
  });
}
