import { fill } from '@heliotrack/domain/i18n/reports';
import { ACCENT } from '../../lib/pdf/layout';
import { milestoneChart, progressChart } from './report-charts';
import { MARGIN, openReportPage, type ReportPage } from './report-pdf-layout';
import type { ReportSnapshot } from './report-snapshot';

/*
 * The PDF of a report, from its snapshot: a header with the plant, the progress chart and tables,
 * the anomalies, and each milestone with its S-curve. pdfkit's standard Helvetica covers the
 * Latin-1 letters of es/en/it (á, ñ, à, ò…), so no font file is needed. Page numbers are written
 * at the end, once the page count is known (bufferPages).
 *
 * One function per part of the document, in the order they are drawn; the document, its tables and
 * charts are in report-pdf-layout.ts.
 */

export function renderReportPdf(snapshot: ReportSnapshot): PDFKit.PDFDocument {
  const page = openReportPage(snapshot);
  drawCover(page, snapshot);
  drawProgress(page, snapshot);
  if (snapshot.types.length > 0) drawStatesByType(page, snapshot);
  drawAnomalies(page, snapshot);
  drawMilestones(page, snapshot);
  drawPageFooters(page, snapshot);
  page.doc.end();
  return page.doc;
}

/** The accent bar, the title, the plant and the facts of the report (plant, date, types, counts). */
function drawCover({ doc, words, fmt, title, width }: ReportPage, snapshot: ReportSnapshot): void {
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
}

/** The progress chart by element type and the summary table (one row per type, then the totals). */
function drawProgress(
  { doc, words, fmt, width, heading, table, chart }: ReportPage,
  snapshot: ReportSnapshot,
): void {
  heading(words.progressSection);
  if (snapshot.types.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#495057').text(words.noElements);
    return;
  }
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
}

/** One table per element type: its states with their counts and shares, and the elements with no state. */
function drawStatesByType(
  { doc, words, fmt, width, ensure, heading, table }: ReportPage,
  snapshot: ReportSnapshot,
): void {
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
      stateRows.push([words.noState, '', fmt.number(type.no_state), fmt.percent(type.no_state / type.total)]);
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

/** The anomalies' effects on the whole plant. */
function drawAnomalies(
  { doc, words, fmt, width, ensure, heading, table }: ReportPage,
  snapshot: ReportSnapshot,
): void {
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
}

/** The milestones' table, then each milestone with its S-curve. */
function drawMilestones(
  { doc, words, fmt, width, ensure, heading, table, chart }: ReportPage,
  snapshot: ReportSnapshot,
): void {
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
}

/** Page numbers and the report's line at the foot of every page, once every page exists. */
function drawPageFooters({ doc, words, fmt, title, width }: ReportPage, snapshot: ReportSnapshot): void {
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
}
