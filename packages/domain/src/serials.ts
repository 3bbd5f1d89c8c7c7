import { z } from 'zod';
import { DEFAULT_SCAN_CODE_LENGTH } from './constants';
import type { ApiMessageKey } from './i18n/translate';
import { PageQuery } from './pagination';

/*
 * Serial scanning (issue 19): installers record each module's serial in the order the modules sit
 * along a row. The server computes three flags on every write and the device computes the same ones
 * on the spot, offline too, with `serialFlags` (the device's flags are advisory: the server's win).
 * The plant's list of delivered serials (the modules' delivery notes) decides "unregistered".
 */

/** `elements.serial` is varchar(100). */
export const SERIAL_MAX_LENGTH = 100;
/** The longest code length a scan plan may ask for: a serial longer than the column cannot be stored. */
export const MAX_CODE_LENGTH_MAX = SERIAL_MAX_LENGTH;
/** Serials in one `serial-scan/` request: a scan plan is one row of trackers, hundreds of modules. */
export const SERIAL_SCAN_MAX_ITEMS = 5000;
/** A delivered-serial sheet: 500,000 serials of the 250 MWp reference plant as CSV take about 8 MB. */
export const DELIVERED_SERIALS_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const DELIVERED_SERIALS_IMPORT_ACCEPT = '.xlsx,.csv,.txt';

export interface SerialFlags {
  is_serial_invalid_length: boolean;
  is_serial_duplicated: boolean;
  is_serial_unregistered: boolean;
}

export const NO_SERIAL_FLAGS: SerialFlags = {
  is_serial_invalid_length: false,
  is_serial_duplicated: false,
  is_serial_unregistered: false,
};

/**
 * A serial as it is stored and compared: without the spaces, tabs and line ends that scanners
 * acting as keyboards send around a read. Case is kept: serials are compared exactly.
 */
export function normaliseSerial(text: string): string {
  return text.trim();
}

/** Characters of a serial as a person counts them (code points, not UTF-16 units). */
export function serialLength(serial: string): number {
  return [...serial].length;
}

export interface SerialFlagContext {
  /** The scan plan's code length (specification: default 14). */
  maxCodeLength?: number;
  /** Whether another element of the same plant holds the same serial. */
  heldByAnotherElement: boolean;
  /**
   * The plant's delivered serials, or null when the plant has no list at all: then no serial is
   * unregistered (a plant that keeps no delivery notes would otherwise flag every module).
   */
  delivered: { has(serial: string): boolean } | null;
}

/**
 * The three flags of a serial (specification section 5), the same rule on the server and on the
 * device. An empty serial (none read yet, or cleared) has no flag.
 * - invalid length: the serial's length differs from the plan's code length;
 * - duplicated: another element of the plant holds the same serial (both are flagged);
 * - unregistered: the plant has a delivered-serial list and the serial is not in it.
 */
export function serialFlags(serial: string, context: SerialFlagContext): SerialFlags {
  const value = normaliseSerial(serial);
  if (value === '') return { ...NO_SERIAL_FLAGS };
  return {
    is_serial_invalid_length: serialLength(value) !== (context.maxCodeLength ?? DEFAULT_SCAN_CODE_LENGTH),
    is_serial_duplicated: context.heldByAnotherElement,
    is_serial_unregistered: context.delivered !== null && !context.delivered.has(value),
  };
}

// ---------------------------------------------------------------------------------------------
// POST plants/{id}/serial-scan/
// ---------------------------------------------------------------------------------------------

export const SerialScanItem = z.strictObject({
  element_id: z.number().int().positive(),
  /** Trimmed; an empty serial clears the element's serial and flags. */
  serial: z.string().trim().max(SERIAL_MAX_LENGTH),
});
export type SerialScanItem = z.infer<typeof SerialScanItem>;

/**
 * The serials of one scan plan in order, or one element's serial edited by hand (a list of one).
 * `client_uuid` makes a resend (offline sync, a retry) answer the first answer and change nothing.
 */
export const SerialScanRequest = z.strictObject({
  client_uuid: z.uuid(),
  max_code_length: z.number().int().min(1).max(MAX_CODE_LENGTH_MAX).default(DEFAULT_SCAN_CODE_LENGTH),
  serials: z
    .array(SerialScanItem)
    .min(1)
    .max(SERIAL_SCAN_MAX_ITEMS)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.element_id))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'element_id'],
            message: 'serials.repeatedElement' satisfies ApiMessageKey,
          });
        seen.add(item.element_id);
      });
    }),
});
export type SerialScanRequest = z.infer<typeof SerialScanRequest>;
export type SerialScanRequestInput = z.input<typeof SerialScanRequest>;

export const SerialScanElement = z.object({
  id: z.number().int(),
  serial: z.string(),
  is_serial_invalid_length: z.boolean(),
  is_serial_duplicated: z.boolean(),
  is_serial_unregistered: z.boolean(),
});
export type SerialScanElement = z.infer<typeof SerialScanElement>;

export const SerialScanResult = z.object({
  /**
   * The request's elements in request order, then every other element of the plant whose
   * "duplicated" flag the write changed (it now shares a serial, or no longer does).
   */
  elements: z.array(SerialScanElement),
  /** The plant's elements_version after the write (the sync cursor that includes it). */
  elements_version: z.number().int(),
});
export type SerialScanResult = z.infer<typeof SerialScanResult>;

// ---------------------------------------------------------------------------------------------
// The plant's delivered serials
// ---------------------------------------------------------------------------------------------

export const DeliveredSerial = z.object({ id: z.number().int(), serial: z.string(), created_at: z.string() });
export type DeliveredSerial = z.infer<typeof DeliveredSerial>;

/** `GET plants/{id}/delivered-serials/?page&page_size&search`: search matches anywhere, ignoring case. */
export const DeliveredSerialListQuery = PageQuery.extend({
  search: z.string().trim().max(SERIAL_MAX_LENGTH).optional(),
});
export type DeliveredSerialListQuery = z.infer<typeof DeliveredSerialListQuery>;

/** `GET plants/{id}/delivered-serials/all/`: every serial, for devices to check "unregistered" offline. */
export const DeliveredSerialsAll = z.object({ count: z.number().int(), serials: z.array(z.string()) });
export type DeliveredSerialsAll = z.infer<typeof DeliveredSerialsAll>;

export const DeliveredSerialsImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** Serials a preview shows. */
export const DELIVERED_SERIALS_SAMPLE = 20;

export const DeliveredSerialsImportResult = z.object({
  dry_run: z.boolean(),
  /** Rows of the sheet holding a serial (blank rows and the header left out). */
  total: z.number().int(),
  /** Serials that are (or would be) added to the list. */
  added: z.number().int(),
  /** Serials already in the plant's list: kept as they are. */
  already_listed: z.number().int(),
  /** Rows repeating a serial of an earlier row of the same sheet. */
  repeated: z.number().int(),
  /** The first serials to add, in sheet order. */
  sample: z.array(z.string()),
  /** The first errors, row by row (the sheet's row numbers, from 1). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  error_count: z.number().int(),
  /** Serials in the plant's list after the import (for a preview: now). */
  list_count: z.number().int(),
});
export type DeliveredSerialsImportResult = z.infer<typeof DeliveredSerialsImportResult>;

export interface SerialSheetError {
  row: number;
  key: ApiMessageKey;
  params?: Record<string, string | number>;
}

export interface SerialSheet {
  /** Serials in sheet order, first occurrence only, with their row. */
  serials: { row: number; serial: string }[];
  /** Rows repeating an earlier serial of the sheet. */
  repeated: number;
  errors: SerialSheetError[];
  /** Rows holding a serial. */
  total: number;
}

/** Header names of the serial column (compared without case, accents or punctuation). */
const HEADER_NAMES = [
  'serial',
  'serials',
  'serial number',
  'serial no',
  'sn',
  's n',
  'numero de serie',
  'n de serie',
  'no de serie',
  'num serie',
  'serie',
  'numero di serie',
  'n di serie',
  'matricola',
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[º°ª.:/_#-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Reads a delivered-serial sheet (a delivery note exported to xlsx or CSV): one serial a row. When a
 * cell of the first non-blank row names the serial column (es, en or it) that row is the header and
 * the serials are read from that column; otherwise from the first column of every row. Blank rows
 * are skipped; a serial repeated in the sheet counts once.
 */
export function readDeliveredSerialSheet(rows: readonly (readonly string[])[]): SerialSheet {
  const sheet: SerialSheet = { serials: [], repeated: 0, errors: [], total: 0 };
  const first = rows.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (first === -1) {
    sheet.errors.push({ row: 1, key: 'serials.import.empty' });
    return sheet;
  }
  const headerColumn = rows[first].findIndex((cell) => HEADER_NAMES.includes(fold(cell)));
  const column = Math.max(headerColumn, 0);
  const seen = new Set<string>();
  for (let i = headerColumn >= 0 ? first + 1 : first; i < rows.length; i++) {
    const serial = normaliseSerial(rows[i][column] ?? '');
    if (serial === '') continue;
    sheet.total++;
    const row = i + 1;
    if (serial.length > SERIAL_MAX_LENGTH)
      sheet.errors.push({ row, key: 'serials.import.tooLong', params: { max: SERIAL_MAX_LENGTH } });
    else if (seen.has(serial)) sheet.repeated++;
    else {
      seen.add(serial);
      sheet.serials.push({ row, serial });
    }
  }
  if (sheet.total === 0) sheet.errors.push({ row: first + 1, key: 'serials.import.empty' });
  return sheet;
}
