import type { ElementType } from '@heliotrack/domain/catalogues';
import { elementTypeByPlural } from '@heliotrack/domain/element-types';
import { idParam, notFound, store } from './local';

/**
 * The plant (404 when it is not on this device) and the element type a path names, as the server
 * resolves it: a plural is its standard type; extra-elements takes the type of `element_type`
 * (already validated by the caller's schema) and refuses a standard one.
 */
export async function resolvePlantType(
  plantIdText: string,
  segment: string,
  extraTypeId?: number,
): Promise<{ plantId: number; type: ElementType }> {
  const plantId = idParam(plantIdText);
  const local = await store();
  const [plant, types] = await Promise.all([local.call('getPlant', plantId), local.call('listElementTypes')]);
  if (!plant) throw notFound();
  const standard = elementTypeByPlural(segment.toLowerCase());
  const type = standard
    ? types.find((t) => t.code === standard.code)
    : types.find((t) => t.id === extraTypeId && t.path === null);
  if (!type) throw notFound();
  return { plantId, type };
}
