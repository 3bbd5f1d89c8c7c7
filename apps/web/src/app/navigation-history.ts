/**
 * The last path the app showed (pathname + search). The guard sends a user without permission back
 * to it (specification section 6). Kept in session storage too, so that typing a refused address in
 * the address bar (a full page load) also leaves the user where they were; null before any page.
 */
const KEY = 'previous_path';
let previousPath: string | null = null;

export function getPreviousPath(): string | null {
  return previousPath ?? sessionStorage.getItem(KEY);
}

export function setPreviousPath(path: string | null): void {
  previousPath = path;
  if (path === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, path);
}
