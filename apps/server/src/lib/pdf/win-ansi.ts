/*
 * The PDF standard fonts (Helvetica and the others pdfkit draws without a font file) encode WinAnsi
 * (Latin-1 and a few more) only: any other character came out as two wrong ones ("≤ 20 mm" read
 * '"d 20 mm' in the demo's inspection criteria). The usual ones of inspection criteria are written
 * out; any other shows as "?".
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELLED: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '−': '-',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '⌀': 'Ø',
  Ω: 'Ohm',
  μ: 'µ',
  '′': "'",
  '″': '"',
};

export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (
      code === 9 ||
      code === 10 ||
      code === 13 ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    )
      out += char;
    else out += SPELLED[char] ?? '?';
  }
  return out;
}

/** Every text `doc` draws goes through winAnsi from now on (one door for all of a document's text). */
export function encodeTextAsWinAnsi(doc: PDFKit.PDFDocument) {
  const drawText = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  doc.text = ((value: unknown, ...rest: unknown[]) =>
    drawText(typeof value === 'string' ? winAnsi(value) : value, ...rest)) as typeof doc.text;
}
