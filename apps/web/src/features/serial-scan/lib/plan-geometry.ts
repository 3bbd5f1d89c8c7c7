import { elementsAlongPolyline, type Polyline, type Position } from '@heliotrack/domain/geometry';
import type { Element } from '@heliotrack/domain/elements';

/*
 * From a drawn polyline to a scan plan's rows: the candidates come from the plant's by-polygon
 * call over the polyline's box (grown so that a module the line crosses at the box's edge is still
 * wholly inside), and `elementsAlongPolyline` keeps the ones the line crosses, in walking order.
 */

/** How much the box grows on each side: a tenth of its longer side, at least ~10 m in degrees. */
const MIN_MARGIN = 0.0001;

/** The ring (closed) of the polyline's box grown by its margin, for `by-polygon`. */
export function searchRing(polyline: Polyline): Position[] {
  const xs = polyline.map((p) => p[0]);
  const ys = polyline.map((p) => p[1]);
  const [minX, minY, maxX, maxY] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const margin = Math.max((Math.max(maxX - minX, maxY - minY) || 0) / 10, MIN_MARGIN);
  return [
    [minX - margin, minY - margin],
    [maxX + margin, minY - margin],
    [maxX + margin, maxY + margin],
    [minX - margin, maxY + margin],
    [minX - margin, minY - margin],
  ];
}

export interface PlanRow {
  id: number;
  code: string;
  description: string;
  geom: string;
  last_state_change_contractor_id: number | null;
  state_id: number | null;
  type_id: number;
  updated_at: string;
  serial: string;
  list_index: number;
  is_serial_invalid_length: boolean;
  is_serial_duplicated: boolean;
  is_serial_unregistered: boolean;
}

/** The crossed elements in the order along the line, numbered from 0 (list_index). */
export function planRows(candidates: readonly Element[], polyline: Polyline): PlanRow[] {
  return elementsAlongPolyline(candidates, polyline).map((element, list_index) => ({
    id: element.id,
    code: element.code,
    description: element.description,
    geom: element.geom,
    last_state_change_contractor_id: element.last_state_change_contractor_id,
    state_id: element.state_id,
    type_id: element.type_id,
    updated_at: element.updated_at,
    serial: element.serial ?? '',
    list_index,
    is_serial_invalid_length: element.is_serial_invalid_length,
    is_serial_duplicated: element.is_serial_duplicated,
    is_serial_unregistered: element.is_serial_unregistered,
  }));
}
