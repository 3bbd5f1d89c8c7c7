import { describe, expect, it } from 'vitest';
import { activityCounts, activityValues, parseRoles, toActivityDto } from '../src/lib/ppi-activities';

describe('PPI activities as the database keeps them', () => {
  it('writes activities numbered from 1 and reads them back as the API shows them', () => {
    const values = activityValues([
      { name: 'Par de apriete', roles: ['CA', 'TC'] },
      { name: 'Galvanizado', criteria: 'Sin daños', is_required: false, roles: [] },
    ]);
    expect(values).toEqual([
      { position: 1, name: 'Par de apriete', criteria: '', is_required: 1, roles: '["CA","TC"]' },
      { position: 2, name: 'Galvanizado', criteria: 'Sin daños', is_required: 0, roles: '[]' },
    ]);
    expect(values.map((v, i) => toActivityDto({ id: i + 10, ...v }))).toEqual([
      { id: 10, position: 1, name: 'Par de apriete', criteria: '', is_required: true, roles: ['CA', 'TC'] },
      { id: 11, position: 2, name: 'Galvanizado', criteria: 'Sin daños', is_required: false, roles: [] },
    ]);
  });

  it('reads a roles column that is not a JSON list as no role', () => {
    expect(parseRoles('["CA"]')).toEqual(['CA']);
    expect(parseRoles('CA')).toEqual([]);
    expect(parseRoles('{"CA":1}')).toEqual([]);
  });

  it('counts each activity over the linked elements, what has no result pending', () => {
    const [counts] = activityCounts(
      [{ id: 5, position: 1, name: 'Par', criteria: '', is_required: 1, roles: '["CA"]' }],
      [
        { activity_id: 5, result: 'ok', n: 3 },
        { activity_id: 5, result: 'not_ok', n: 1 },
        { activity_id: 6, result: 'ok', n: 9 },
      ],
      10,
    );
    expect(counts).toMatchObject({ ok: 3, not_ok: 1, na: 0, pending: 6, expected: 10 });
    expect(counts.activity).toEqual({ id: 5, position: 1, name: 'Par', roles: ['CA'], is_required: true });
  });
});
