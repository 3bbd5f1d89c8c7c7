/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = contentDisposition.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = contentDisposition.match(/filename\s*=\s*(?:"([^"]*)"|([^;]+))/);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}
