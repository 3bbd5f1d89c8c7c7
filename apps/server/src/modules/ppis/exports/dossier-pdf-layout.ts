import type { Readable } from 'node:stream';
import type PDFDocument from 'pdfkit';
import { dossierCatalogue, type DossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import { formatters, type Formatters } from '../../../lib/pdf/formatters';
import { readAll } from '../../../lib/pdf/images';
import { endTableRow, HEADER_FILL, pageLayout, TEXT_COLOR } from '../../../lib/pdf/layout';
import { encodeTextAsWinAnsi } from '../../../lib/pdf/win-ansi';
import { lazyPackage } from '../../../lib/lazy-package';

const pdfkit = lazyPackage<typeof PDFDocument>('pdfkit');

/*
 * The dossier PDF's document and what its sections draw with: the words and formatters of the
 * dossier's language, the page helpers of lib/pdf/layout, a labelled line and a table. The sections
 * themselves are in dossier-pdf.ts.
 */

export const MARGIN = 45;

export interface Column {
  header: string;
  width: number;
}

/** The document being drawn and its helpers, handed to every section of the dossier. */
export interface DossierPage {
  doc: PDFKit.PDFDocument;
  words: DossierCatalogue;
  fmt: Formatters;
  /** The text width between the margins. */
  width: number;
  ensure: (height: number) => void;
  heading: (text: string) => void;
  /** "Label: value", the label in bold. */
  line: (label: string, value: string) => void;
  /** A table whose cells wrap; rows never split across pages. */
  table: (columns: Column[], rows: string[][]) => void;
}

/** A new A4 document for the plan `code`, and the whole PDF once `doc.end()` is called. */
export function dossierPage(language: string, code: string): { page: DossierPage; done: Promise<Buffer> } {
  const words = dossierCatalogue(language);
  const PdfDocument = pdfkit();
  const doc = new PdfDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${words.title} ${code}`, Author: 'Heliotrack', Creator: 'Heliotrack' },
  });
  const done = readAll(doc as unknown as Readable);
  // Every text through one door: what the standard fonts cannot encode is written out (winAnsi).
  encodeTextAsWinAnsi(doc);
  const { width, ensure, heading } = pageLayout(doc, MARGIN);
  const line = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(TEXT_COLOR)
      .text(`${label}: `, MARGIN, doc.y, { continued: true })
      .font('Helvetica')
      .text(value);
  };
  const drawRow = (columns: Column[], cells: string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = Math.max(16, ...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 8 }) + 8));
    ensure(height);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, width, height).fill(HEADER_FILL);
    doc.fillColor(TEXT_COLOR);
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + 4, y + 4, { width: c.width - 8 });
      x += c.width;
    });
    endTableRow(doc, MARGIN, width, y, height);
  };
  const table = (columns: Column[], rows: string[][]) => {
    drawRow(
      columns,
      columns.map((c) => c.header),
      true,
    );
    for (const row of rows) drawRow(columns, row, false);
  };
  return { page: { doc, words, fmt: formatters(language), width, ensure, heading, line, table }, done };
}
