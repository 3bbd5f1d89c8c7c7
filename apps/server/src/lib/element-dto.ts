import type { Element } from '@heliotrack/domain/elements';
import type { Selectable } from 'kysely';
import { fromFlag } from '../db/dialect';
import type { ElementsTable } from '../db/schema';

/** The list fields of an element, equal to the local `element` table (offline downloads reuse them). */
export type ElementFieldsRow = Pick<
  Selectable<ElementsTable>,
  | 'id'
  | 'code'
  | 'description'
  | 'geom'
  | 'last_state_change_contractor_id'
  | 'state_id'
  | 'type_id'
  | 'updated_at'
  | 'serial'
  | 'is_serial_invalid_length'
  | 'is_serial_duplicated'
  | 'is_serial_unregistered'
>;

export function toElementDto(row: ElementFieldsRow): Element {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    geom: row.geom,
    last_state_change_contractor_id: row.last_state_change_contractor_id,
    state_id: row.state_id,
    type_id: row.type_id,
    updated_at: row.updated_at,
    serial: row.serial,
    is_serial_invalid_length: fromFlag(row.is_serial_invalid_length),
    is_serial_duplicated: fromFlag(row.is_serial_duplicated),
    is_serial_unregistered: fromFlag(row.is_serial_unregistered),
  };
}
