import type { ReactNode } from 'react';
import { createStore, useStore } from './create-store';

/**
 * The shared confirmation / alert dialog of the specification: a title (the attention heading by
 * default), a message (text or React nodes: no raw HTML, so nothing reaches the page unescaped), an accept button ('Aceptar' by default) and a close or
 * cancel button. Callable from anywhere, React or not: `await confirm({...})` resolves true on accept.
 * components/dialogs/ConfirmDialog.tsx renders the open ones.
 */
export interface DialogOptions {
  /** Defaults to the attention heading ('Atención'). */
  title?: ReactNode;
  message?: ReactNode;
  /** Defaults to 'Aceptar'. */
  acceptLabel?: ReactNode;
  /** Defaults to 'Cancelar'; alerts have none. */
  cancelLabel?: ReactNode;
  /** Mantine colour of the accept button, e.g. 'red' for destructive actions. */
  acceptColor?: string;
}

export interface OpenDialog extends DialogOptions {
  id: number;
  kind: 'confirm' | 'alert';
  resolve(accepted: boolean): void;
}

const store = createStore<OpenDialog[]>([]);
let nextId = 1;

function open(kind: OpenDialog['kind'], options: DialogOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const dialog: OpenDialog = {
      ...options,
      id,
      kind,
      resolve: (accepted) => {
        store.set((dialogs) => dialogs.filter((d) => d.id !== id));
        resolve(accepted);
      },
    };
    store.set((dialogs) => [...dialogs, dialog]);
  });
}

/** Accept → true; cancel, close icon or Escape → false. */
export function confirm(options: DialogOptions): Promise<boolean> {
  return open('confirm', options);
}

/** A dialog with only the accept button; resolves when it is dismissed. */
export async function alert(options: DialogOptions): Promise<void> {
  await open('alert', options);
}

export function getOpenDialogs(): OpenDialog[] {
  return store.get();
}

export function closeAllDialogs(): void {
  for (const dialog of store.get()) dialog.resolve(false);
}

export function useOpenDialogs(): OpenDialog[] {
  return useStore(store);
}
