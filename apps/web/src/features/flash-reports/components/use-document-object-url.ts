import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { fetchFile, isOwnApi } from '../../../lib/download-file';

/**
 * A stored photo as an object URL for an <img>: the API wants the bearer token, which an <img src>
 * cannot send, so the file is fetched as a Blob (cached per document) and the URL revoked when the
 * image goes away.
 */
export function useDocumentObjectUrl(document: Pick<DocumentInfo, 'id' | 'url'>) {
  const url = new URL(document.url, window.location.origin);
  const isOwn = isOwnApi(url);
  const blob = useQuery({
    queryKey: ['documents', 'blob', document.id],
    queryFn: async () => (await fetchFile(url)).blob,
    enabled: isOwn,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const created = URL.createObjectURL(blob.data);
    setObjectUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [blob.data]);
  // A URL elsewhere (e.g. signed storage) carries its own access.
  if (!isOwn) return { src: url.toString(), isLoading: false, isError: false };
  return { src: objectUrl, isLoading: blob.isPending || (!!blob.data && !objectUrl), isError: blob.isError };
}
