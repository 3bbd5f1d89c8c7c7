import type ExcelJS from 'exceljs';
import { reportCatalogue } from '@heliotrack/domain/i18n/reports';
import { neutraliseWorkbook } from '../../lib/spreadsheet-cells';
import type { ReportSnapshot } from './report-snapshot';
import { lazyPackage } from '../../lib/lazy-package';

const exceljs = lazyPackage<typeof ExcelJS>('exceljs');

/*
 * The xlsx of a report, from the same snapshot as its PDF: one sheet per section with real numbers
 * and dates (not text), so the figures can be summed and charted in a spreadsheet.
 */

const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

function sheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number; numFmt?: string }[],
) {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
  return ws;
}

export async function renderReportXlsx(snapshot: ReportSnapshot): Promise<Buffer> {
  const words = reportCatalogue(snapshot.language);
  const workbook = new (exceljs().Workbook)();
  workbook.creator = 'Heliotrack';
  workbook.created = new Date(snapshot.generated_at);

  const summary = sheet(workbook, words.sheets.summary, [
    { header: '', key: 'label', width: 28 },
    { header: '', key: 'value', width: 40 },
  ]);
  summary.getRow(1).values = [snapshot.kind === 'historic' ? words.historicTitle : words.title, ''];
  summary.addRows([
    { label: words.plant, value: snapshot.plant.name },
    { label: words.code, value: snapshot.plant.code },
    { label: `${words.power} (MWp)`, value: snapshot.plant.power },
    { label: words.location, value: snapshot.plant.location },
    {
      label: words.startDate,
      value: snapshot.plant.start_date ? asDate(snapshot.plant.start_date.slice(0, 10)) : '',
    },
    { label: words.reportDate, value: asDate(snapshot.report_date) },
    {
      label: words.elementTypes,
      value: snapshot.element_type
        ? `${snapshot.element_type.name} (${snapshot.element_type.code})`
        : words.allTypes,
    },
    { label: words.elementCount, value: snapshot.element_count },
    { label: words.generatedAt, value: new Date(snapshot.generated_at) },
  ]);
  summary.getColumn('value').alignment = { horizontal: 'left' };
  summary.getCell('B7').numFmt = 'yyyy-mm-dd';
  summary.getCell('B6').numFmt = 'yyyy-mm-dd';
  summary.getCell('B10').numFmt = 'yyyy-mm-dd hh:mm';

  const progress = sheet(workbook, words.sheets.progress, [
    { header: words.code, key: 'code', width: 10 },
    { header: words.type, key: 'name', width: 28 },
    { header: words.total, key: 'total', width: 12 },
    { header: words.ok, key: 'ok', width: 12 },
    { header: words.notOk, key: 'not_ok', width: 12 },
    { header: words.noState, key: 'no_state', width: 12 },
    { header: words.okShare, key: 'ok_share', width: 10, numFmt: '0.0%' },
  ]);
  progress.addRows(
    snapshot.types.map((t) => ({
      code: t.code,
      name: t.name,
      total: t.total,
      ok: t.ok,
      not_ok: t.not_ok,
      no_state: t.no_state,
      ok_share: t.ok_share,
    })),
  );

  const states = sheet(workbook, words.sheets.states, [
    { header: words.type, key: 'type', width: 10 },
    { header: words.code, key: 'code', width: 12 },
    { header: words.state, key: 'name', width: 28 },
    { header: words.isOk, key: 'is_ok', width: 8 },
    { header: words.count, key: 'count', width: 12 },
  ]);
  for (const type of snapshot.types) {
    states.addRows(
      type.states.map((s) => ({
        type: type.code,
        code: s.code,
        name: s.name,
        is_ok: s.is_ok ? words.yes : words.no,
        count: s.count,
      })),
    );
    if (type.no_state > 0)
      states.addRow({ type: type.code, code: '', name: words.noState, is_ok: '', count: type.no_state });
  }

  const anomalies = sheet(workbook, words.sheets.anomalies, [
    { header: words.anomaliesSection, key: 'label', width: 34 },
    { header: '', key: 'value', width: 14 },
  ]);
  anomalies.addRows([
    { label: words.anomalyCount, value: snapshot.anomalies.anomaly_count },
    { label: words.affectedModules, value: snapshot.anomalies.affected_modules },
    { label: words.affectedPower, value: snapshot.anomalies.affected_power_kw },
  ]);

  const milestones = sheet(workbook, words.sheets.milestones, [
    { header: words.milestone, key: 'name', width: 30 },
    { header: words.type, key: 'type', width: 10 },
    { header: words.targetState, key: 'state', width: 20 },
    { header: words.startDate, key: 'start', width: 14, numFmt: 'yyyy-mm-dd' },
    { header: words.targetDate, key: 'target_date', width: 14, numFmt: 'yyyy-mm-dd' },
    { header: words.targetCount, key: 'target_count', width: 12 },
    { header: words.plannedAtDate, key: 'planned', width: 16 },
    { header: words.actualAtDate, key: 'actual', width: 16 },
  ]);
  milestones.addRows(
    snapshot.milestones.map((m) => ({
      name: m.name,
      type: m.element_type.code,
      state: m.state.name,
      start: asDate(m.start_date),
      target_date: asDate(m.target_date),
      target_count: m.target_count,
      planned: m.planned_at_date,
      actual: m.actual_at_date,
    })),
  );

  const followup = sheet(workbook, words.sheets.followup, [
    { header: words.milestone, key: 'name', width: 30 },
    { header: words.date, key: 'date', width: 14, numFmt: 'yyyy-mm-dd' },
    { header: words.planned, key: 'planned', width: 12 },
    { header: words.actual, key: 'actual', width: 12 },
  ]);
  for (const m of snapshot.milestones) {
    followup.addRows(
      m.points.map((p) => ({
        name: m.name,
        date: asDate(p.date),
        planned: p.planned,
        actual: p.actual ?? undefined,
      })),
    );
  }

  neutraliseWorkbook(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
