import { fill } from '@heliotrack/domain/i18n/reports';
import { RESULT_COLORS, type PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { Db } from '../../../db/database';
import { heightAtWidth, imageForPdf } from '../../../lib/pdf/images';
import { drawSvg, fontCallback, TEXT_COLOR } from '../../../lib/pdf/layout';
import { winAnsi } from '../../../lib/pdf/win-ansi';
import type { Storage } from '../../../lib/storage';
import * as repo from '../results/results.repository';
import { parseRoles } from '../../../lib/ppi-activities';
import { activitiesChart } from './dossier-chart';
import { type Dossier, type DossierResult, resultPages, resultWord } from './dossier-data';
import { type DossierPage, dossierPage, MARGIN } from './dossier-pdf-layout';

/*
 * The inspection dossier of a PPI as a PDF: logo, plan, activities and criteria, the summary with
 * its chart, the linked elements, then every result by element and activity with who, when,
 * observations, equipment and its calibration, and photos; page numbers last. Results are drawn a
 * page of them at a time, so a large plan never sits whole in memory.
 */

/** Photos drawn per result, and their size in the PDF. */
const PHOTOS_PER_RESULT = 4;
const PHOTO_WIDTH = 160;

/** Renders the PDF into a buffer; `progress(share)` is called as the results are drawn. */
export async function renderDossierPdf(
  db: Db,
  storage: Storage,
  dossier: Dossier,
  language: string,
  generatedAt: string,
  progress: (share: number) => Promise<void>,
) {
  const { page, done } = dossierPage(language, dossier.plan.code);
  await drawPlan(page, storage, dossier, generatedAt);
  drawActivities(page, dossier);
  drawSummary(page, dossier);
  drawLinkedElements(page, dossier);
  const resultCount = await drawResults(page, db, storage, dossier, progress);
  drawPageNumbers(page, dossier.plan.code);
  page.doc.end();
  return { pdf: await done, resultCount };
}

/** The logo, the plan's title and its facts. */
async function drawPlan({ doc, words, fmt, width, line }: DossierPage, storage: Storage, dossier: Dossier, generatedAt: string) {
  const { plan } = dossier;
  if (plan.logo_key) {
    const logo = await imageForPdf(storage, plan.logo_key, 140);
    if (logo) {
      doc.image(logo, MARGIN, MARGIN, { fit: [140, 60] });
      doc.y = MARGIN + 70;
    }
  }
  doc.font('Helvetica-Bold').fontSize(20).fillColor(TEXT_COLOR).text(words.title, MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(13).text(`${plan.code} · ${plan.name}`, { width }).moveDown(0.6);
  line(words.plant, `${plan.plant_code} · ${plan.plant_name}`);
  line(words.elementType, `${plan.type_code} · ${plan.type_name}`);
  line(words.status, plan.status === 'closed' ? words.closed : words.open);
  if (plan.status === 'closed' && plan.closed_at)
    line(words.closedBy, `${plan.closed_by_name ?? ''} · ${fmt.dateTime(plan.closed_at)}`);
  line(words.elementCount, fmt.number(dossier.linked));
  line(words.generatedAt, fmt.dateTime(generatedAt));
  if (dossier.users.length) line(words.users, dossier.users.map((u) => `${u.name} (${u.role})`).join(', '));
}

/** The activities with their criteria, whether they are required, and the roles that record them. */
function drawActivities({ words, width, heading, table }: DossierPage, dossier: Dossier) {
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
}

/** The results counted per activity, as a table and as a chart. */
function drawSummary({ doc, words, fmt, width, ensure, heading, table }: DossierPage, dossier: Dossier) {
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
}

function drawLinkedElements({ doc, words, width, heading }: DossierPage, dossier: Dossier) {
  heading(words.elementsSection);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(TEXT_COLOR)
    .text(dossier.linkedCodes.join(', ') || '—', MARGIN, doc.y, { width });
}

/** Every result, a page of them at a time; answers how many were drawn. */
async function drawResults(
  page: DossierPage,
  db: Db,
  storage: Storage,
  dossier: Dossier,
  progress: (share: number) => Promise<void>,
) {
  const { doc, words } = page;
  page.heading(words.resultsSection);
  let drawn = 0;
  const total = dossier.byActivity.reduce((sum, c) => sum + c.ok + c.not_ok + c.na, 0);
  for await (const rows of resultPages(db, dossier.plan.id)) {
    const documents = await repo.listResultDocuments(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      drawResult(page, row);
      const photos = documents
        .filter((d) => d.ppi_result_id === row.id && d.is_photo === 1)
        .slice(0, PHOTOS_PER_RESULT);
      await drawPhotos(page, storage, photos);
      doc.moveDown(0.5);
      drawn++;
    }
    await progress(total ? drawn / total : 1);
  }
  if (drawn === 0) doc.font('Helvetica').fontSize(10).text(words.noResults, MARGIN, doc.y);
  return drawn;
}

/** One result: element, activity and result in bold, then who, when, observations and equipment, beside a bar of the result's colour. */
function drawResult({ doc, words, fmt, width, ensure }: DossierPage, row: DossierResult) {
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
    .fillColor(TEXT_COLOR)
    .font('Helvetica-Bold')
    .text(title, MARGIN + 10, y + 2, { width: width - 12 });
  if (body) doc.font('Helvetica').text(body, MARGIN + 10, doc.y, { width: width - 12 });
  doc.x = MARGIN;
}

/** A result's photos side by side, the row as tall as its tallest photo; unreadable ones are left out. */
async function drawPhotos({ doc, ensure }: DossierPage, storage: Storage, photos: { storage_key: string }[]) {
  if (!photos.length) return;
  const images = (await Promise.all(photos.map((p) => imageForPdf(storage, p.storage_key, PHOTO_WIDTH)))).filter(
    (b) => b !== null,
  ) as Buffer[];
  if (!images.length) return;
  // The row is as tall as its tallest photo (a landscape photo left a square's gap under it).
  const rowHeight = Math.max(...(await Promise.all(images.map((image) => heightAtWidth(image, PHOTO_WIDTH)))));
  ensure(rowHeight + 10);
  const top = doc.y + 4;
  let x = MARGIN + 10;
  for (const image of images) {
    doc.image(image, x, top, { fit: [PHOTO_WIDTH, PHOTO_WIDTH] });
    x += PHOTO_WIDTH + 8;
  }
  doc.y = top + rowHeight + 4;
}

/** "PPI-1 · Page 2 of 9" at the foot of every page, once every page exists. */
function drawPageNumbers({ doc, words, width }: DossierPage, code: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#868e96')
      .text(`${code} · ${fill(words.page, { page: i + 1, pages: range.count })}`, MARGIN, doc.page.height - MARGIN + 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = marginBottom;
  }
}
