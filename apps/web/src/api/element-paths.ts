import type { ElementType } from '@heliotrack/domain/catalogues';
import type { QueryValue } from '../lib/http-client';

/**
 * Where the elements of a type live in the API (DESIGN section 12): the seven standard types under
 * their plural (`plants/{id}/hincas/`…), every other type under `extra-elements/` with its id in
 * `element_type`. Shared by the element calls of this folder; not a call itself.
 */
export type ElementTypeRef = Pick<ElementType, 'id' | 'code' | 'path'>;

function base(plantId: number, type: ElementTypeRef): string {
  return `plants/${plantId}/${type.path ?? 'extra-elements'}/`;
}

/** The `element_type` query parameter extra types need; nothing for standard ones. */
export function typeQuery(type: ElementTypeRef): Record<string, QueryValue> {
  return type.path ? {} : { element_type: type.id };
}

export function elementsPath(plantId: number, type: ElementTypeRef): string {
  return base(plantId, type);
}

export function elementPath(plantId: number, type: ElementTypeRef, elementId: number): string {
  return `${base(plantId, type)}${elementId}/`;
}

export function stateChangePath(plantId: number, type: ElementTypeRef, elementId: number): string {
  return `${elementPath(plantId, type, elementId)}state-change/`;
}

export function massiveStateChangePath(plantId: number, type: ElementTypeRef): string {
  return `${base(plantId, type)}massive-state-change/`;
}

export function byPolygonPath(plantId: number, type: ElementTypeRef): string {
  return `${base(plantId, type)}by-polygon`;
}

/** A stable cache key part for a type: its path, or `extra-<id>`. */
export function typeKey(type: ElementTypeRef): string {
  return type.path ?? `extra-${type.id}`;
}
