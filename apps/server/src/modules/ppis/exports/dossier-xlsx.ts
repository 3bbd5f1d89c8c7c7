import type { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { dossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import type { Db } from '../../../db/database';
import { neutraliseFormula } from '../../../lib/spreadsheet-cells';
import { type Dossier, resultPages, resultWord } from './dossier-data';
import { lazyPackage } from '../../../lib/lazy-package';

const exceljs = lazyPackage<typeof ExcelJS>('exceljs');

/**
 * The xlsx: the plan and its activities on small sheets, and the results sheet streamed a page
 * of results at a time (one row per result, dates as dates) into `out`.
 */
export async function writeDossierXlsx(db: Db, dossier: Dossier, language: string, out: PassThrough) {
  const words = dossierCatalogue(language);
  const { plan } = dossier;
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Heliotrack';
  const text = (value: string) => neutraliseFormula(value);
  const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

  const summary = workbook.addWorksheet(words.sheets.plan);
  summary.columns = [{ width: 26 }, { width: 50 }];
  for (const [label, value] of [
    [words.plan, `${plan.code} · ${plan.name}`],
    [words.plant, `${plan.plant_code} · ${plan.plant_name}`],
    [words.elementType, `${plan.type_code} · ${plan.type_name}`],
    [words.status, plan.status === 'closed' ? words.closed : words.open],
    [words.elementCount, String(dossier.linked)],
  ]) {
    summary.addRow([label, text(value)]).commit();
  }
  summary.commit();

  const activities = workbook.addWorksheet(words.sheets.activities);
  activities.columns = [
    { header: words.position, width: 6 },
    { header: words.activity, width: 40 },
    { header: words.criteria, width: 50 },
    { header: words.required, width: 12 },
    { header: words.roles, width: 14 },
    { header: words.ok, width: 8 },
    { header: words.notOk, width: 8 },
    { header: words.na, width: 10 },
    { header: words.pending, width: 10 },
  ];
  for (const c of dossier.byActivity) {
    const a = dossier.activities.find((x) => x.id === c.activity.id)!;
    activities
      .addRow([
        a.position,
        text(a.name),
        text(a.criteria),
        a.is_required === 1 ? words.yes : words.no,
        c.activity.roles.join(', '),
        c.ok,
        c.not_ok,
        c.na,
        c.pending,
      ])
      .commit();
  }
  activities.commit();

  const results = workbook.addWorksheet(words.sheets.results, { views: [{ state: 'frozen', ySplit: 1 }] });
  results.columns = [
    { header: words.element, width: 18 },
    { header: words.position, width: 6 },
    { header: words.activity, width: 36 },
    { header: words.result, width: 12 },
    { header: words.date, width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    { header: words.author, width: 24 },
    { header: words.role, width: 6 },
    { header: words.observations, width: 40 },
    { header: words.equipment, width: 24 },
    { header: words.certificate, width: 16 },
    { header: words.expiry, width: 12, style: { numFmt: 'yyyy-mm-dd' } },
  ];
  let count = 0;
  for await (const rows of resultPages(db, plan.id)) {
    for (const row of rows) {
      results
        .addRow([
          text(row.element_code),
          row.activity_position,
          text(row.activity_name),
          resultWord(words, row.result),
          asDate(row.result_date),
          text(row.author_name ?? ''),
          row.role,
          text(row.observations),
          text(row.equipment_name ?? ''),
          text(row.equipment_certificate ?? ''),
          row.equipment_expiry_date ? asDate(row.equipment_expiry_date) : null,
        ])
        .commit();
      count++;
    }
  }
  results.commit();
  await workbook.commit();
  return count;
}
