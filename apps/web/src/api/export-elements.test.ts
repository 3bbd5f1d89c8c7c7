import { describe, expect, it } from 'vitest';
import { ElementExportQuery } from '@heliotrack/domain/reports';
import { EMPTY_FILTERS } from './get-elements';
import { elementExportParams } from './export-elements';

function asQueryString(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = String(value);
  return out;
}

describe('elements to download', () => {
  it('send the list’s type, filters and order, without paging, as the export endpoint reads them', () => {
    const params = elementExportParams({
      plantId: 1,
      typeCode: 'MOD',
      filters: {
        ...EMPTY_FILTERS,
        code: ' MOD-0001 ',
        states: [3, 4],
        serialFlags: ['is_serial_duplicated'],
      },
      ordering: '-code',
      format: 'csv',
    });
    expect(params).not.toHaveProperty('page');
    expect(params).not.toHaveProperty('page_size');
    expect(ElementExportQuery.parse(asQueryString(params))).toMatchObject({
      format: 'csv',
      type: 'MOD',
      ordering: '-code',
      code: 'MOD-0001',
      state: [3, 4],
      is_serial_duplicated: true,
    });
  });
});
