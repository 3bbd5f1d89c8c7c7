import { describe, expect, it } from 'vitest';
import { activityCountsOf, ppiResultOf, type PpiResultRow } from './ppi-result-dto';

const row: PpiResultRow = {
  id: 7,
  ppi_id: 3,
  activity_id: 11,
  element_id: 40,
  element_code: 'T-01',
  element_type: 'tracker',
  result: 'not_ok',
  observations: 'Par flojo',
  equipment_id: 5,
  equipment_name: 'Llave',
  equipment_certificate: 'C-9',
  equipment_calibration_date: '2026-01-01',
  equipment_expiry_date: '2027-01-01',
  result_date: '2026-03-02',
  user_id: 2,
  author_name: 'Ana',
  role: 'CA',
  observed_at: '2026-03-02T10:00:00.000Z',
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-02T10:00:01.000Z',
};

describe('a PPI result in the API shape', () => {
  it('nests the activity, element, equipment and author, and keeps the documents and editable given', () => {
    const photo = { id: 9, name: 'a.jpg', size: 10, content_type: 'image/jpeg', url: '/api/documents/9/download/', is_photo: true };
    const dto = ppiResultOf(row, { position: 2, name: 'Par', roles: ['CA'] }, [photo], true);
    expect(dto).toEqual({
      id: 7,
      ppi: 3,
      activity: { id: 11, position: 2, name: 'Par', roles: ['CA'] },
      element: { id: 40, code: 'T-01', type: 'tracker' },
      result: 'not_ok',
      observations: 'Par flojo',
      equipment: { id: 5, name: 'Llave', certificate_number: 'C-9', calibration_date: '2026-01-01', expiry_date: '2027-01-01' },
      result_date: '2026-03-02',
      author: { id: 2, name: 'Ana' },
      role: 'CA',
      documents: [photo],
      editable: true,
      observed_at: row.observed_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  });

  it('answers blanks for missing names, and null equipment and author when the row has none', () => {
    const dto = ppiResultOf(
      { ...row, element_code: null, element_type: null, equipment_id: null, user_id: null, author_name: null },
      undefined,
      [],
      false,
    );
    expect(dto.activity).toEqual({ id: 11, position: 0, name: '', roles: [] });
    expect(dto.element).toEqual({ id: 40, code: '', type: '' });
    expect(dto.equipment).toBeNull();
    expect(dto.author).toBeNull();
    expect(dto.editable).toBe(false);
  });
});

describe("an activity's counts over the linked elements", () => {
  it('counts each result of the activity and leaves the rest of the linked elements pending', () => {
    const activities = [
      { id: 1, position: 1, name: 'Par', roles: ['CA'], is_required: true },
      { id: 2, position: 2, name: 'Limpieza', roles: ['TC'], is_required: false },
    ];
    const rows = [
      { activity_id: 1, result: 'ok', n: 3 },
      { activity_id: 1, result: 'not_ok', n: 1 },
      { activity_id: 2, result: 'na', n: 2 },
      { activity_id: 9, result: 'ok', n: 5 },
    ];
    expect(activityCountsOf(activities, rows, 5)).toEqual([
      { activity: activities[0], ok: 3, not_ok: 1, na: 0, pending: 1, expected: 5 },
      { activity: activities[1], ok: 0, not_ok: 0, na: 2, pending: 3, expected: 5 },
    ]);
  });
});
