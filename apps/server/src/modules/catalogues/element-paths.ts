import type { Selectable } from 'kysely';
import { elementTypeByCode, elementTypeByPlural } from '@heliotrack/domain/element-types';
import type { Db } from '../../db/database';
import type { ElementTypesTable } from '../../db/schema';
import { detailError, fieldError } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { findElementTypeInClient } from './catalogues.repository';

/*
 * The element type an element path names (`plants/{id}/{type}/…`): the element lists and the state
 * changes read it the same way, so it lives with the catalogue of element types.
 */

/** The path segment of the element types that are not one of the seven standard ones. */
export const EXTRA_ELEMENTS = 'extra-elements';

export type ElementTypeRow = Selectable<ElementTypesTable>;

/**
 * What the `{type}` segment of an element path names: one of the seven standard types by its
 * plural (`modules`), or `extra-elements`, whose type comes from the query, the body or the element.
 * Anything else, or a standard type the organisation lacks, is a 404 naming the segment.
 */
export type PathType = { kind: 'standard'; type: ElementTypeRow } | { kind: 'extra' };

export async function requirePathType(db: Db, user: CurrentUser, segment: string): Promise<PathType> {
  if (segment === EXTRA_ELEMENTS) return { kind: 'extra' };
  const standard = elementTypeByPlural(segment);
  const type = standard && (await findElementTypeInClient(db, user.clientId, { code: standard.code }));
  if (!type) throw detailError(404, 'elements.unknownType', 'not_found', { type: segment.slice(0, 50) });
  return { kind: 'standard', type };
}

/** An extra type named by id in a query or body `field`: it must be the organisation's and not a standard one. */
export async function requireExtraType(db: Db, user: CurrentUser, typeId: number, field: string) {
  const type = await findElementTypeInClient(db, user.clientId, { id: typeId });
  if (!type) throw fieldError(field, 'elements.unknownElementType', { id: typeId });
  const standard = elementTypeByCode(type.code);
  if (standard) throw fieldError(field, 'elements.standardTypeHasPath', { code: type.code, path: standard.plural });
  return type;
}

export const isExtraType = (type: { code: string }) => !elementTypeByCode(type.code);

/** Whether an element belongs under a path's type: its own standard type, or any extra type under extra-elements/. */
export function matchesPath(path: PathType, element: { type_id: number; type_code: string }) {
  return path.kind === 'standard' ? element.type_id === path.type.id : isExtraType({ code: element.type_code });
}
