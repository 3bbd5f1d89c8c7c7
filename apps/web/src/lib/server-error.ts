import { createStore, useStore } from './create-store';

/** The specification's server-error entity; status 0 means the server could not be reached. */
export interface ServerError {
  status: number;
  statusText: string;
}

const store = createStore<ServerError | null>(null);

/** Setting it opens the persistent server-error dialog; clearing it closes the dialog. */
export function setServerError(error: ServerError): void {
  store.set(error);
}

export function clearServerError(): void {
  store.set(null);
}

export function getServerError(): ServerError | null {
  return store.get();
}

export function useServerError(): ServerError | null {
  return useStore(store);
}
