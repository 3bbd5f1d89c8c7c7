import { lazyPackage } from '../lazy-package';

/*
 * What the generated PDFs (reports, PPI dossiers) draw alike: A4 pages with pdfkit's standard
 * Helvetica (it covers the Latin-1 letters of es/en/it), grey table headers, orange accents, section
 * headings with a rule, and charts drawn from SVG.
 */

export const HEADER_FILL = '#e9ecef';
export const ACCENT = '#f08c00';
export const TEXT_COLOR = '#212529';

interface SvgToPdfOptions {
  width: number;
  height: number;
  assumePt?: boolean;
  fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
  warningCallback?: (message: string) => void;
}
/** svg-to-pdfkit is CommonJS without type declarations: required on first use, with the little of it used here typed. */
const svgToPdf = lazyPackage<(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options: SvgToPdfOptions) => void>('svg-to-pdfkit');

export function drawSvg(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options: SvgToPdfOptions) {
  svgToPdf()(doc, svg, x, y, options);
}

/** The standard fonts for an SVG's text: bold or regular Helvetica. */
export const fontCallback = (_family: string, bold: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica');

/**
 * The page helpers of a document with `margin` on every side: the text width, the lowest line
 * (room for the page number), `ensure` (a new page unless `height` still fits) and `heading`
 * (a bold section title with an accent rule under it).
 */
export function pageLayout(doc: PDFKit.PDFDocument, margin: number) {
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(60);
    doc
      .moveDown(0.8)
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(TEXT_COLOR)
      .text(text, margin, doc.y, { width });
    doc
      .moveTo(margin, doc.y + 2)
      .lineTo(margin + width, doc.y + 2)
      .lineWidth(1)
      .strokeColor(ACCENT)
      .stroke();
    doc.moveDown(0.6);
  };
  return { width, bottom, ensure, heading };
}

/** Closes a table row drawn at `y`, `height` tall: a thin rule under it, and the cursor below it at the margin. */
export function endTableRow(doc: PDFKit.PDFDocument, margin: number, width: number, y: number, height: number) {
  doc
    .moveTo(margin, y + height)
    .lineTo(margin + width, y + height)
    .lineWidth(0.5)
    .strokeColor('#dee2e6')
    .stroke();
  doc.x = margin;
  doc.y = y + height;
}
