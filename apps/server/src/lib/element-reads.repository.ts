import type { Db } from '../db/database';
import { queryTemplate } from '../db/query-template';

/*
 * An element as the modules that record on it find it (state changes, documents, flash reports):
 * here, not in the elements module, because a module does not import another (issue 30).
 */

/** Where an element lives: its plant (for the access check) and type. */
export async function findElementById(db: Db, elementId: number) {
  return (await elementById(db, { elementId })).rows[0];
}

const elementById = queryTemplate({ elementId: 0 }, (db, { elementId }) =>
  db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .select(['elements.id', 'elements.plant_id', 'elements.type_id', 'elements.state_id', 'element_types.code as type_code'])
    .where('elements.id', '=', elementId),
);
