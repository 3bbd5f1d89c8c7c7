import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { dossierCatalogue, type DossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import { fill } from '@heliotrack/domain/i18n/reports';
import { RESULT_COLORS, type ActivityCounts, type PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { Db } from '../../../db/database';
import type { Storage } from '../../../lib/storage';
import { neutraliseFormula } from '../../../lib/spreadsheet-cells';
import { renderChart } from '../../../lib/pdf/charts';
import { formatters } from '../../../lib/pdf/formatters';
import { drawSvg, fontCallback, HEADER_FILL, pageLayout } from '../../../lib/pdf/layout';
import * as ppiRepo from '../plans/plans.repository';
import * as repo from '../results/results.repository';
import { activityCounts } from '../results/results.service';
import { parseRoles } from '../templates/templates.service';
import * as exportRepo from './exports.repository';

/*
 * The inspection dossier of a PPI: a PDF (logo, plan, activities and criteria, linked elements,
 * the summary with its chart, then every result by element and activity with who, when,
 * observations, equipment and its calibration, and photos) and an xlsx with one row per result,
 * written as a stream so a large plan never sits whole in memory. Photos are redrawn by sharp as
 * small JPEGs: pdfkit draws only PNG and JPEG, so WebP photos are converted, and the PDF stays light.
 */

const MARGIN = 45;
/** Results read per query: the dossier never holds a large plan's results all at once. */
const RESULT_PAGE = 2000;
/** Photos drawn per result, and their size in the PDF. */
const PHOTOS_PER_RESULT = 4;
const PHOTO_WIDTH = 160;

export interface DossierPlan {
  id: number;
  code: string;
  name: string;
  status: string;
  closed_at: string | null;
  closed_by_name: string | null;
  plant_code: string;
  plant_name: string;
  type_code: string;
  type_name: string;
  logo_key: string | null;
}

/** What the dossier says before the results: read once, small. */
export async function collectDossier(db: Db, ppiId: number) {
  const plan = await exportRepo.findDossierPlan(db, ppiId);
  if (!plan) return null;
  const [activities, users, linked, counts] = await Promise.all([
    ppiRepo.listPpiActivities(db, ppiId),
    ppiRepo.listPpiUsers(db, [ppiId]),
    ppiRepo.countLinked(db, ppiId),
    repo.countByActivity(db, ppiId),
  ]);
  const byActivity = activityCounts(activities, counts, linked);
  const linkedCodes = await exportRepo.listLinkedElementCodes(db, ppiId);
  return { plan: plan as DossierPlan, activities, users, linked, byActivity, linkedCodes };
}

export type Dossier = NonNullable<Awaited<ReturnType<typeof collectDossier>>>;

/** Every result of the plan, a page at a time, in activity and element order. */
export async function* resultPages(db: Db, ppiId: number) {
  for (let offset = 0; ; offset += RESULT_PAGE) {
    const rows = await repo.listAllResults(db, ppiId, { limit: RESULT_PAGE, offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < RESULT_PAGE) return;
  }
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stored image redrawn as a small JPEG (or null when it cannot be read). */
async function imageForPdf(storage: Storage, key: string, width: number) {
  const stream = await storage.get(key);
  if (!stream) return null;
  try {
    return await sharp(await readAll(stream))
      .rotate()
      .resize({ width: width * 2, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}

/*
 * The dossier is drawn with the PDF standard fonts, which encode WinAnsi (Latin-1 and a few more)
 * only: any other character came out as two wrong ones ("≤ 20 mm" read '"d 20 mm' in the demo's
 * criteria). The usual ones of inspection criteria are written out; any other shows as "?".
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

/** A chart's category label: whole when it fits, cut with an ellipsis when not. */
function chartLabel(text: string, max = 38): string {
  const safe = winAnsi(text);
  return safe.length > max ? `${safe.slice(0, max - 1).trimEnd()}…` : safe;
}

const resultWord = (words: DossierCatalogue, result: string) =>
  result === 'ok' ? words.ok : result === 'not_ok' ? words.notOk : words.na;

/** Stacked bars per activity: ok, not ok, not applicable and pending. */
function activitiesChart(counts: ActivityCounts[], words: DossierCatalogue, width: number, height: number) {
  const series = (name: string, color: string, key: 'ok' | 'not_ok' | 'na' | 'pending') => ({
    name,
    type: 'bar' as const,
    stack: 'total',
    barMaxWidth: 18,
    itemStyle: { color },
    data: counts.map((c) => c[key]),
  });
  return renderChart(
    {
      legend: { bottom: 0 },
      grid: { left: 200, right: 20, top: 10, bottom: 40 },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        inverse: true,
        data: counts.map((c) => chartLabel(`${c.activity.position}. ${c.activity.name}`)),
      },
      series: [
        series(words.ok, RESULT_COLORS.ok, 'ok'),
        series(words.notOk, RESULT_COLORS.not_ok, 'not_ok'),
        series(words.na, RESULT_COLORS.na, 'na'),
        series(words.pending, RESULT_COLORS.pending, 'pending'),
      ],
    },
    width,
    height,
  );
}

/** Renders the PDF into a buffer; `progress(share)` is called as the results are drawn. */
export async function renderDossierPdf(
  db: Db,
  storage: Storage,
  dossier: Dossier,
  language: string,
  generatedAt: string,
  progress: (share: number) => Promise<void>,
) {
  const words = dossierCatalogue(language);
  const fmt = formatters(language);
  const { plan } = dossier;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${words.title} ${plan.code}`, Author: 'Heliotrack', Creator: 'Heliotrack' },
  });
  const done = readAll(doc as unknown as Readable);
  // Every text through one door: what the standard fonts cannot encode is written out (winAnsi).
  const drawText = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  doc.text = ((value: unknown, ...rest: unknown[]) =>
    drawText(typeof value === 'string' ? winAnsi(value) : value, ...rest)) as typeof doc.text;
  const { width, ensure, heading } = pageLayout(doc, MARGIN);
  const line = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#212529')
      .text(`${label}: `, MARGIN, doc.y, { continued: true })
      .font('Helvetica')
      .text(value);
  };
  /** A table whose cells wrap; rows never split across pages. */
  const table = (columns: { header: string; width: number }[], rows: string[][]) => {
    const drawRow = (cells: string[], header: boolean) => {
      doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      const height = Math.max(
        16,
        ...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 8 }) + 8),
      );
      ensure(height);
      const y = doc.y;
      if (header) doc.rect(MARGIN, y, width, height).fill(HEADER_FILL);
      doc.fillColor('#212529');
      let x = MARGIN;
      columns.forEach((c, i) => {
        doc.text(cells[i] ?? '', x + 4, y + 4, { width: c.width - 8 });
        x += c.width;
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
    drawRow(
      columns.map((c) => c.header),
      true,
    );
    for (const row of rows) drawRow(row, false);
  };

  // The plan.
  if (plan.logo_key) {
    const logo = await imageForPdf(storage, plan.logo_key, 140);
    if (logo) {
      doc.image(logo, MARGIN, MARGIN, { fit: [140, 60] });
      doc.y = MARGIN + 70;
    }
  }
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#212529').text(words.title, MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(13).text(`${plan.code} · ${plan.name}`, { width }).moveDown(0.6);
  line(words.plant, `${plan.plant_code} · ${plan.plant_name}`);
  line(words.elementType, `${plan.type_code} · ${plan.type_name}`);
  line(words.status, plan.status === 'closed' ? words.closed : words.open);
  if (plan.status === 'closed' && plan.closed_at)
    line(words.closedBy, `${plan.closed_by_name ?? ''} · ${fmt.dateTime(plan.closed_at)}`);
  line(words.elementCount, fmt.number(dossier.linked));
  line(words.generatedAt, fmt.dateTime(generatedAt));
  if (dossier.users.length) line(words.users, dossier.users.map((u) => `${u.name} (${u.role})`).join(', '));

  heading(words.activitiesSection);
  table(
    [
      { header: words.position, width: 30 },
      { header: words.activity, width: 150 },
      { header: words.criteria, width: width - 30 - 150 - 65 - 60 },
      { header: words.required, width: 65 },
      { header: words.roles, width: 60 },
    ],
    dossier.activities.map((a) => [
      String(a.position),
      a.name,
      a.criteria,
      a.is_required === 1 ? words.yes : words.no,
      parseRoles(a.roles).join(', '),
    ]),
  );

  heading(words.summarySection);
  table(
    [
      { header: words.activity, width: width - 5 * 60 },
      { header: words.ok, width: 60 },
      { header: words.notOk, width: 60 },
      { header: words.na, width: 60 },
      { header: words.pending, width: 60 },
      { header: words.progress, width: 60 },
    ],
    dossier.byActivity.map((c) => [
      `${c.activity.position}. ${c.activity.name}`,
      fmt.number(c.ok),
      fmt.number(c.not_ok),
      fmt.number(c.na),
      fmt.number(c.pending),
      fmt.percent(c.expected ? (c.expected - c.pending) / c.expected : 0),
    ]),
  );
  const chartHeight = Math.min(360, 60 + 26 * dossier.byActivity.length);
  ensure(chartHeight + 30);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(words.progressChart, MARGIN, doc.y);
  drawSvg(doc, activitiesChart(dossier.byActivity, words, width, chartHeight), MARGIN, doc.y + 4, {
    width,
    height: chartHeight,
    fontCallback,
  });
  doc.y += chartHeight + 10;

  heading(words.elementsSection);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#212529')
    .text(dossier.linkedCodes.join(', ') || '—', MARGIN, doc.y, { width });

  heading(words.resultsSection);
  let drawn = 0;
  const total = dossier.byActivity.reduce((sum, c) => sum + c.ok + c.not_ok + c.na, 0);
  for await (const rows of resultPages(db, plan.id)) {
    const documents = await repo.listResultDocuments(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const equipment = row.equipment_id
        ? `${row.equipment_name ?? ''} · ${words.certificate} ${row.equipment_certificate || '—'} · ${words.calibration} ${fmt.day(row.equipment_calibration_date ?? '')} · ${words.expiry} ${fmt.day(row.equipment_expiry_date ?? '')}`
        : '';
      const text = [
        `${row.element_code} · ${row.activity_position}. ${row.activity_name}: ${resultWord(words, row.result)}`,
        `${words.author}: ${row.author_name ?? '—'} (${row.role}) · ${words.date}: ${fmt.day(row.result_date)}`,
        row.observations ? `${words.observations}: ${row.observations}` : '',
        equipment ? `${words.equipment}: ${equipment}` : '',
      ].filter(Boolean);
      // The first line (element, activity, result) in bold, so that a long list reads by its titles.
      const [title, ...details] = text.map(winAnsi);
      const body = details.join('\n');
      const heightOf = () =>
        doc
          .font('Helvetica-Bold')
          .fontSize(8.5)
          .heightOfString(title, { width: width - 12 }) +
        (body ? doc.font('Helvetica').heightOfString(body, { width: width - 12 }) : 0);
      ensure(heightOf() + 14);
      const y = doc.y;
      doc.rect(MARGIN, y, 4, heightOf() + 4).fill(RESULT_COLORS[row.result as PpiResultValue] ?? '#adb5bd');
      doc
        .fillColor('#212529')
        .font('Helvetica-Bold')
        .text(title, MARGIN + 10, y + 2, { width: width - 12 });
      if (body) doc.font('Helvetica').text(body, MARGIN + 10, doc.y, { width: width - 12 });
      doc.x = MARGIN;
      const photos = documents
        .filter((d) => d.ppi_result_id === row.id && d.is_photo === 1)
        .slice(0, PHOTOS_PER_RESULT);
      if (photos.length) {
        let x = MARGIN + 10;
        const images = (
          await Promise.all(photos.map((p) => imageForPdf(storage, p.storage_key, PHOTO_WIDTH)))
        ).filter((b) => b !== null) as Buffer[];
        if (images.length) {
          // The row is as tall as its tallest photo (a landscape photo left a square's gap under it).
          const heights = await Promise.all(
            images.map(async (image) => {
              const { width: w = 1, height: h = 1 } = await sharp(image).metadata();
              return Math.min(PHOTO_WIDTH, (PHOTO_WIDTH * h) / w);
            }),
          );
          const rowHeight = Math.max(...heights);
          ensure(rowHeight + 10);
          const top = doc.y + 4;
          for (const image of images) {
            doc.image(image, x, top, { fit: [PHOTO_WIDTH, PHOTO_WIDTH] });
            x += PHOTO_WIDTH + 8;
          }
          doc.y = top + rowHeight + 4;
        }
      }
      doc.moveDown(0.5);
      drawn++;
    }
    await progress(total ? drawn / total : 1);
  }
  if (drawn === 0) doc.font('Helvetica').fontSize(10).text(words.noResults, MARGIN, doc.y);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#868e96')
      .text(
        `${plan.code} · ${fill(words.page, { page: i + 1, pages: range.count })}`,
        MARGIN,
        doc.page.height - MARGIN + 10,
        { width, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return { pdf: await done, resultCount: drawn };
}

/**
 * The xlsx: the plan and its activities on small sheets, and the results sheet streamed a page
 * of results at a time (one row per result, dates as dates) into `out`.
 */
export async function writeDossierXlsx(db: Db, dossier: Dossier, language: string, out: PassThrough) {
  const words = dossierCatalogue(language);
  const { plan } = dossier;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
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
