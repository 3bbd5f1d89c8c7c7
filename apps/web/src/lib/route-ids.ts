import { useParams } from 'react-router';

/**
 * An id of a page's address (`:plantId`, or a positive number of its query such as `?page=2`): a
 * positive integer, else null (the page says it is invalid). The one parser of ids in addresses:
 * loaders call it on their `params`, components use {@link useRouteId}.
 */
export function routeIdOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id in the current route's parameter `name` (`useRouteId('plantId')`), or null when it is not one. */
export function useRouteId(name: string): number | null {
  return routeIdOf(useParams()[name]);
}
