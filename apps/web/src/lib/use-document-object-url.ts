import { useQuery } from '@tanstack/react-query';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { fetchFile, isOwnApi } from './download-file';
import { resolveServerAddress } from './server-url';
import { useObjectUrl } from './use-object-url';
import { queryKeys } from '../api/query-keys';

/**
 * A stored photo as an object URL for an <img>: the API wants the bearer token, which an <img src>
 * cannot send, so the file is fetched as a Blob (cached per document) and the URL revoked when the
 * image goes away.
 */
export function useDocumentObjectUrl(document: Pick<DocumentInfo, 'id' | 'url'>) {
  const url = resolveServerAddress(document.url);
  const isOwn = isOwnApi(url);
  const blob = useQuery({
    queryKey: queryKeys.documentBlob(document.id),
    queryFn: async () => (await fetchFile(url)).blob,
    enabled: isOwn,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const objectUrl = useObjectUrl(blob.data);
  // A URL elsewhere (e.g. signed storage) carries its own access.
  if (!isOwn) return { src: url.toString(), isLoading: false, isError: false };
  return { src: objectUrl, isLoading: blob.isPending || (!!blob.data && !objectUrl), isError: blob.isError };
}
