import type PDFDocument from 'pdfkit';
import { reportCatalogue, type ReportCatalogue } from '@heliotrack/domain/i18n/reports';
import { formatters, type Formatters } from '../../lib/pdf/formatters';
import { drawSvg, endTableRow, fontCallback, HEADER_FILL, pageLayout } from '../../lib/pdf/layout';
import type { ReportSnapshot } from './report-snapshot';
import { lazyPackage } from '../../lib/lazy-package';

const pdfkit = lazyPackage<typeof PDFDocument>('pdfkit');

/*
 * The report PDF's document and what its sections draw with: the words and formatters of the
 * report's language, the page helpers of lib/pdf/layout, and the report's tables and charts. The
 * sections themselves are in report-pdf.ts.
 */

export const MARGIN = 50;

type Align = 'left' | 'right' | 'center';
export interface Column {
  header: string;
  width: number;
  align?: Align;
}

export interface TableOptions {
  boldLast?: boolean;
  noHeader?: boolean;
}

/** The document being drawn and its helpers, handed to every section of the report. */
export interface ReportPage {
  doc: PDFKit.PDFDocument;
  words: ReportCatalogue;
  fmt: Formatters;
  /** The report's title: historic or on demand. */
  title: string;
  /** The text width between the margins. */
  width: number;
  ensure: (height: number) => void;
  heading: (text: string) => void;
  /** A table; a row that does not fit goes to a new page, under the header drawn again. */
  table: (columns: Column[], rows: string[][], options?: TableOptions) => void;
  /** An SVG chart across the text width, on a new page unless `height` still fits. */
  chart: (svg: string, height: number) => void;
}

/** A new A4 document for the snapshot (pages buffered, for the page numbers) and its helpers. */
export function openReportPage(snapshot: ReportSnapshot): ReportPage {
  const words = reportCatalogue(snapshot.language);
  const fmt = formatters(snapshot.language);
  const title = snapshot.kind === 'historic' ? words.historicTitle : words.title;
  const PdfDocument = pdfkit();
  const doc = new PdfDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${title} ${snapshot.plant.code} ${snapshot.report_date}`,
      Author: 'Heliotrack',
      Creator: 'Heliotrack',
    },
  });
  const { width, bottom, ensure, heading } = pageLayout(doc, MARGIN);
  return {
    doc,
    words,
    fmt,
    title,
    width,
    ensure,
    heading,
    table: (columns, rows, options = {}) => drawTable(doc, width, bottom, ensure, columns, rows, options),
    chart: (svg, height) => drawChart(doc, width, ensure, svg, height),
  };
}

function drawTable(
  doc: PDFKit.PDFDocument,
  width: number,
  bottom: () => number,
  ensure: (height: number) => void,
  columns: Column[],
  rows: string[][],
  options: TableOptions,
): void {
  const rowHeight = 18;
  // Headers may take two lines ("Previsto a la fecha"); cells are cut to one.
  doc.font('Helvetica-Bold').fontSize(9);
  const headerHeight = Math.max(
    rowHeight,
    ...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 8 }) + 9),
  );
  const drawRow = (cells: string[], header: boolean, bold: boolean) => {
    const y = doc.y;
    const height = header ? headerHeight : rowHeight;
    if (header) doc.rect(MARGIN, y, width, height).fill(HEADER_FILL);
    let x = MARGIN;
    doc
      .font(header || bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#212529');
    columns.forEach((column, i) => {
      const options = header
        ? { width: column.width - 8, align: column.align ?? 'left' }
        : { width: column.width - 8, align: column.align ?? 'left', lineBreak: false, ellipsis: true };
      doc.text(cells[i] ?? '', x + 4, y + 5, options);
      x += column.width;
    });
    endTableRow(doc, MARGIN, width, y, height);
  };
  const header = () => {
    if (!options.noHeader)
      drawRow(
        columns.map((c) => c.header),
        true,
        false,
      );
  };
  ensure(headerHeight + rowHeight * Math.min(rows.length, 3));
  header();
  rows.forEach((cells, i) => {
    if (doc.y + rowHeight > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(cells, false, options.boldLast === true && i === rows.length - 1);
  });
  doc.moveDown(0.5);
}

function drawChart(
  doc: PDFKit.PDFDocument,
  width: number,
  ensure: (height: number) => void,
  svg: string,
  height: number,
): void {
  ensure(height + 10);
  drawSvg(doc, svg, MARGIN, doc.y, {
    width,
    height,
    assumePt: true,
    fontCallback,
    warningCallback: () => {},
  });
  doc.y += height + 10;
  doc.x = MARGIN;
}
