import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazyPackage } from './lazy-package';

const exceljs = lazyPackage<typeof ExcelJS>('exceljs');

/*
 * The cells of an imported sheet (a PPI template, a delivered-serial list) as text, row by row: row i
 * of the answer is the sheet's row i + 1, so errors name the row a spreadsheet shows. The domain
 * reads the rows (readActivitySheet, readDeliveredSerialSheet).
 */

/** Columns read per row: a template's name, criteria, required, roles in any order, and a few spare. */
const MAX_COLUMNS = 12;

/** The first worksheet of an xlsx file. */
export async function readXlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new (exceljs().Workbook)();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(MAX_COLUMNS, Math.max(row.cellCount, 1)); c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  }
  return rows;
}

/**
 * A CSV file in UTF-8 (a BOM is dropped). Spreadsheets in Spanish and Italian separate with ';',
 * English ones with ',': the separator is the one the first line uses most.
 */
export async function readCsvRows(bytes: Buffer): Promise<string[][]> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  const delimiter = count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
  const workbook = new (exceljs().Workbook)();
  const sheet = await workbook.csv.read(Readable.from([text]), {
    // Every cell stays text: "1" for required must not become a number, nor a date.
    map: (value: unknown) => value,
    parserOptions: { delimiter },
  });
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(MAX_COLUMNS, Math.max(row.cellCount, 1)); c++) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  }
  return rows;
}
