/** An id of a page's address (`:plantId`): a positive integer, else null (the page says it is invalid). */
export function routeIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
