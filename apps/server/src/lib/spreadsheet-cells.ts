import type ExcelJS from 'exceljs';

/*
 * Spreadsheets read a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (CSV injection). Names of states, contractors and plants are free text that reaches exports, so
 * such a cell gets a leading apostrophe, as OWASP advises; the spreadsheet shows the text unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Every text cell of a workbook built in memory (reports), after its rows are added. */
export function neutraliseWorkbook(workbook: ExcelJS.Workbook) {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') cell.value = neutraliseFormula(cell.value);
      }),
    ),
  );
}
