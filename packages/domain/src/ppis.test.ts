import { describe, expect, it } from 'vitest';
import { ActivityInput, LinkElementsRequest, PpiInput, readActivitySheet } from './ppis';

describe('reading a template sheet', () => {
  it('reads one activity a row under a Spanish header, in the header’s column order', () => {
    const sheet = readActivitySheet([
      ['Roles', 'Actividad', 'Criterio de aceptación', 'Obligatoria'],
      ['CA', 'Par de apriete', '60 Nm ± 5 %', 'Sí'],
      ['ca, jo', 'Polaridad', '', 'no'],
      ['', '', '', ''],
      ['TC;CA', 'Limpieza', 'Sin restos', ''],
    ]);
    expect(sheet.errors).toEqual([]);
    expect(sheet.total).toBe(3);
    expect(sheet.activities).toEqual([
      { row: 2, name: 'Par de apriete', criteria: '60 Nm ± 5 %', is_required: true, roles: ['CA'] },
      { row: 3, name: 'Polaridad', criteria: '', is_required: false, roles: ['CA', 'JO'] },
      { row: 5, name: 'Limpieza', criteria: 'Sin restos', is_required: true, roles: ['TC', 'CA'] },
    ]);
  });

  it('takes name, criteria, required and roles in that order without a header', () => {
    const sheet = readActivitySheet([['Torque', 'ok', 'yes', 'CA']]);
    expect(sheet.activities).toEqual([{ row: 1, name: 'Torque', criteria: 'ok', is_required: true, roles: ['CA'] }]);
  });

  it('names the row and the column of every error', () => {
    const sheet = readActivitySheet([
      ['name', 'criteria', 'required', 'roles'],
      ['', 'x', 'yes', 'CA'],
      ['Torque', 'x', 'maybe', 'CA'],
      ['Polarity', 'x', 'no', 'CA, ZZ'],
      ['Cleaning', 'x', 'no', ''],
    ]);
    expect(sheet.activities).toEqual([]);
    expect(sheet.errors.map((e) => [e.row, e.field, e.key])).toEqual([
      [2, 'name', 'ppis.import.nameRequired'],
      [3, 'required', 'ppis.import.invalidRequired'],
      [4, 'roles', 'ppis.import.unknownRoles'],
      [5, 'roles', 'ppis.import.rolesRequired'],
    ]);
    expect(sheet.errors[2].params).toMatchObject({ roles: 'ZZ' });
  });

  it('refuses an empty sheet and a header without the name or roles column', () => {
    expect(readActivitySheet([]).errors.map((e) => e.key)).toEqual(['ppis.import.empty']);
    expect(readActivitySheet([['nombre', 'criterio']]).errors).toEqual([
      { row: 1, field: 'file', key: 'ppis.import.missingColumns', params: { columns: 'roles' } },
    ]);
  });
});

describe('PPI and template requests', () => {
  it('needs at least one role per activity, each once', () => {
    expect(ActivityInput.safeParse({ name: 'A', roles: [] }).success).toBe(false);
    expect(ActivityInput.safeParse({ name: 'A', roles: ['CA', 'CA'] }).success).toBe(false);
    expect(ActivityInput.parse({ name: ' A ', roles: ['CA'] })).toEqual({ name: 'A', criteria: '', is_required: true, roles: ['CA'] });
  });

  it('links each user to a plan once', () => {
    const users = [{ user: 3, role: 'CA' }, { user: 3, role: 'JO' }];
    expect(PpiInput.safeParse({ code: 'P', name: 'P', template: 1, users }).success).toBe(false);
  });

  it('takes exactly one selection to link', () => {
    expect(LinkElementsRequest.safeParse({ element_ids: [1] }).success).toBe(true);
    expect(LinkElementsRequest.safeParse({ filters: { code: 'B1' } }).success).toBe(true);
    expect(LinkElementsRequest.safeParse({}).success).toBe(false);
    expect(LinkElementsRequest.safeParse({ element_ids: [1], polygon: '0 0,1 0,1 1' }).success).toBe(false);
  });
});
