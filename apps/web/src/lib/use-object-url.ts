import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob (a stored image fetched with the bearer token, which an <img src>
 * cannot send), revoked when the blob changes or the component goes away. null while there is none.
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [blob]);
  return objectUrl;
}
