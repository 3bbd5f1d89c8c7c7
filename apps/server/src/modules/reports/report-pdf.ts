import PDFDocument from 'pdfkit';
import { fill, reportCatalogue } from '@heliotrack/domain/i18n/reports';
import { formatters } from '../../lib/pdf/formatters';
import { ACCENT, drawSvg, fontCallback, HEADER_FILL, pageLayout } from '../../lib/pdf/layout';
import { milestoneChart, progressChart } from './report-charts';
import type { ReportSnapshot } from './report-snapshot';

/*
 * The PDF of a report, from its snapshot: a header with the plant, the progress chart and tables,
 * the anomalies, and each milestone with its S-curve. pdfkit's standard Helvetica covers the
 * Latin-1 letters of es/en/it (á, ñ, à, ò…), so no font file is needed. Page numbers are written
 * at the end, once the page count is known (bufferPages).
 */

const MARGIN = 50;

type Align = 'left' | 'right' | 'center';
interface Column {
  header: string;
  width: number;
  align?: Align;
}

export function renderReportPdf(snapshot: ReportSnapshot): PDFKit.PDFDocument {
  const words = reportCatalogue(snapshot.language);
  const fmt = formatters(snapshot.language);
  const title = snapshot.kind === 'historic' ? words.historicTitle : words.title;
  const doc = new PDFDocument({
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

  const table = (
    columns: Column[],
    rows: string[][],
    options: { boldLast?: boolean; noHeader?: boolean } = {},
  ) => {
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
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.5)
        .strokeColor('#dee2e6')
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
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
  };

  const chart = (svg: string, height: number) => {
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
  };

  // Header.
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#212529').text(title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(15)
    .fillColor('#495057')
    .text(`${snapshot.plant.name} (${snapshot.plant.code})`);
  doc.moveDown(0.8);
  const facts: [string, string][] = [
    [words.plant, snapshot.plant.name],
    [words.code, snapshot.plant.code],
    [words.power, `${fmt.number(snapshot.plant.power)} MWp`],
    ...(snapshot.plant.location ? ([[words.location, snapshot.plant.location]] as [string, string][]) : []),
    ...(snapshot.plant.start_date
      ? ([[words.startDate, fmt.day(snapshot.plant.start_date.slice(0, 10))]] as [string, string][])
      : []),
    [words.reportDate, fmt.day(snapshot.report_date)],
    [
      words.elementTypes,
      snapshot.element_type
        ? `${snapshot.element_type.name} (${snapshot.element_type.code})`
        : words.allTypes,
    ],
    [words.elementCount, fmt.number(snapshot.element_count)],
    [words.generatedAt, fmt.dateTime(snapshot.generated_at)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#495057').text(label, MARGIN, y, { width: 140 });
    doc
      .font('Helvetica')
      .fillColor('#212529')
      .text(value, MARGIN + 150, y, { width: width - 150 });
    doc.y = Math.max(doc.y, y + 14);
  }

  // Progress.
  heading(words.progressSection);
  if (snapshot.types.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#495057').text(words.noElements);
  } else {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#495057').text(words.progressChart);
    chart(
      progressChart(snapshot.types, words, width, Math.min(360, 70 + snapshot.types.length * 32)),
      Math.min(360, 70 + snapshot.types.length * 32),
    );
    const totals = snapshot.types.reduce(
      (sum, t) => ({
        total: sum.total + t.total,
        ok: sum.ok + t.ok,
        not_ok: sum.not_ok + t.not_ok,
        no_state: sum.no_state + t.no_state,
      }),
      { total: 0, ok: 0, not_ok: 0, no_state: 0 },
    );
    const rows = snapshot.types.map((t) => [
      `${t.name} (${t.code})`,
      fmt.number(t.total),
      fmt.number(t.ok),
      fmt.number(t.not_ok),
      fmt.number(t.no_state),
      fmt.percent(t.ok_share),
    ]);
    rows.push([
      words.total,
      fmt.number(totals.total),
      fmt.number(totals.ok),
      fmt.number(totals.not_ok),
      fmt.number(totals.no_state),
      fmt.percent(totals.total ? totals.ok / totals.total : 0),
    ]);
    const n = { width: 67, align: 'right' as const };
    table(
      [
        { header: words.type, width: width - 5 * 67 },
        { header: words.total, ...n },
        { header: words.ok, ...n },
        { header: words.notOk, ...n },
        { header: words.noState, ...n },
        { header: words.okShare, ...n },
      ],
      rows,
      { boldLast: true },
    );

    heading(words.statesSection);
    for (const type of snapshot.types) {
      // A type's table stays on one page when it fits on one.
      ensure(Math.min(40 + (type.states.length + 2) * 18, 400));
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#212529')
        .text(`${type.name} (${type.code})`, MARGIN, doc.y);
      doc.moveDown(0.3);
      const stateRows = type.states.map((s) => [
        `${s.name} (${s.code})`,
        s.is_ok ? words.yes : words.no,
        fmt.number(s.count),
        fmt.percent(type.total ? s.count / type.total : 0),
      ]);
      if (type.no_state > 0)
        stateRows.push([
          words.noState,
          '',
          fmt.number(type.no_state),
          fmt.percent(type.no_state / type.total),
        ]);
      table(
        [
          { header: words.state, width: width - 3 * 80 },
          { header: words.isOk, width: 80, align: 'center' },
          { header: words.count, width: 80, align: 'right' },
          { header: words.share, width: 80, align: 'right' },
        ],
        stateRows,
      );
    }
  }

  // Anomalies.
  ensure(150);
  heading(words.anomaliesSection);
  table(
    [
      { header: '', width: width - 150 },
      { header: '', width: 150, align: 'right' },
    ],
    [
      [words.anomalyCount, fmt.number(snapshot.anomalies.anomaly_count)],
      [words.affectedModules, fmt.number(snapshot.anomalies.affected_modules)],
      [words.affectedPower, fmt.number(snapshot.anomalies.affected_power_kw)],
    ],
    { noHeader: true },
  );
  doc.font('Helvetica').fontSize(8).fillColor('#868e96').text(words.anomaliesNote, MARGIN, doc.y, { width });

  // Milestones.
  heading(words.milestonesSection);
  if (snapshot.milestones.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#495057').text(words.noMilestones, MARGIN, doc.y);
  } else {
    const w = 62;
    table(
      [
        { header: words.milestone, width: width - 2 * 70 - 4 * w },
        { header: words.type, width: 70 },
        { header: words.targetState, width: 70 },
        { header: words.targetDate, width: w, align: 'right' },
        { header: words.targetCount, width: w, align: 'right' },
        { header: words.plannedAtDate, width: w, align: 'right' },
        { header: words.actualAtDate, width: w, align: 'right' },
      ],
      snapshot.milestones.map((m) => [
        m.name,
        m.element_type.code,
        m.state.name,
        fmt.day(m.target_date),
        fmt.number(m.target_count),
        fmt.number(m.planned_at_date),
        fmt.number(m.actual_at_date),
      ]),
    );
    for (const m of snapshot.milestones) {
      ensure(250);
      doc.font('Helvetica-Bold').fontSize(11).fillColor('#212529').text(m.name, MARGIN, doc.y, { width });
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#495057')
        .text(
          `${m.element_type.name} · ${m.state.name} · ${words.targetCount}: ${fmt.number(m.target_count)} · ${words.targetDate}: ${fmt.day(m.target_date)}`,
          MARGIN,
          doc.y,
          { width },
        );
      chart(milestoneChart(m, words, fmt, width, 210), 210);
    }
  }

  // Footers: page numbers once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { bottom: marginBottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#868e96')
      .text(
        `${snapshot.plant.code} · ${title} · ${fmt.day(snapshot.report_date)}`,
        MARGIN,
        doc.page.height - MARGIN + 15,
        { width: width / 2, lineBreak: false },
      )
      .text(
        fill(words.page, { page: i + 1 - range.start, pages: range.count }),
        MARGIN + width / 2,
        doc.page.height - MARGIN + 15,
        {
          width: width / 2,
          align: 'right',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return doc;
}
