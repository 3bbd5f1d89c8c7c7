/**
 * The last path the app showed (pathname + search). The guard sends a user without permission back
 * to it (specification section 6); null until the first page has been shown.
 */
let previousPath: string | null = null;

export function getPreviousPath(): string | null {
  return previousPath;
}

export function setPreviousPath(path: string | null): void {
  previousPath = path;
}
