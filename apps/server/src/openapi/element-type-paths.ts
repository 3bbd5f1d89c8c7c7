import { STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import type { OpenAPIV3 } from 'openapi-types';

/*
 * The element routes take the type as a path segment, `plants/:id/:type/…`, beside static siblings
 * such as `plants/:id/rucs/:rucId/`. The server's router tries a static segment first, and `:type`
 * is one of a closed set: the seven standard plurals (`hincas`…`ctrs`) or `extra-elements`. A
 * template `{type}` would leave a client to guess which of two paths a URL means (OpenAPI calls
 * them ambiguous), so the document lists the concrete paths instead: one per type the server serves
 * there, and none where a static route of the same method answers for that type (GET
 * `plants/{id}/extra-elements/` is the extra-elements list, not the standard-type one).
 */

const TYPE_PARAM = '{type}';
export const ELEMENT_PATH_TYPES = [...STANDARD_ELEMENT_TYPES.map((t) => t.plural), 'extra-elements'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** `extra-elements` → `ExtraElements`; singular drops the plural's `s`: `ExtraElement`, `Hinca`. */
function pascal(segment: string) {
  return segment.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase());
}

/** `massiveStateChange{Types}` → `massiveStateChangeModules`; `getPlant{Type}` → `getPlantModule`. */
export function operationIdForType(template: string, type: string) {
  const plural = pascal(type);
  return template.replaceAll('{Types}', plural).replaceAll('{Type}', plural.replace(/s$/, ''));
}

/** Replaces every `{type}` path of the document by its concrete paths, in place. */
export function expandElementTypePaths(paths: OpenAPIV3.PathsObject) {
  const templates = Object.keys(paths).filter((path) => path.includes(`/${TYPE_PARAM}/`));
  const templateItems = templates.map((path) => [path, paths[path]!] as const);
  for (const path of templates) delete paths[path];

  for (const [template, item] of templateItems) {
    for (const type of ELEMENT_PATH_TYPES) {
      const path = template.replace(TYPE_PARAM, type);
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        // A static route of the same method is what the server answers with for this type.
        if (paths[path]?.[method]) continue;
        paths[path] = { ...paths[path], [method]: forType(operation, type) };
      }
    }
  }
}

function forType(operation: OpenAPIV3.OperationObject, type: string): OpenAPIV3.OperationObject {
  const copy = structuredClone(operation);
  if (copy.operationId) copy.operationId = operationIdForType(copy.operationId, type);
  copy.summary = `${copy.summary} (${type})`;
  copy.parameters = copy.parameters?.filter((p) => !('name' in p && p.in === 'path' && p.name === 'type'));
  if (!copy.parameters?.length) delete copy.parameters;
  return copy;
}
